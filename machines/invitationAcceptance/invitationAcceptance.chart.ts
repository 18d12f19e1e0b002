import type { InvitationPreview } from '@contract/team';
import { defineChart } from '../chart';
import { invitationAcceptanceMachine } from './invitationAcceptance.machine';

const pending = (hasAccount: boolean, email = 'ana@client.example'): InvitationPreview => ({
  status: 'pending',
  email,
  organizationName: 'Acme Media',
  role: 'client',
  invitedBy: 'Dana Demo',
  expiresAt: '2026-12-04T10:00:00.000Z',
  hasAccount,
});

export const invitationAcceptanceChart = defineChart({
  name: 'invitationAcceptance',
  title: 'Invitation: joining an organization from the e-mail’s link',
  machine: invitationAcceptanceMachine,
  description: invitationAcceptanceMachine.root.description ?? '',
  // Signed in as someone: the loaded previews decide (the invited address, another one, or signed out).
  input: { token: 'invitation-token', signedInEmail: 'pat@flightplan.test' },
  events: [
    { type: 'xstate.done.actor.loadPreview', output: pending(false) },
    { type: 'xstate.done.actor.loadPreview', output: pending(true) },
    { type: 'xstate.done.actor.loadPreview', output: pending(true, 'pat@flightplan.test') },
    { type: 'xstate.done.actor.loadPreview', output: { status: 'expired', organizationName: 'Acme Media' } },
    { type: 'xstate.error.actor.loadPreview', error: { status: 404, message: 'No such invitation' } },
    { type: 'xstate.error.actor.loadPreview', error: new TypeError('Failed to fetch') },
    { type: 'retry' },
    { type: 'session.signOut' },
    { type: 'xstate.done.actor.signOut', output: { success: true } },
    { type: 'xstate.error.actor.signOut', error: new TypeError('Failed to fetch') },
    { type: 'field.change', field: 'password', value: 'correct-horse' },
    { type: 'field.change', field: 'password', value: 'short' },
    { type: 'field.change', field: 'firstName', value: 'Ana' },
    { type: 'field.change', field: 'lastName', value: 'Lopez' },
    { type: 'form.submit' },
    { type: 'xstate.done.actor.signUp', output: { success: true } },
    {
      type: 'xstate.error.actor.signUp',
      error: {
        status: 400,
        message: 'Invalid request',
        validationErrors: { password: { message: 'Use at least 8 characters' } },
      },
    },
    { type: 'xstate.done.actor.signIn', output: { success: true } },
    {
      type: 'xstate.error.actor.signIn',
      error: { status: 401, message: 'Wrong e-mail address or password' },
    },
    { type: 'invitation.join' },
    { type: 'xstate.done.actor.accept', output: { organizationId: '00000000-0000-4000-8000-0000000000f1' } },
    {
      type: 'xstate.error.actor.accept',
      error: {
        status: 410,
        message: 'This invitation has expired. Ask whoever invited you to send a new one.',
        errorCode: 'INVITATION_EXPIRED',
      },
    },
  ],
});

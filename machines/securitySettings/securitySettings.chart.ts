import type { UserAuthenticator as Authenticator } from '@contract/provider';
import { defineChart } from '../chart';
import { securitySettingsMachine } from './securitySettings.machine';

const passkey: Authenticator = {
  userAuthenticatorId: '11111111-1111-4111-8111-111111111111',
  verificationMethod: 'PASSKEY',
  label: 'Passkey',
  createdAt: '2026-11-20T10:00:00.000Z',
  lastVerifiedAt: null,
  isVerified: true,
  credentialId: 'Y3JlZGVudGlhbA',
  authenticatorAttachment: 'platform',
};

export const securitySettingsChart = defineChart({
  name: 'securitySettings',
  title: 'Security settings',
  machine: securitySettingsMachine,
  description: securitySettingsMachine.root.description ?? '',
  input: { email: 'dana@example.com' },
  abstractContext: (context) => ({
    authenticators: context.authenticators.length,
    loadError: context.loadError !== null,
    notice: context.notice?.tone ?? null,
    removal: context.removal !== null,
    removeError: context.removeError !== null,
    enrolment: context.enrolment !== null,
  }),
  events: [
    { type: 'xstate.done.actor.loadAuthenticators', output: [passkey] },
    { type: 'xstate.done.actor.loadAuthenticators', output: [] },
    { type: 'xstate.error.actor.loadAuthenticators', error: new TypeError('Failed to fetch') },
    { type: 'retry' },
    { type: 'add.start' },
    // How the step-up before adding (stepUpConfirmation, invoked as authorizeAdding) ended.
    {
      type: 'xstate.done.actor.authorizeAdding',
      output: {
        status: 'sent',
        response: { token: 'enrol.token.sample', baseUrl: '/provider/v1', tenantId: 'flightplan-local' },
      },
    },
    {
      type: 'xstate.done.actor.authorizeAdding',
      output: { status: 'refused', error: { status: 401, message: 'Sign in to continue' } },
    },
    { type: 'xstate.done.actor.authorizeAdding', output: { status: 'cancelled' } },
    { type: 'xstate.done.actor.authorizeAdding', output: { status: 'expired' } },
    { type: 'add.cancel' },
    { type: 'xstate.done.actor.enrolAuthenticator', output: { method: 'AUTHENTICATOR_APP' } },
    { type: 'xstate.done.actor.refreshAuthenticators', output: [passkey] },
    {
      type: 'xstate.error.actor.refreshAuthenticators',
      error: { status: 401, message: 'Sign in to continue' },
    },
    { type: 'remove.request', id: passkey.userAuthenticatorId },
    { type: 'remove.request', id: 'someone-else' },
    { type: 'remove.confirm' },
    { type: 'remove.cancel' },
    // How the step-up confirmation (stepUpConfirmation, invoked as removeAuthenticator) ended.
    { type: 'xstate.done.actor.removeAuthenticator', output: { status: 'sent', response: undefined } },
    {
      type: 'xstate.done.actor.removeAuthenticator',
      output: { status: 'refused', error: { status: 409, message: 'Something changed; reload the page.' } },
    },
    {
      type: 'xstate.done.actor.removeAuthenticator',
      output: { status: 'refused', error: { status: 404, message: 'Authenticator not found' } },
    },
    { type: 'xstate.done.actor.removeAuthenticator', output: { status: 'cancelled' } },
    { type: 'xstate.done.actor.removeAuthenticator', output: { status: 'expired' } },
    { type: 'notice.dismiss' },
    // Recovery codes (issue 11): how their own chart (recoveryCodes) ended.
    { type: 'codes.start' },
    { type: 'xstate.done.actor.recoveryCodes', output: { status: 'saved' } },
    { type: 'xstate.done.actor.recoveryCodes', output: { status: 'cancelled' } },
    {
      type: 'xstate.done.actor.recoveryCodes',
      output: { status: 'refused', message: 'The confirmation took too long and expired. Try again.' },
    },
  ],
});

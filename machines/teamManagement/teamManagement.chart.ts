import { defineChart } from '../chart';
import { teamManagementMachine } from './teamManagement.machine';
import type { TeamData, TeamManagementContext } from './teamManagement.types';

const ACCOUNT = '00000000-0000-4000-8000-0000000000a1';
const team: TeamData = {
  members: [
    {
      userId: 'u-owner',
      email: 'demo@flightplan.test',
      firstName: 'Dana',
      lastName: 'Demo',
      role: 'owner',
      accountIds: null,
      lastActiveAt: '2026-11-27T10:00:00.000Z',
    },
    {
      userId: 'u-planner',
      email: 'pat@flightplan.test',
      firstName: 'Pat',
      lastName: 'Planner',
      role: 'planner',
      accountIds: [ACCOUNT],
      lastActiveAt: null,
    },
  ],
  invitations: [
    {
      id: 'inv-1',
      email: 'ana@client.example',
      role: 'client',
      accountIds: [ACCOUNT],
      expiresAt: '2026-12-04T10:00:00.000Z',
    },
  ],
  events: [
    {
      id: 'e-1',
      kind: 'member_invited',
      actor: 'Dana Demo',
      subjectEmail: 'ana@client.example',
      role: 'client',
      createdAt: '2026-11-27T10:00:00.000Z',
    },
  ],
  accounts: [{ id: ACCOUNT, name: 'Acme Retail' }],
};

/** The paths know the context up to what the guards and the screen depend on. */
const summarize = (context: TeamManagementContext) => ({
  team: context.team === null ? null : context.team.members.length,
  loadError: context.loadError !== null,
  loadRefused: context.loadRefused,
  notice: context.notice?.tone ?? null,
  target: context.target === null ? null : context.target.kind,
  form: context.form,
  fieldErrors: Object.keys(context.fieldErrors).sort(),
  formError: context.formError !== null,
});

export const teamManagementChart = defineChart({
  name: 'teamManagement',
  title: 'Team: members, invitations and their activity',
  machine: teamManagementMachine,
  description: teamManagementMachine.root.description ?? '',
  input: {
    organizationId: '00000000-0000-4000-8000-0000000000f1',
    canManage: true,
    manageRefusal: null,
    actorRole: 'owner',
  },
  abstractContext: summarize,
  selectContext: summarize,
  events: [
    { type: 'xstate.done.actor.loadTeam', output: team },
    { type: 'xstate.error.actor.loadTeam', error: new TypeError('Failed to fetch') },
    {
      type: 'xstate.error.actor.loadTeam',
      error: { status: 403, message: "Analysts can't see the team", errorCode: 'FORBIDDEN' },
    },
    { type: 'retry' },
    { type: 'invite.open' },
    { type: 'field.email', value: 'ana@client.example' },
    { type: 'field.email', value: 'not an address' },
    { type: 'field.role', role: 'client' },
    { type: 'field.role', role: 'admin' },
    { type: 'field.account', accountId: ACCOUNT, checked: true },
    { type: 'field.account', accountId: ACCOUNT, checked: false },
    { type: 'form.submit' },
    { type: 'dialog.cancel' },
    { type: 'dialog.confirm' },
    { type: 'notice.dismiss' },
    { type: 'xstate.done.actor.sendInvitation', output: { id: 'inv-2' } },
    {
      type: 'xstate.error.actor.sendInvitation',
      error: {
        status: 409,
        message: 'ana@client.example already has a pending invitation: send it again instead',
        validationErrors: {
          email: { message: 'ana@client.example already has a pending invitation: send it again instead' },
        },
      },
    },
    { type: 'xstate.error.actor.sendInvitation', error: new TypeError('Failed to fetch') },
    { type: 'member.edit', userId: 'u-planner' },
    { type: 'member.remove', userId: 'u-planner' },
    { type: 'invitation.resend', id: 'inv-1' },
    { type: 'invitation.withdraw', id: 'inv-1' },
    { type: 'xstate.done.actor.resendInvitation', output: { id: 'inv-1' } },
    {
      type: 'xstate.error.actor.resendInvitation',
      error: { status: 404, message: 'No such invitation' },
    },
    // How the step-up confirmation ended, for each risky request.
    ...(['saveMember', 'removeMember', 'revokeInvitation'] as const).flatMap((id) => [
      { type: `xstate.done.actor.${id}` as const, output: { status: 'sent', response: null } },
      {
        type: `xstate.done.actor.${id}` as const,
        output: {
          status: 'refused',
          error: {
            status: 409,
            message: 'The last owner cannot leave. Make someone else an owner first.',
            errorCode: 'LAST_OWNER',
          },
        },
      },
      { type: `xstate.done.actor.${id}` as const, output: { status: 'cancelled' } },
      { type: `xstate.done.actor.${id}` as const, output: { status: 'expired' } },
    ]),
    { type: 'xstate.done.actor.reloadTeam', output: team },
    {
      type: 'xstate.error.actor.reloadTeam',
      error: { status: 500, message: 'Sorry, something went wrong.' },
    },
  ],
});

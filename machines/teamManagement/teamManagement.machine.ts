import type { StepUpConfirmationInput, StepUpConfirmationOutput } from '../stepUpConfirmation';
import { invitationRequestOf, memberUpdateOf } from './teamManagement.rules';
import { EMPTY_FORM, teamManagementSetup } from './teamManagement.setup';
import type { TeamManagementContext, TeamRiskyRequest } from './teamManagement.types';

const outcome = ({ event }: { event: { output: StepUpConfirmationOutput } }) => ({ outcome: event.output });
const targetId = (context: TeamManagementContext) =>
  context.target?.kind === 'member' ? context.target.userId : (context.target?.id ?? '');

/** How a risky request (through the step-up) ended: done → reload; refused or expired → said; closed → back. */
const riskyDone = (back: string, success: string) => [
  {
    guard: { type: 'isSent' as const, params: outcome },
    target: 'reloading',
    actions: { type: 'announce' as const, params: { text: success } },
  },
  {
    guard: { type: 'isRefusedOrExpired' as const, params: outcome },
    target: back,
    actions: { type: 'showRefusal' as const, params: outcome },
  },
  { target: back },
];

export const teamManagementMachine = teamManagementSetup.createMachine({
  id: 'teamManagement',
  description:
    'The Team page (settings): the organization’s members, pending invitations and activity. Owners and ' +
    'admins invite people by e-mail, change a member’s role or accounts, remove members, and resend or ' +
    'withdraw invitations; changing, removing and withdrawing ask “Confirm it’s you” first. Others see the ' +
    'page with those buttons disabled and the reason.',
  context: ({ input }) => ({
    ...input,
    team: null,
    loadError: null,
    loadRefused: false,
    notice: null,
    target: null,
    form: EMPTY_FORM,
    fieldErrors: {},
    formError: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      description: 'Loading the members, pending invitations, activity and the organization’s accounts.',
      invoke: {
        id: 'loadTeam',
        src: 'loadTeam',
        input: ({ context }) => ({ organizationId: context.organizationId }),
        onDone: {
          target: 'ready',
          actions: { type: 'showTeam', params: ({ event }) => ({ team: event.output }) },
        },
        onError: {
          target: 'loadFailed',
          actions: { type: 'showLoadError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    loadFailed: {
      description:
        'The team could not be loaded: the reason, and “Try again” unless the role may not see the team ' +
        '(“Analysts can’t see the team”).',
      on: { retry: { guard: 'isRetryable', target: 'loading' } },
    },
    ready: {
      description:
        'The members (name, e-mail, role, accounts, last active), the pending invitations (role, expiry, ' +
        'Resend, Withdraw) and the activity. A notice says what the last action did.',
      on: {
        'invite.open': { guard: 'canManage', target: 'inviting', actions: 'openInvite' },
        'member.edit': { guard: 'canManage', target: 'editingMember', actions: 'openMember' },
        'member.remove': { guard: 'canManage', target: 'confirmingRemoval', actions: 'openMember' },
        'invitation.resend': { guard: 'canManage', target: 'resending', actions: 'chooseInvitation' },
        'invitation.withdraw': {
          guard: 'canManage',
          target: 'confirmingWithdrawal',
          actions: 'chooseInvitation',
        },
        'notice.dismiss': { guard: 'hasNotice', actions: 'dismissNotice' },
      },
    },
    inviting: {
      description:
        'The invite dialog: an e-mail address, a role (each with what it may do) and, for planners, analysts ' +
        'and clients, the accounts they may work in (none ticked: every account; a client must have some). ' +
        'Invite checks the values as the server will.',
      on: {
        'field.email': { actions: 'changeEmail' },
        'field.role': { actions: 'changeRole' },
        'field.account': { actions: 'toggleAccount' },
        'form.submit': [
          { guard: 'isInvitationValid', target: 'sendingInvitation' },
          { actions: 'showInvitationErrors' },
        ],
        'dialog.cancel': { target: 'ready', actions: 'forgetTarget' },
      },
    },
    sendingInvitation: {
      description: 'Sending the invitation: the e-mail with a link that works for seven days.',
      invoke: {
        id: 'sendInvitation',
        src: 'sendInvitation',
        input: ({ context }) => ({
          organizationId: context.organizationId,
          request: invitationRequestOf(context.form),
        }),
        onDone: { target: 'reloading', actions: 'announceInvitation' },
        onError: {
          target: 'inviting',
          actions: { type: 'showServerRefusal', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    editingMember: {
      description:
        'The change dialog of one member: their role and, below admin, their accounts. Only an owner makes ' +
        'or unmakes owners.',
      on: {
        'field.role': { actions: 'changeRole' },
        'field.account': { actions: 'toggleAccount' },
        'form.submit': [
          { guard: 'isMemberFormValid', target: 'savingMember', actions: 'clearFormError' },
          { actions: 'showMemberErrors' },
        ],
        'dialog.cancel': { target: 'ready', actions: 'forgetTarget' },
      },
    },
    savingMember: {
      description:
        'Saving the change. A risky action: the “Confirm it’s you” dialog opens over the change dialog ' +
        'first (stepUpConfirmation). Closed, the change dialog stays; refused or expired, it says why.',
      invoke: {
        id: 'saveMember',
        src: 'riskyRequest',
        input: ({ context }): StepUpConfirmationInput<TeamRiskyRequest> => ({
          request: {
            kind: 'changeMember',
            organizationId: context.organizationId,
            userId: targetId(context),
            update: memberUpdateOf(context.form),
          },
        }),
        onDone: riskyDone('editingMember', 'Saved the changes to {email}'),
      },
    },
    confirmingRemoval: {
      description: 'Remove asks first: the member loses access to the organization at their next request.',
      on: {
        'dialog.confirm': { target: 'removingMember', actions: 'clearFormError' },
        'dialog.cancel': { target: 'ready', actions: 'forgetTarget' },
      },
    },
    removingMember: {
      description: 'Removing the member, after “Confirm it’s you” (stepUpConfirmation).',
      invoke: {
        id: 'removeMember',
        src: 'riskyRequest',
        input: ({ context }): StepUpConfirmationInput<TeamRiskyRequest> => ({
          request: {
            kind: 'removeMember',
            organizationId: context.organizationId,
            userId: targetId(context),
          },
        }),
        onDone: riskyDone('confirmingRemoval', 'Removed {email}'),
      },
    },
    resending: {
      description: 'Sending the invitation again: a new link, seven more days (the old link stops working).',
      invoke: {
        id: 'resendInvitation',
        src: 'resendInvitation',
        input: ({ context }) => ({ organizationId: context.organizationId, id: targetId(context) }),
        onDone: {
          target: 'reloading',
          actions: { type: 'announce', params: { text: 'Sent the invitation to {email} again' } },
        },
        onError: {
          target: 'ready',
          actions: [
            { type: 'showNoticeError', params: ({ event }) => ({ error: event.error }) },
            'forgetTarget',
          ],
        },
      },
    },
    confirmingWithdrawal: {
      description: 'Withdraw asks first: the link stops working at once.',
      on: {
        'dialog.confirm': { target: 'withdrawingInvitation', actions: 'clearFormError' },
        'dialog.cancel': { target: 'ready', actions: 'forgetTarget' },
      },
    },
    withdrawingInvitation: {
      description: 'Withdrawing the invitation, after “Confirm it’s you” (stepUpConfirmation).',
      invoke: {
        id: 'revokeInvitation',
        src: 'riskyRequest',
        input: ({ context }): StepUpConfirmationInput<TeamRiskyRequest> => ({
          request: {
            kind: 'revokeInvitation',
            organizationId: context.organizationId,
            id: targetId(context),
          },
        }),
        onDone: riskyDone('confirmingWithdrawal', 'Withdrew the invitation to {email}'),
      },
    },
    reloading: {
      description: 'Done: the notice says what changed while the lists and the activity load again.',
      invoke: {
        id: 'reloadTeam',
        src: 'loadTeam',
        input: ({ context }) => ({ organizationId: context.organizationId }),
        onDone: {
          target: 'ready',
          actions: ['forgetTarget', { type: 'showTeam', params: ({ event }) => ({ team: event.output }) }],
        },
        onError: {
          target: 'loadFailed',
          actions: [
            'forgetTarget',
            { type: 'showLoadError', params: ({ event }) => ({ error: event.error }) },
          ],
        },
      },
    },
  },
});

export type TeamManagementMachine = typeof teamManagementMachine;

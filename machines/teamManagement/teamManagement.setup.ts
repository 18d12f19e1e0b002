import { assertEvent, assign, fromPromise, setup } from 'xstate';
import { isServerFailure } from '../shared/errors';
import {
  STEP_UP_EXPIRED_MESSAGE,
  type StepUpConfirmationOutput,
  stepUpConfirmationMachine,
} from '../stepUpConfirmation';
import { failureText, invitationErrors, memberErrors, refusalOf } from './teamManagement.rules';
import type {
  MemberFormValues,
  ResendInvitationInput,
  SendInvitationInput,
  TeamData,
  TeamManagementContext,
  TeamManagementEvent,
  TeamManagementInput,
} from './teamManagement.types';

/**
 * The Team page chart's parts (actors, guards, actions), apart from its states
 * (`teamManagement.machine.ts`) so each file stays short.
 */

export const EMPTY_FORM: MemberFormValues = { email: '', role: 'planner', accountIds: [] };
type Outcome = { outcome: StepUpConfirmationOutput };
const memberOf = (context: TeamManagementContext) =>
  context.target?.kind === 'member'
    ? (context.team?.members.find(
        (member) => member.userId === (context.target as { userId: string }).userId,
      ) ?? null)
    : null;

export const teamManagementSetup = setup({
  types: {
    context: {} as TeamManagementContext,
    events: {} as TeamManagementEvent,
    input: {} as TeamManagementInput,
  },
  actors: {
    /** GET members, invitations, activity and /api/accounts of the organization; `src/` provides it. */
    loadTeam: fromPromise<TeamData, { organizationId: string }>(async () => {
      throw new Error('not provided: loadTeam');
    }),
    /** POST /api/organizations/{orgId}/invitations; `src/` provides it. */
    sendInvitation: fromPromise<unknown, SendInvitationInput>(async () => {
      throw new Error('not provided: sendInvitation');
    }),
    /** POST …/invitations/{id}/resend; `src/` provides it. */
    resendInvitation: fromPromise<unknown, ResendInvitationInput>(async () => {
      throw new Error('not provided: resendInvitation');
    }),
    /** PATCH / DELETE member, DELETE invitation through the step-up; `src/` provides request and dialog. */
    riskyRequest: stepUpConfirmationMachine,
  },
  guards: {
    canManage: ({ context }) => context.canManage,
    hasNotice: ({ context }) => context.notice !== null,
    isRetryable: ({ context }) => !context.loadRefused,
    isInvitationValid: ({ context }) =>
      Object.keys(invitationErrors(context.form, context.actorRole)).length === 0,
    isMemberFormValid: ({ context }) =>
      Object.keys(memberErrors(context.form, context.actorRole, memberOf(context)?.role ?? null)).length ===
      0,
    isSent: (_, params: Outcome) => params.outcome.status === 'sent',
    isRefusedOrExpired: (_, params: Outcome) =>
      params.outcome.status === 'refused' || params.outcome.status === 'expired',
  },
  actions: {
    showTeam: assign((_, params: { team: TeamData }) => ({
      team: params.team,
      loadError: null,
      loadRefused: false,
    })),
    showLoadError: assign((_, params: { error: unknown }) => ({
      loadError: failureText(params.error),
      loadRefused: isServerFailure(params.error) && params.error.status === 403,
    })),
    openInvite: assign({ form: EMPTY_FORM, fieldErrors: {}, formError: null, target: null, notice: null }),
    openMember: assign(({ context, event }) => {
      assertEvent(event, ['member.edit', 'member.remove']);
      const member = context.team?.members.find((candidate) => candidate.userId === event.userId);
      if (!member) return {};
      const name = `${member.firstName} ${member.lastName}`.trim() || member.email;
      return {
        target: { kind: 'member' as const, userId: member.userId, name, email: member.email },
        form: { email: member.email, role: member.role, accountIds: [...(member.accountIds ?? [])] },
        fieldErrors: {},
        formError: null,
        notice: null,
      };
    }),
    chooseInvitation: assign(({ context, event }) => {
      assertEvent(event, ['invitation.resend', 'invitation.withdraw']);
      const invitation = context.team?.invitations.find((candidate) => candidate.id === event.id);
      return invitation
        ? {
            target: { kind: 'invitation' as const, id: invitation.id, email: invitation.email },
            notice: null,
          }
        : {};
    }),
    changeEmail: assign(({ context, event }) => {
      assertEvent(event, 'field.email');
      const { email: _, ...fieldErrors } = context.fieldErrors;
      return { form: { ...context.form, email: event.value }, fieldErrors, formError: null };
    }),
    changeRole: assign(({ context, event }) => {
      assertEvent(event, 'field.role');
      const { role: _, accountIds: __, ...fieldErrors } = context.fieldErrors;
      return { form: { ...context.form, role: event.role }, fieldErrors, formError: null };
    }),
    toggleAccount: assign(({ context, event }) => {
      assertEvent(event, 'field.account');
      const others = context.form.accountIds.filter((id) => id !== event.accountId);
      const { accountIds: _, ...fieldErrors } = context.fieldErrors;
      return {
        form: { ...context.form, accountIds: event.checked ? [...others, event.accountId] : others },
        fieldErrors,
        formError: null,
      };
    }),
    showInvitationErrors: assign(({ context }) => ({
      fieldErrors: invitationErrors(context.form, context.actorRole),
      formError: null,
    })),
    showMemberErrors: assign(({ context }) => ({
      fieldErrors: memberErrors(context.form, context.actorRole, memberOf(context)?.role ?? null),
      formError: null,
    })),
    showServerRefusal: assign((_, params: { error: unknown }) => refusalOf(params.error)),
    showRefusal: assign((_, params: Outcome) => ({
      fieldErrors: {},
      formError:
        params.outcome.status === 'expired'
          ? STEP_UP_EXPIRED_MESSAGE
          : params.outcome.status === 'refused'
            ? failureText(params.outcome.error)
            : null,
    })),
    clearFormError: assign({ formError: null, fieldErrors: {} }),
    announce: assign(({ context }, params: { text: string }) => ({
      notice: { tone: 'success' as const, text: params.text.replace('{email}', context.target?.email ?? '') },
    })),
    announceInvitation: assign(({ context }) => ({
      notice: { tone: 'success' as const, text: `Invitation sent to ${context.form.email.trim()}` },
    })),
    showNoticeError: assign((_, params: { error: unknown }) => ({
      notice: { tone: 'error' as const, text: failureText(params.error) },
    })),
    dismissNotice: assign({ notice: null }),
    forgetTarget: assign({ target: null, fieldErrors: {}, formError: null }),
  },
});

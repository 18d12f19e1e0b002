import { ROLE_DESCRIPTIONS, ROLE_LABELS, type Role } from '@contract/policy';
import type { Invitation, Member, TeamEvent } from '@contract/team';
import type { SnapshotFrom } from 'xstate';
import type { TeamManagementMachine } from './teamManagement.machine';
import { assignableRoles, choosesAccounts } from './teamManagement.rules';
import type {
  MemberFormField,
  MemberFormValues,
  TeamManagementEvent,
  TeamNotice,
  TeamTarget,
} from './teamManagement.types';

export type TeamManagementSnapshot = SnapshotFrom<TeamManagementMachine>;

export type TeamPhase =
  | 'loading'
  | 'loadFailed'
  | 'ready'
  | 'inviting'
  | 'sendingInvitation'
  | 'editingMember'
  | 'savingMember'
  | 'confirmingRemoval'
  | 'removingMember'
  | 'resending'
  | 'confirmingWithdrawal'
  | 'withdrawingInvitation'
  | 'reloading';

export interface RoleOption {
  value: Role;
  label: string;
  description: string;
}

export interface MemberRow {
  userId: string;
  name: string;
  email: string;
  role: string;
  /** "All accounts", or the names of the accounts. */
  accounts: string;
  lastActiveAt: string | null;
}

export interface InvitationRow {
  id: string;
  email: string;
  role: string;
  expiresAt: string;
}

export interface ActivityRow {
  id: string;
  event: TeamEvent;
  actor: string;
  createdAt: string;
}

/** The invite or change dialog while open. */
export interface MemberDialog {
  kind: 'invite' | 'change';
  title: string;
  values: MemberFormValues;
  roles: RoleOption[];
  /** The accounts to tick (planners, analysts and clients); empty for owner and admin. */
  accounts: { id: string; name: string; checked: boolean }[];
  accountsHint: string | null;
  fieldErrors: Partial<Record<MemberFormField, string>>;
  formError: string | null;
  isBusy: boolean;
  submitLabel: string;
}

/** The remove or withdraw confirmation while open. */
export interface ConfirmDialog {
  kind: 'remove' | 'withdraw';
  title: string;
  text: string;
  confirmLabel: string;
  error: string | null;
  isBusy: boolean;
}

export interface TeamManagementView {
  phase: TeamPhase;
  isLoading: boolean;
  loadError: string | null;
  /** “Try again” is offered (not when the role may not see the team). */
  canRetry: boolean;
  members: MemberRow[];
  invitations: InvitationRow[];
  activity: ActivityRow[];
  notice: TeamNotice | null;
  /** Whether the buttons that change the team are enabled. */
  canManage: boolean;
  /** Why they are disabled ("Planners can't invite or change members"); null when enabled. */
  disabledReason: string | null;
  /** The row an action is under way for (its buttons show it). */
  busyId: string | null;
  dialog: MemberDialog | null;
  confirm: ConfirmDialog | null;
  // Commands.
  retry: () => void;
  openInvite: () => void;
  editMember: (userId: string) => void;
  removeMember: (userId: string) => void;
  resendInvitation: (id: string) => void;
  withdrawInvitation: (id: string) => void;
  changeEmail: (value: string) => void;
  changeRole: (role: Role) => void;
  toggleAccount: (accountId: string, checked: boolean) => void;
  submit: () => void;
  confirmAction: () => void;
  cancel: () => void;
  dismissNotice: () => void;
}

export const ALL_ACCOUNTS = 'All accounts';

const nameOf = (member: Member) => `${member.firstName} ${member.lastName}`.trim() || member.email;

function accountsText(accountIds: readonly string[] | null, names: Map<string, string>): string {
  if (accountIds === null) return ALL_ACCOUNTS;
  return accountIds.map((id) => names.get(id) ?? 'A deleted account').join(', ');
}

const idOf = (target: TeamTarget | null) =>
  target === null ? null : target.kind === 'member' ? target.userId : target.id;

/** Pure snapshot → what the Team page shows, with the commands its buttons call. */
export function connectTeamManagement(
  snapshot: TeamManagementSnapshot,
  send: (event: TeamManagementEvent) => void,
): TeamManagementView {
  const phase = snapshot.value as TeamPhase;
  const { team, target, form, fieldErrors, formError, canManage, manageRefusal, actorRole } =
    snapshot.context;
  const names = new Map((team?.accounts ?? []).map((account) => [account.id, account.name]));
  const inDialog = phase === 'inviting' || phase === 'sendingInvitation';
  const inChange = phase === 'editingMember' || phase === 'savingMember';
  const currentRole =
    target?.kind === 'member'
      ? (team?.members.find((member) => member.userId === target.userId)?.role ?? null)
      : null;
  const dialog: MemberDialog | null =
    inDialog || inChange
      ? {
          kind: inDialog ? 'invite' : 'change',
          title: inDialog ? 'Invite someone' : `Change ${target?.kind === 'member' ? target.name : ''}`,
          values: form,
          roles: assignableRoles(actorRole, inDialog ? null : currentRole).map((role) => ({
            value: role,
            label: ROLE_LABELS[role],
            description: ROLE_DESCRIPTIONS[role],
          })),
          accounts: choosesAccounts(form.role)
            ? (team?.accounts ?? []).map((account) => ({
                id: account.id,
                name: account.name,
                checked: form.accountIds.includes(account.id),
              }))
            : [],
          accountsHint: !choosesAccounts(form.role)
            ? `${ROLE_LABELS[form.role]}s work in every account.`
            : form.role === 'client'
              ? 'Choose the accounts this client may see.'
              : 'None ticked: every account, including new ones.',
          fieldErrors,
          formError,
          isBusy: phase === 'sendingInvitation' || phase === 'savingMember',
          submitLabel:
            phase === 'sendingInvitation'
              ? 'Sending…'
              : phase === 'savingMember'
                ? 'Saving…'
                : inDialog
                  ? 'Send invitation'
                  : 'Save changes',
        }
      : null;
  const removing = phase === 'confirmingRemoval' || phase === 'removingMember';
  const withdrawing = phase === 'confirmingWithdrawal' || phase === 'withdrawingInvitation';
  const confirm: ConfirmDialog | null = removing
    ? {
        kind: 'remove',
        title: `Remove ${target?.kind === 'member' ? target.name : ''}?`,
        text: `${target?.email ?? ''} loses access to this organization at once.`,
        confirmLabel: phase === 'removingMember' ? 'Removing…' : 'Remove',
        error: formError,
        isBusy: phase === 'removingMember',
      }
    : withdrawing
      ? {
          kind: 'withdraw',
          title: `Withdraw the invitation to ${target?.email ?? ''}?`,
          text: 'The link in the e-mail stops working at once.',
          confirmLabel: phase === 'withdrawingInvitation' ? 'Withdrawing…' : 'Withdraw',
          error: formError,
          isBusy: phase === 'withdrawingInvitation',
        }
      : null;
  return {
    phase,
    isLoading: phase === 'loading',
    loadError: phase === 'loadFailed' ? snapshot.context.loadError : null,
    canRetry: phase === 'loadFailed' && !snapshot.context.loadRefused,
    members: (team?.members ?? []).map((member) => ({
      userId: member.userId,
      name: nameOf(member),
      email: member.email,
      role: ROLE_LABELS[member.role],
      accounts: accountsText(member.accountIds, names),
      lastActiveAt: member.lastActiveAt,
    })),
    invitations: (team?.invitations ?? []).map((invitation: Invitation) => ({
      id: invitation.id,
      email: invitation.email,
      role: ROLE_LABELS[invitation.role],
      expiresAt: invitation.expiresAt,
    })),
    activity: (team?.events ?? []).map((event) => ({
      id: event.id,
      event,
      actor: event.actor ?? 'A former member',
      createdAt: event.createdAt,
    })),
    notice: snapshot.context.notice,
    canManage,
    // Said once: a role that may not even see the team gets the load's refusal instead.
    disabledReason: canManage || snapshot.context.loadRefused ? null : manageRefusal,
    busyId: phase === 'ready' || phase === 'loading' || phase === 'loadFailed' ? null : idOf(target),
    dialog,
    confirm,
    retry: () => send({ type: 'retry' }),
    openInvite: () => send({ type: 'invite.open' }),
    editMember: (userId) => send({ type: 'member.edit', userId }),
    removeMember: (userId) => send({ type: 'member.remove', userId }),
    resendInvitation: (id) => send({ type: 'invitation.resend', id }),
    withdrawInvitation: (id) => send({ type: 'invitation.withdraw', id }),
    changeEmail: (value) => send({ type: 'field.email', value }),
    changeRole: (role) => send({ type: 'field.role', role }),
    toggleAccount: (accountId, checked) => send({ type: 'field.account', accountId, checked }),
    submit: () => send({ type: 'form.submit' }),
    confirmAction: () => send({ type: 'dialog.confirm' }),
    cancel: () => send({ type: 'dialog.cancel' }),
    dismissNotice: () => send({ type: 'notice.dismiss' }),
  };
}

import type { Account } from '@contract/auth';
import type { Role } from '@contract/policy';
import type { Invitation, InvitationRequest, Member, MemberUpdate, TeamEvent } from '@contract/team';

/**
 * Types of the Team page (`teamManagement`, issue 26): the organization's members, pending invitations,
 * activity and accounts; inviting, changing and removing members, resending and withdrawing invitations.
 * Changing, removing and withdrawing are risky actions: they go through the step-up confirmation.
 */

/** Everything the page shows, loaded together (GET members, invitations, activity, /api/accounts). */
export interface TeamData {
  members: Member[];
  invitations: Invitation[];
  events: TeamEvent[];
  accounts: Pick<Account, 'id' | 'name'>[];
}

export interface TeamManagementInput {
  organizationId: string;
  /** `can(role, 'members.manage')` of the signed-in member. */
  canManage: boolean;
  /** `refusal(role, 'members.manage')` when they may not; null when they may. */
  manageRefusal: string | null;
  /** The signed-in member's role (only an owner hands out or takes away ownership). */
  actorRole: Role | null;
}

/** The invite and change dialogs' values. */
export interface MemberFormValues {
  email: string;
  role: Role;
  accountIds: string[];
}

export type MemberFormField = 'email' | 'role' | 'accountIds';

/** What a risky request is about (sent through the step-up confirmation by `src/`). */
export type TeamRiskyRequest =
  | { kind: 'changeMember'; organizationId: string; userId: string; update: MemberUpdate }
  | { kind: 'removeMember'; organizationId: string; userId: string }
  | { kind: 'revokeInvitation'; organizationId: string; id: string };

export interface SendInvitationInput {
  organizationId: string;
  request: InvitationRequest;
}

export interface ResendInvitationInput {
  organizationId: string;
  id: string;
}

/** The member or invitation a dialog or request is about. */
export type TeamTarget =
  | { kind: 'member'; userId: string; name: string; email: string }
  | { kind: 'invitation'; id: string; email: string };

export interface TeamNotice {
  tone: 'success' | 'error';
  text: string;
}

export interface TeamManagementContext extends TeamManagementInput {
  team: TeamData | null;
  loadError: string | null;
  /** The load was refused (403: the role may not see the team): trying again would not help. */
  loadRefused: boolean;
  notice: TeamNotice | null;
  target: TeamTarget | null;
  form: MemberFormValues;
  fieldErrors: Partial<Record<MemberFormField, string>>;
  /** A refusal shown in the open dialog (not tied to a field). */
  formError: string | null;
}

export type TeamManagementEvent =
  | { type: 'retry' }
  | { type: 'invite.open' }
  | { type: 'member.edit'; userId: string }
  | { type: 'member.remove'; userId: string }
  | { type: 'invitation.resend'; id: string }
  | { type: 'invitation.withdraw'; id: string }
  | { type: 'field.email'; value: string }
  | { type: 'field.role'; role: Role }
  | { type: 'field.account'; accountId: string; checked: boolean }
  | { type: 'form.submit' }
  | { type: 'dialog.confirm' }
  | { type: 'dialog.cancel' }
  | { type: 'notice.dismiss' };

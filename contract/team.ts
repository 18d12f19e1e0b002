import * as v from 'valibot';
import { Email } from './auth';
import { RoleSchema } from './policy';

/**
 * Teams (issue 26): an organization's members and pending invitations. `accountIds: null` means every
 * account of the organization (owners and admins always; planners and analysts unless limited); a client
 * always works in named accounts.
 */

/** Invitations expire seven days after they are sent (or resent). */
export const INVITATION_DAYS = 7;

const AccountIds = v.pipe(
  v.array(
    v.pipe(v.string('Account ids are strings'), v.uuid('That is not an account id')),
    'Choose accounts as a list',
  ),
  v.maxLength(500, 'Choose at most 500 accounts'),
);

/** A client always works in named accounts; the others get every account when none are named. */
const clientNeedsAccounts = (input: { role?: string; accountIds?: readonly string[] | null }) =>
  input.role !== 'client' || (input.accountIds?.length ?? 0) > 0;
export const CLIENT_NEEDS_ACCOUNTS = 'Choose the accounts this client may see';

export const InvitationRequestSchema = v.pipe(
  v.object({
    email: Email,
    role: RoleSchema,
    accountIds: v.optional(v.nullable(AccountIds)),
  }),
  v.forward(
    v.check((input) => clientNeedsAccounts(input), CLIENT_NEEDS_ACCOUNTS),
    ['accountIds'],
  ),
);
export type InvitationRequest = v.InferInput<typeof InvitationRequestSchema>;

export const MemberUpdateSchema = v.pipe(
  v.object({
    role: v.optional(RoleSchema),
    accountIds: v.optional(v.nullable(AccountIds)),
  }),
  v.check(
    (input) => input.role !== undefined || input.accountIds !== undefined,
    'Send a role or accounts to change',
  ),
);
export type MemberUpdate = v.InferInput<typeof MemberUpdateSchema>;

export const MemberSchema = v.object({
  userId: v.string(),
  email: v.string(),
  firstName: v.string(),
  lastName: v.string(),
  role: RoleSchema,
  accountIds: v.nullable(v.array(v.string())),
  lastActiveAt: v.nullable(v.string()),
});
export type Member = v.InferOutput<typeof MemberSchema>;
export const MemberListSchema = v.array(MemberSchema);

export const InvitationSchema = v.object({
  id: v.string(),
  email: v.string(),
  role: RoleSchema,
  accountIds: v.nullable(v.array(v.string())),
  expiresAt: v.string(),
  invitedBy: v.optional(v.nullable(v.string())),
  createdAt: v.optional(v.string()),
});
export type Invitation = v.InferOutput<typeof InvitationSchema>;
export const InvitationListSchema = v.array(InvitationSchema);

/** GET /api/invitations/{token}: what the invitation page shows before anyone signs in. */
export const InvitationPreviewSchema = v.variant('status', [
  v.object({
    status: v.literal('pending'),
    email: v.string(),
    organizationName: v.string(),
    role: RoleSchema,
    invitedBy: v.string(),
    expiresAt: v.string(),
    /** Whether a user with that address exists: sign in, else sign up. */
    hasAccount: v.boolean(),
  }),
  v.object({ status: v.picklist(['expired', 'revoked', 'used']), organizationName: v.string() }),
]);
export type InvitationPreview = v.InferOutput<typeof InvitationPreviewSchema>;

export const InvitationAcceptedSchema = v.object({ organizationId: v.string() });

/** What the invitation page says about an invitation that no longer works. */
export const INVITATION_ENDED_MESSAGES = {
  expired: 'This invitation has expired. Ask whoever invited you to send a new one.',
  revoked: 'This invitation was withdrawn. Ask whoever invited you if you still need access.',
  used: 'This invitation has already been used. Sign in to continue.',
} as const;

export function wrongAddressMessage(invitedEmail: string): string {
  return `This invitation is for ${invitedEmail}. Sign out and sign in or sign up with that address to accept it.`;
}

// --- the organization's security activity ------------------------------------------------------------

export const TEAM_EVENT_KINDS = [
  'member_invited',
  'invitation_resent',
  'invitation_revoked',
  'invitation_accepted',
  'member_changed',
  'member_removed',
  'member_left',
  'joined_by_sso',
] as const;
export type TeamEventKind = (typeof TEAM_EVENT_KINDS)[number];

export const TeamEventSchema = v.object({
  id: v.string(),
  kind: v.picklist(TEAM_EVENT_KINDS),
  /** Who did it ("Dana Demo"), or null when that user is gone. */
  actor: v.nullable(v.string()),
  subjectEmail: v.string(),
  role: v.optional(v.nullable(RoleSchema)),
  previousRole: v.optional(v.nullable(RoleSchema)),
  createdAt: v.string(),
});
export type TeamEvent = v.InferOutput<typeof TeamEventSchema>;
export const TeamActivitySchema = v.object({ events: v.array(TeamEventSchema) });

const roleName = (role: string | null | undefined) =>
  role ? role.charAt(0).toUpperCase() + role.slice(1) : '';

/** "Invited ana@client.example as Client", "Changed ana@client.example from Planner to Analyst". */
export function teamEventTitle(
  event: Pick<TeamEvent, 'kind' | 'subjectEmail' | 'role' | 'previousRole'>,
): string {
  const who = event.subjectEmail;
  switch (event.kind) {
    case 'member_invited':
      return `Invited ${who} as ${roleName(event.role)}`;
    case 'invitation_resent':
      return `Sent the invitation to ${who} again`;
    case 'invitation_revoked':
      return `Withdrew the invitation to ${who}`;
    case 'invitation_accepted':
      return `${who} joined as ${roleName(event.role)}`;
    case 'member_changed':
      return event.previousRole && event.role && event.previousRole !== event.role
        ? `Changed ${who} from ${roleName(event.previousRole)} to ${roleName(event.role)}`
        : `Changed the accounts of ${who}`;
    case 'member_removed':
      return `Removed ${who}`;
    case 'member_left':
      return `${who} left the organization`;
    case 'joined_by_sso':
      return `${who} joined as ${roleName(event.role)} by single sign-on`;
  }
}

import { createHash, randomBytes } from 'node:crypto';
import { and, asc, desc, eq, gt, inArray, isNull, ne, sql } from 'drizzle-orm';
import { grantFor, type Role } from '../../contract/policy';
import type { StepUpTarget } from '../../contract/stepUp';
import {
  INVITATION_DAYS,
  INVITATION_ENDED_MESSAGES,
  type Invitation,
  type Member,
  type TeamEvent,
  type TeamEventKind,
  wrongAddressMessage,
} from '../../contract/team';
import type { Database } from '../db/connect';
import * as t from '../db/schema';
import type { TxDatabase } from '../db/transaction';
import { HttpError } from '../http/errors';

/**
 * Teams (issue 26): the only module that reads and writes memberships, their account grants, invitations
 * and the organization's activity. Routes parse, check the policy and call these; these keep the rules that
 * need the rows (the last owner, accounts of this organization, one pending invitation per address).
 */

type Db = Database | TxDatabase;
const DAY_MS = 86_400_000;

export const hashInvitationToken = (token: string) => createHash('sha256').update(token).digest('base64url');

export const memberNotFound = () => new HttpError(404, 'Member not found');
export const invitationNotFound = () => new HttpError(404, 'Invitation not found');

// --- members --------------------------------------------------------------------------------------------

export async function listMembers(db: Db, organizationId: string): Promise<Member[]> {
  const rows = await db
    .select({
      userId: t.memberships.userId,
      email: t.users.email,
      firstName: t.users.firstName,
      lastName: t.users.lastName,
      role: t.memberships.role,
      allAccounts: t.memberships.allAccounts,
      lastActiveAt: t.memberships.lastActiveAt,
      accountIds: sql<string[]>`ARRAY(SELECT ma.account_id FROM membership_accounts ma
        WHERE ma.user_id = ${t.memberships.userId} AND ma.organization_id = ${t.memberships.organizationId}
        ORDER BY ma.account_id)`,
    })
    .from(t.memberships)
    .innerJoin(t.users, eq(t.users.id, t.memberships.userId))
    .where(eq(t.memberships.organizationId, organizationId))
    .orderBy(asc(t.memberships.createdAt), asc(t.users.email));
  return rows.map((row) => ({
    userId: row.userId,
    email: row.email,
    firstName: row.firstName,
    lastName: row.lastName,
    role: row.role as Role,
    accountIds: row.allAccounts ? null : row.accountIds,
    lastActiveAt: row.lastActiveAt?.toISOString() ?? null,
  }));
}

export interface MemberRow {
  userId: string;
  email: string;
  role: Role;
  accountIds: string[] | null;
}

/** The member, locked for the change (FOR UPDATE): two admins changing one member apply one after the other. */
async function lockMember(tx: TxDatabase, organizationId: string, userId: string): Promise<MemberRow> {
  const [row] = await tx
    .select({
      userId: t.memberships.userId,
      email: t.users.email,
      role: t.memberships.role,
      all: t.memberships.allAccounts,
    })
    .from(t.memberships)
    .innerJoin(t.users, eq(t.users.id, t.memberships.userId))
    .where(and(eq(t.memberships.organizationId, organizationId), eq(t.memberships.userId, userId)))
    .for('update', { of: t.memberships });
  if (!row) throw memberNotFound();
  const grants = row.all
    ? null
    : (
        await tx
          .select({ accountId: t.membershipAccounts.accountId })
          .from(t.membershipAccounts)
          .where(
            and(
              eq(t.membershipAccounts.organizationId, organizationId),
              eq(t.membershipAccounts.userId, userId),
            ),
          )
      ).map((g) => g.accountId);
  return { userId: row.userId, email: row.email, role: row.role as Role, accountIds: grants };
}

/** Owners other than `userId`, counted under lock: the last owner cannot leave or be demoted. */
async function otherOwners(tx: TxDatabase, organizationId: string, userId: string): Promise<number> {
  const rows = await tx
    .select({ userId: t.memberships.userId })
    .from(t.memberships)
    .where(
      and(
        eq(t.memberships.organizationId, organizationId),
        eq(t.memberships.role, 'owner'),
        ne(t.memberships.userId, userId),
      ),
    )
    .for('update');
  return rows.length;
}

/** Refuses account ids that are not this organization's, exactly as if they did not exist. */
async function checkAccounts(
  db: Db,
  organizationId: string,
  accountIds: readonly string[] | null,
): Promise<void> {
  if (!accountIds || accountIds.length === 0) return;
  const unique = [...new Set(accountIds)];
  const found = await db
    .select({ id: t.accounts.id })
    .from(t.accounts)
    .where(and(eq(t.accounts.organizationId, organizationId), inArray(t.accounts.id, unique)));
  if (found.length !== unique.length) {
    throw new HttpError(400, 'Choose accounts of this organization', {
      validationErrors: { accountIds: { message: 'Choose accounts of this organization' } },
    });
  }
}

async function writeGrants(
  tx: TxDatabase,
  organizationId: string,
  userId: string,
  role: Role,
  accountIds: readonly string[] | null,
): Promise<void> {
  const grant = grantFor(role, accountIds);
  await tx
    .update(t.memberships)
    .set({ role, allAccounts: grant === null })
    .where(and(eq(t.memberships.organizationId, organizationId), eq(t.memberships.userId, userId)));
  await tx
    .delete(t.membershipAccounts)
    .where(
      and(eq(t.membershipAccounts.organizationId, organizationId), eq(t.membershipAccounts.userId, userId)),
    );
  if (grant && grant.length > 0) {
    await tx
      .insert(t.membershipAccounts)
      .values([...new Set(grant)].map((accountId) => ({ userId, organizationId, accountId })));
  }
}

export const memberTarget = (
  member: MemberRow,
  description: string,
  params?: Record<string, unknown>,
): StepUpTarget => ({
  kind: 'member',
  id: member.userId,
  description,
  params: { role: member.role, accountIds: member.accountIds, ...params },
});

export interface MemberChange {
  role?: Role | undefined;
  accountIds?: readonly string[] | null | undefined;
}

/**
 * Changes a member's role and/or accounts after `confirm` (the step-up bound to the member and the change).
 * Only an owner makes or unmakes owners; the last owner stays an owner.
 */
export async function changeMember(
  db: Database,
  scope: { organizationId: string; actorUserId: string; actorRole: Role },
  userId: string,
  change: MemberChange,
  confirm: (target: StepUpTarget) => Promise<void>,
): Promise<Member> {
  await checkAccounts(db, scope.organizationId, change.accountIds ?? null);
  await db.transaction(async (tx) => {
    const member = await lockMember(tx, scope.organizationId, userId);
    const role = change.role ?? member.role;
    const accountIds = change.accountIds !== undefined ? change.accountIds : member.accountIds;
    if (
      (role === 'owner' || member.role === 'owner') &&
      scope.actorRole !== 'owner' &&
      role !== member.role
    ) {
      throw new HttpError(403, 'Only an owner can make or unmake owners', { errorCode: 'FORBIDDEN' });
    }
    if (member.role === 'owner' && scope.actorRole !== 'owner') {
      throw new HttpError(403, 'Only an owner can change an owner', { errorCode: 'FORBIDDEN' });
    }
    if (role === 'client' && (accountIds?.length ?? 0) === 0) {
      throw new HttpError(400, 'Choose the accounts this client may see', {
        validationErrors: { accountIds: { message: 'Choose the accounts this client may see' } },
      });
    }
    if (
      member.role === 'owner' &&
      role !== 'owner' &&
      (await otherOwners(tx, scope.organizationId, userId)) === 0
    ) {
      throw new HttpError(409, 'The last owner cannot be demoted. Make someone else an owner first.', {
        errorCode: 'LAST_OWNER',
      });
    }
    await confirm(
      memberTarget(member, `Change ${member.email} to ${role}`, { to: role, toAccounts: accountIds }),
    );
    await writeGrants(tx, scope.organizationId, userId, role, accountIds);
    await recordEvent(tx, scope.organizationId, scope.actorUserId, 'member_changed', member.email, {
      role,
      previousRole: member.role,
      accountIds: grantFor(role, accountIds),
      previousAccountIds: member.accountIds,
    });
  });
  const members = await listMembers(db, scope.organizationId);
  const changed = members.find((m) => m.userId === userId);
  if (!changed) throw memberNotFound();
  return changed;
}

/**
 * Removes a member (or lets one leave) after `confirm`; ends their sessions in this organization, so their
 * next request is signed out. The last owner cannot leave.
 */
export async function removeMember(
  db: Database,
  scope: { organizationId: string; actorUserId: string; actorRole: Role },
  userId: string,
  confirm: (target: StepUpTarget) => Promise<void>,
): Promise<void> {
  await db.transaction(async (tx) => {
    const member = await lockMember(tx, scope.organizationId, userId);
    const leaving = userId === scope.actorUserId;
    if (!leaving && member.role === 'owner' && scope.actorRole !== 'owner') {
      throw new HttpError(403, 'Only an owner can remove an owner', { errorCode: 'FORBIDDEN' });
    }
    if (member.role === 'owner' && (await otherOwners(tx, scope.organizationId, userId)) === 0) {
      throw new HttpError(409, 'The last owner cannot leave. Make someone else an owner first.', {
        errorCode: 'LAST_OWNER',
      });
    }
    await confirm(memberTarget(member, leaving ? `Leave the organization` : `Remove ${member.email}`));
    await tx
      .delete(t.memberships)
      .where(and(eq(t.memberships.organizationId, scope.organizationId), eq(t.memberships.userId, userId)));
    await tx
      .delete(t.sessions)
      .where(and(eq(t.sessions.userId, userId), eq(t.sessions.currentOrganizationId, scope.organizationId)));
    await recordEvent(
      tx,
      scope.organizationId,
      scope.actorUserId,
      leaving ? 'member_left' : 'member_removed',
      member.email,
      {
        previousRole: member.role,
      },
    );
  });
}

// --- invitations ----------------------------------------------------------------------------------------

const pending = (now: Date) =>
  and(isNull(t.invitations.acceptedAt), isNull(t.invitations.revokedAt), gt(t.invitations.expiresAt, now));

type InvitationRecord = typeof t.invitations.$inferSelect;

function serializeInvitation(row: InvitationRecord, invitedBy?: string | null): Invitation {
  return {
    id: row.id,
    email: row.email,
    role: row.role as Role,
    accountIds: row.accountIds ?? null,
    expiresAt: row.expiresAt.toISOString(),
    invitedBy: invitedBy ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

export async function listInvitations(
  db: Db,
  organizationId: string,
  now = new Date(),
): Promise<Invitation[]> {
  const rows = await db
    .select({ invitation: t.invitations, inviter: t.users })
    .from(t.invitations)
    .leftJoin(t.users, eq(t.users.id, t.invitations.invitedBy))
    .where(and(eq(t.invitations.organizationId, organizationId), pending(now)))
    .orderBy(desc(t.invitations.createdAt));
  return rows.map(({ invitation, inviter }) =>
    serializeInvitation(invitation, inviter ? nameOf(inviter) : null),
  );
}

const nameOf = (user: { firstName: string; lastName: string; email: string }) =>
  `${user.firstName} ${user.lastName}`.trim() || user.email;

export interface NewInvitation {
  email: string;
  role: Role;
  accountIds?: readonly string[] | null | undefined;
}

/** A pending invitation and the token of its link (only its hash is kept). */
export async function createInvitation(
  db: Database,
  scope: { organizationId: string; actorUserId: string; actorRole: Role },
  input: NewInvitation,
): Promise<{ invitation: Invitation; token: string }> {
  if (input.role === 'owner' && scope.actorRole !== 'owner') {
    throw new HttpError(403, 'Only an owner can invite an owner', { errorCode: 'FORBIDDEN' });
  }
  const accountIds = grantFor(input.role, input.accountIds);
  await checkAccounts(db, scope.organizationId, accountIds);
  const token = randomBytes(32).toString('base64url');
  const now = new Date();
  const row = await db.transaction(async (tx) => {
    // One invitation per address at a time: serialize on the organization's row.
    await tx
      .select({ id: t.organizations.id })
      .from(t.organizations)
      .where(eq(t.organizations.id, scope.organizationId))
      .for('update');
    const [member] = await tx
      .select({ userId: t.memberships.userId })
      .from(t.memberships)
      .innerJoin(t.users, eq(t.users.id, t.memberships.userId))
      .where(and(eq(t.memberships.organizationId, scope.organizationId), eq(t.users.email, input.email)));
    if (member) {
      throw new HttpError(409, `${input.email} is already a member`, {
        validationErrors: { email: { message: `${input.email} is already a member` } },
      });
    }
    const [open] = await tx
      .select({ id: t.invitations.id })
      .from(t.invitations)
      .where(
        and(
          eq(t.invitations.organizationId, scope.organizationId),
          eq(t.invitations.email, input.email),
          pending(now),
        ),
      );
    if (open) {
      throw new HttpError(409, `${input.email} already has a pending invitation: send it again instead`, {
        validationErrors: {
          email: { message: `${input.email} already has a pending invitation: send it again instead` },
        },
      });
    }
    const [created] = await tx
      .insert(t.invitations)
      .values({
        organizationId: scope.organizationId,
        email: input.email,
        role: input.role,
        accountIds: accountIds ? [...new Set(accountIds)] : null,
        tokenHash: hashInvitationToken(token),
        invitedBy: scope.actorUserId,
        expiresAt: new Date(now.getTime() + INVITATION_DAYS * DAY_MS),
      })
      .returning();
    await recordEvent(tx, scope.organizationId, scope.actorUserId, 'member_invited', input.email, {
      role: input.role,
      accountIds,
    });
    return created!;
  });
  return { invitation: serializeInvitation(row), token };
}

async function lockPendingInvitation(
  tx: TxDatabase,
  organizationId: string,
  id: string,
): Promise<InvitationRecord> {
  const [row] = await tx
    .select()
    .from(t.invitations)
    .where(
      and(eq(t.invitations.organizationId, organizationId), eq(t.invitations.id, id), pending(new Date())),
    )
    .for('update');
  if (!row) throw invitationNotFound();
  return row;
}

/** A new link (the old one stops working) and seven more days. */
export async function resendInvitation(
  db: Database,
  scope: { organizationId: string; actorUserId: string },
  id: string,
): Promise<{ invitation: Invitation; token: string }> {
  const token = randomBytes(32).toString('base64url');
  const row = await db.transaction(async (tx) => {
    await lockPendingInvitation(tx, scope.organizationId, id);
    const [updated] = await tx
      .update(t.invitations)
      .set({
        tokenHash: hashInvitationToken(token),
        expiresAt: new Date(Date.now() + INVITATION_DAYS * DAY_MS),
      })
      .where(eq(t.invitations.id, id))
      .returning();
    await recordEvent(tx, scope.organizationId, scope.actorUserId, 'invitation_resent', updated!.email, {
      role: updated!.role,
    });
    return updated!;
  });
  return { invitation: serializeInvitation(row), token };
}

export async function revokeInvitation(
  db: Database,
  scope: { organizationId: string; actorUserId: string },
  id: string,
  confirm: (target: StepUpTarget) => Promise<void>,
): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await lockPendingInvitation(tx, scope.organizationId, id);
    await confirm({
      kind: 'invitation',
      id: row.id,
      description: `Withdraw the invitation to ${row.email}`,
      params: { email: row.email, role: row.role },
    });
    await tx.update(t.invitations).set({ revokedAt: new Date() }).where(eq(t.invitations.id, id));
    await recordEvent(tx, scope.organizationId, scope.actorUserId, 'invitation_revoked', row.email, {
      role: row.role,
    });
  });
}

export type InvitationState =
  | { status: 'pending'; row: InvitationRecord; organizationName: string; invitedBy: string }
  | { status: 'expired' | 'revoked' | 'used'; row: InvitationRecord; organizationName: string }
  | null;

/** The invitation a link names, whatever its state (null: no such link). */
export async function invitationByToken(
  db: Db,
  token: string,
  now = new Date(),
  { lock = false } = {},
): Promise<InvitationState> {
  if (token.length < 20 || token.length > 100) return null;
  const query = db
    .select({ invitation: t.invitations, organizationName: t.organizations.name, inviter: t.users })
    .from(t.invitations)
    .innerJoin(t.organizations, eq(t.organizations.id, t.invitations.organizationId))
    .leftJoin(t.users, eq(t.users.id, t.invitations.invitedBy))
    .where(eq(t.invitations.tokenHash, hashInvitationToken(token)));
  const [found] = lock ? await query.for('update', { of: t.invitations }) : await query;
  if (!found) return null;
  const row = found.invitation;
  const base = { row, organizationName: found.organizationName };
  if (row.acceptedAt) return { status: 'used', ...base };
  if (row.revokedAt) return { status: 'revoked', ...base };
  if (row.expiresAt <= now) return { status: 'expired', ...base };
  return {
    status: 'pending',
    ...base,
    invitedBy: found.inviter ? nameOf(found.inviter) : found.organizationName,
  };
}

export async function findUser(db: Db, userId: string) {
  const [user] = await db.select().from(t.users).where(eq(t.users.id, userId));
  return user;
}

/** Who the invitation e-mail says invites, and to what. */
export async function invitationSender(
  db: Db,
  organizationId: string,
  userId: string,
): Promise<{ organizationName: string; inviter: string }> {
  const [organization] = await db
    .select({ name: t.organizations.name })
    .from(t.organizations)
    .where(eq(t.organizations.id, organizationId));
  const inviter = await findUser(db, userId);
  return {
    organizationName: organization?.name ?? 'an organization',
    inviter: inviter ? nameOf(inviter) : 'Someone',
  };
}

export async function userExists(db: Db, email: string): Promise<boolean> {
  const [user] = await db.select({ id: t.users.id }).from(t.users).where(eq(t.users.email, email));
  return Boolean(user);
}

/**
 * Accepts the invitation for the signed-in user (whose address it must be): the membership with its role and
 * accounts, the invitation used. Answers the organization and, when the member may work in exactly one
 * account, that account (else null: the spec's `/accounts`).
 */
export async function acceptInvitation(
  db: Database,
  token: string,
  user: { id: string; email: string },
): Promise<{ organizationId: string; accountId: string | null }> {
  return db.transaction(async (tx) => {
    // Locked: two tabs accepting one link make one membership, the second answers "already used".
    const fresh = await invitationByToken(tx, token, new Date(), { lock: true });
    if (!fresh) throw invitationNotFound();
    if (fresh.status !== 'pending') {
      throw new HttpError(410, INVITATION_ENDED_MESSAGES[fresh.status], {
        errorCode: `INVITATION_${fresh.status.toUpperCase()}`,
      });
    }
    if (fresh.row.email !== user.email) {
      throw new HttpError(403, wrongAddressMessage(fresh.row.email), {
        errorCode: 'INVITATION_FOR_ANOTHER_ADDRESS',
      });
    }
    const organizationId = fresh.row.organizationId;
    const role = fresh.row.role as Role;
    // Accounts deleted since the invitation was sent are dropped; a member already there keeps their membership.
    const [existing] = await tx
      .select({ userId: t.memberships.userId })
      .from(t.memberships)
      .where(and(eq(t.memberships.organizationId, organizationId), eq(t.memberships.userId, user.id)));
    if (!existing) {
      await tx.insert(t.memberships).values({ userId: user.id, organizationId, role });
      const accountIds = fresh.row.accountIds
        ? (
            await tx
              .select({ id: t.accounts.id })
              .from(t.accounts)
              .where(
                and(
                  eq(t.accounts.organizationId, organizationId),
                  inArray(t.accounts.id, fresh.row.accountIds),
                ),
              )
          ).map((a) => a.id)
        : null;
      await writeGrants(tx, organizationId, user.id, role, grantFor(role, accountIds));
    }
    await tx
      .update(t.invitations)
      .set({ acceptedAt: new Date(), acceptedBy: user.id })
      .where(eq(t.invitations.id, fresh.row.id));
    await recordEvent(tx, organizationId, user.id, 'invitation_accepted', user.email, { role });
    // An invited person with a name has nothing left to set up: no organization of their own to create.
    await tx
      .update(t.users)
      .set({ onboardedAt: new Date() })
      .where(
        and(
          eq(t.users.id, user.id),
          isNull(t.users.onboardedAt),
          ne(t.users.firstName, ''),
          ne(t.users.lastName, ''),
        ),
      );
    const reachable = await tx.execute<{ id: string }>(sql`
      SELECT a.id FROM accounts a JOIN memberships m ON m.organization_id = a.organization_id
      WHERE m.user_id = ${user.id}::uuid AND m.organization_id = ${organizationId}::uuid
        AND (m.all_accounts OR EXISTS (SELECT 1 FROM membership_accounts ma
          WHERE ma.user_id = m.user_id AND ma.organization_id = m.organization_id AND ma.account_id = a.id))
      LIMIT 2`);
    return { organizationId, accountId: reachable.rows.length === 1 ? reachable.rows[0]!.id : null };
  });
}

// --- the organization's activity ------------------------------------------------------------------------

async function recordEvent(
  tx: TxDatabase,
  organizationId: string,
  actorUserId: string,
  kind: TeamEventKind,
  subjectEmail: string,
  details: Record<string, unknown>,
): Promise<void> {
  await tx.insert(t.organizationEvents).values({ organizationId, actorUserId, kind, subjectEmail, details });
}

export async function listTeamEvents(db: Db, organizationId: string, limit = 50): Promise<TeamEvent[]> {
  const rows = await db
    .select({ event: t.organizationEvents, actor: t.users })
    .from(t.organizationEvents)
    .leftJoin(t.users, eq(t.users.id, t.organizationEvents.actorUserId))
    .where(eq(t.organizationEvents.organizationId, organizationId))
    .orderBy(desc(t.organizationEvents.createdAt))
    .limit(limit);
  return rows.map(({ event, actor }) => ({
    id: event.id,
    kind: event.kind as TeamEventKind,
    actor: actor ? nameOf(actor) : null,
    subjectEmail: event.subjectEmail,
    role: (event.details.role as Role | undefined) ?? null,
    previousRole: (event.details.previousRole as Role | undefined) ?? null,
    createdAt: event.createdAt.toISOString(),
  }));
}

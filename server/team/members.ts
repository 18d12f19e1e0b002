import { grantFor, type Role } from '@contract/policy';
import type { StepUpTarget } from '@contract/stepUp';
import type { Member } from '@contract/team';
import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { Database } from '../db/connect';
import * as t from '../db/schema';
import type { TxDatabase } from '../db/transaction';
import { HttpError } from '../http/errors';

import { recordEvent, type TeamDb } from './activity';
import { checkAccounts, writeGrants } from './grants';

/**
 * An organization's members (issue 26): the list, a change of role or accounts, a removal. The rules that
 * need the rows live here: the last owner, only an owner makes owners, accounts of this organization.
 */

export const memberNotFound = () => new HttpError(404, 'Member not found');

export async function listMembers(db: TeamDb, organizationId: string): Promise<Member[]> {
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
  confirm: (target: StepUpTarget) => Promise<unknown>,
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
  confirm: (target: StepUpTarget) => Promise<unknown>,
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

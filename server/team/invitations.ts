import { createHash, randomBytes } from 'node:crypto';
import { grantFor, type Role } from '@contract/policy';
import type { StepUpTarget } from '@contract/stepUp';
import {
  INVITATION_DAYS,
  INVITATION_ENDED_MESSAGES,
  type Invitation,
  wrongAddressMessage,
} from '@contract/team';
import { and, desc, eq, gt, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { Database } from '../db/connect';
import * as t from '../db/schema';
import type { TxDatabase } from '../db/transaction';
import { HttpError } from '../http/errors';

import { nameOf, recordEvent, type TeamDb } from './activity';
import { checkAccounts, writeGrants } from './grants';

/**
 * Invitations (issue 26): one pending per address, a single-use link (only its hash kept), seven days,
 * accepted by the invited address only.
 */

const DAY_MS = 86_400_000;

export const hashInvitationToken = (token: string) => createHash('sha256').update(token).digest('base64url');
export const invitationNotFound = () => new HttpError(404, 'Invitation not found');

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
  db: TeamDb,
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
  confirm: (target: StepUpTarget) => Promise<unknown>,
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
  db: TeamDb,
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

export async function findUser(db: TeamDb, userId: string) {
  const [user] = await db.select().from(t.users).where(eq(t.users.id, userId));
  return user;
}

/** Who the invitation e-mail says invites, and to what. */
export async function invitationSender(
  db: TeamDb,
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

export async function userExists(db: TeamDb, email: string): Promise<boolean> {
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

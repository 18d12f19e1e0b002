import { grantFor, type Role } from '@contract/policy';
import { and, eq, inArray } from 'drizzle-orm';
import * as t from '../db/schema';
import type { TxDatabase } from '../db/transaction';
import { HttpError } from '../http/errors';

import type { TeamDb } from './activity';

/** The accounts a member may work in: checked against the organization, written to `membership_accounts`. */

/** Refuses account ids that are not this organization's, exactly as if they did not exist. */
export async function checkAccounts(
  db: TeamDb,
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

export async function writeGrants(
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

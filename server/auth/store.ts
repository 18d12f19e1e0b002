import { and, asc, eq, sql } from 'drizzle-orm';
import type { Database } from '../db/connect';
import { accounts, memberships, organizations, users } from '../db/schema';

export type UserRow = typeof users.$inferSelect;
export type OrganizationRow = typeof organizations.$inferSelect;
export type AccountRow = typeof accounts.$inferSelect;

/** The user with this e-mail address, if any. */
export async function userByEmail(db: Database, email: string): Promise<UserRow | undefined> {
  const [user] = await db.select().from(users).where(eq(users.email, email));
  return user;
}

/** Whether an account with this e-mail address exists (its id). */
export async function userIdByEmail(db: Database, email: string): Promise<{ id: string } | undefined> {
  const [existing] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
  return existing;
}

/** Inserts a new user; undefined when the e-mail address was taken meanwhile. */
export async function insertUser(
  db: Database,
  values: { email: string; passwordHash: string; firstName: string; lastName: string },
): Promise<UserRow | undefined> {
  const [user] = await db
    .insert(users)
    .values(values)
    .onConflictDoNothing({ target: users.email })
    .returning();
  return user;
}

export async function userById(db: Database, userId: string): Promise<UserRow | undefined> {
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  return user;
}

export async function organizationById(
  db: Database,
  organizationId: string,
): Promise<OrganizationRow | undefined> {
  const [organization] = await db.select().from(organizations).where(eq(organizations.id, organizationId));
  return organization;
}

export async function accountById(db: Database, accountId: string): Promise<AccountRow | undefined> {
  const [account] = await db.select().from(accounts).where(eq(accounts.id, accountId));
  return account;
}

/** The organizations the user is a member of, oldest first. */
export async function organizationsOfUser(db: Database, userId: string): Promise<OrganizationRow[]> {
  const rows = await db
    .select({ organization: organizations })
    .from(memberships)
    .innerJoin(organizations, eq(organizations.id, memberships.organizationId))
    .where(eq(memberships.userId, userId))
    .orderBy(asc(organizations.createdAt), asc(organizations.id));
  return rows.map((r) => r.organization);
}

/** The organization's name when the user is a member of it. */
export async function memberOrganization(
  db: Database,
  userId: string,
  organizationId: string,
): Promise<{ name: string } | undefined> {
  const [organization] = await db
    .select({ name: organizations.name })
    .from(memberships)
    .innerJoin(organizations, eq(organizations.id, memberships.organizationId))
    .where(and(eq(memberships.userId, userId), eq(memberships.organizationId, organizationId)));
  return organization;
}

/** The account of this organization with this id, if any. */
export async function accountOfOrganization(
  db: Database,
  accountId: string,
  organizationId: string,
): Promise<AccountRow | undefined> {
  const [account] = await db
    .select()
    .from(accounts)
    .where(and(eq(accounts.id, accountId), eq(accounts.organizationId, organizationId)));
  return account;
}

/** The account's name and organization when the user is a member of its organization. */
export async function memberAccount(
  db: Database,
  userId: string,
  accountId: string,
): Promise<{ name: string; organizationId: string } | undefined> {
  const [account] = await db
    .select({ name: accounts.name, organizationId: accounts.organizationId })
    .from(accounts)
    .innerJoin(
      memberships,
      and(eq(memberships.organizationId, accounts.organizationId), eq(memberships.userId, userId)),
    )
    // An account the member may not work in answers exactly like a missing one.
    .where(
      and(
        eq(accounts.id, accountId),
        sql`(${memberships.allAccounts} OR EXISTS (SELECT 1 FROM membership_accounts ma
          WHERE ma.user_id = ${memberships.userId} AND ma.organization_id = ${memberships.organizationId}
            AND ma.account_id = ${accounts.id}))`,
      ),
    );
  return account;
}

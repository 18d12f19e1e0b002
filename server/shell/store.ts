import { TRIAL_PLAN_CODE } from '@contract/plans';
import { and, eq, isNull } from 'drizzle-orm';
import { setSessionScope } from '../auth/sessions';
import type { Database } from '../db/connect';
import { accounts, memberships, organizations, users } from '../db/schema';
import type { SessionInfo } from '../http/env';

type UserRow = typeof users.$inferSelect;

/** When the user finished onboarding (null: not yet); undefined when there is no such user. */
export async function onboardedAt(
  db: Database,
  userId: string,
): Promise<{ onboardedAt: Date | null } | undefined> {
  const [current] = await db
    .select({ onboardedAt: users.onboardedAt })
    .from(users)
    .where(eq(users.id, userId));
  return current;
}

export interface OnboardingInput {
  firstName: string;
  lastName: string;
  organizationName: string;
  accountName: string;
}

/**
 * In one transaction: claims the user's onboarding (false when it was done already: nothing else happens),
 * creates the organization (trial plan) with the user as owner and its first account, and moves the session
 * there.
 */
export async function completeOnboarding(
  db: Database,
  session: SessionInfo,
  input: OnboardingInput,
  alreadyOnboarded: () => Error,
): Promise<void> {
  await db.transaction(async (tx) => {
    // Claims onboarding first: the row lock makes a concurrent second request find it done.
    const [user] = await tx
      .update(users)
      .set({ firstName: input.firstName, lastName: input.lastName, onboardedAt: new Date() })
      .where(and(eq(users.id, session.userId), isNull(users.onboardedAt)))
      .returning({ id: users.id });
    if (!user) throw alreadyOnboarded();
    const [organization] = await tx
      .insert(organizations)
      .values({ name: input.organizationName, planCode: TRIAL_PLAN_CODE, createdAt: new Date() })
      .returning({ id: organizations.id });
    await tx
      .insert(memberships)
      .values({ userId: session.userId, organizationId: organization!.id, role: 'owner' });
    const [account] = await tx
      .insert(accounts)
      .values({ organizationId: organization!.id, name: input.accountName })
      .returning({ id: accounts.id });
    // setSessionScope only opens a (nested) transaction, which inside this one is a savepoint:
    // the session moves in the same commit as everything above.
    await setSessionScope(tx as unknown as Database, session, organization!.id, account!.id);
  });
}

/** Applies the profile changes (none: reads the user as is); undefined when the user is gone. */
export async function updateProfile(
  db: Database,
  userId: string,
  changes: Partial<Pick<UserRow, 'firstName' | 'lastName'>>,
): Promise<UserRow | undefined> {
  const [user] =
    Object.keys(changes).length > 0
      ? await db.update(users).set(changes).where(eq(users.id, userId)).returning()
      : await db.select().from(users).where(eq(users.id, userId));
  return user;
}

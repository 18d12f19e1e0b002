import { and, eq, isNull } from 'drizzle-orm';
import { Hono } from 'hono';
import { TRIAL_PLAN_CODE } from '../../contract/plans';
import { OnboardingRequestSchema, type Profile, ProfileUpdateSchema } from '../../contract/shell';
import { requireSession, setSessionScope } from '../auth/sessions';
import type { Database } from '../db/connect';
import { accounts, memberships, organizations, users } from '../db/schema';
import { definedOnly } from '../http/definedOnly';
import type { AppEnv } from '../http/env';
import { HttpError, parseWith, readJsonObject } from '../http/errors';

const ALREADY_ONBOARDED = () =>
  new HttpError(409, 'You have already finished onboarding.', { errorCode: 'ALREADY_ONBOARDED' });

/** POST /api/onboarding and PATCH /api/auth/profile. */
export function onboardingRoutes() {
  const routes = new Hono<AppEnv>();

  routes.post('/api/onboarding', async (c) => {
    const session = requireSession(c);
    const db = c.get('db');
    const [current] = await db
      .select({ onboardedAt: users.onboardedAt })
      .from(users)
      .where(eq(users.id, session.userId));
    if (current?.onboardedAt) throw ALREADY_ONBOARDED();
    const input = parseWith(OnboardingRequestSchema, await readJsonObject(c));
    await db.transaction(async (tx) => {
      // Claims onboarding first: the row lock makes a concurrent second request find it done.
      const [user] = await tx
        .update(users)
        .set({ firstName: input.firstName, lastName: input.lastName, onboardedAt: new Date() })
        .where(and(eq(users.id, session.userId), isNull(users.onboardedAt)))
        .returning({ id: users.id });
      if (!user) throw ALREADY_ONBOARDED();
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
    return c.json({ success: true as const }, 201);
  });

  routes.patch('/api/auth/profile', async (c) => {
    const session = requireSession(c);
    const input = parseWith(ProfileUpdateSchema, await readJsonObject(c));
    const changes = definedOnly(input);
    const db = c.get('db');
    const [user] =
      Object.keys(changes).length > 0
        ? await db.update(users).set(changes).where(eq(users.id, session.userId)).returning()
        : await db.select().from(users).where(eq(users.id, session.userId));
    if (!user) throw new HttpError(401, 'Sign in to continue', { errorCode: 'UNAUTHENTICATED' });
    return c.json<Profile>({
      id: user.id,
      email: user.email,
      firstName: user.firstName,
      lastName: user.lastName,
    });
  });

  return routes;
}

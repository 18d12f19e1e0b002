import { OnboardingRequestSchema, type Profile, ProfileUpdateSchema } from '@contract/shell';
import { Hono } from 'hono';
import { requireSession } from '../auth/sessions';
import { definedOnly } from '../http/definedOnly';
import type { AppEnv } from '../http/env';
import { HttpError, parseWith, readJsonObject } from '../http/errors';
import { allow } from '../http/policy';
import { completeOnboarding, onboardedAt, updateProfile } from './store';

const ALREADY_ONBOARDED = () =>
  new HttpError(409, 'You have already finished onboarding.', { errorCode: 'ALREADY_ONBOARDED' });

/** POST /api/onboarding and PATCH /api/auth/profile. */
export function createOnboardingRoutes(): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();

  routes.post('/api/onboarding', allow('signedIn'), async (c) => {
    const session = requireSession(c);
    const db = c.get('db');
    const current = await onboardedAt(db, session.userId);
    if (current?.onboardedAt) throw ALREADY_ONBOARDED();
    const input = parseWith(OnboardingRequestSchema, await readJsonObject(c));
    await completeOnboarding(db, session, input, ALREADY_ONBOARDED);
    return c.json({ success: true as const }, 201);
  });

  routes.patch('/api/auth/profile', allow('signedIn'), async (c) => {
    const session = requireSession(c);
    const input = parseWith(ProfileUpdateSchema, await readJsonObject(c));
    const changes = definedOnly(input);
    const user = await updateProfile(c.get('db'), session.userId, changes);
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

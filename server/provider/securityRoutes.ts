import { eq } from 'drizzle-orm';
import { type Context, Hono } from 'hono';
import type { AuthenticatorList, EnrollmentTokenResponse, UserAuthenticator } from '../../contract/provider';
import { type ProviderClientConfig, STEP_UP_ACTIONS, type StepUpTarget } from '../../contract/stepUp';
import { type AppEnv, requireSession, type StepUpCheck } from '../auth/sessions';
import { users } from '../db/schema';
import { HttpError, notFound } from '../http/errors';
import type { StepUpProvider } from './adapter';
import type { ProviderConfig } from './config';

/** The step-up action name of removing an authenticator (a risky action). */
export const REMOVE_AUTHENTICATOR_ACTION = STEP_UP_ACTIONS.removeAuthenticator;

/**
 * Runs before a risky action with the signed-in user and the action's name; refuses it by throwing an
 * HttpError (enforcement answers 403 CHALLENGE_REQUIRED with challenge options, or accepts the verified token
 * of the X-Step-Up-Token header). `allowWithoutStepUp` lets the action through.
 */
export type RiskyActionGuard = StepUpCheck;
export const allowWithoutStepUp: RiskyActionGuard = async () => {};

/** How the challenge dialog names an authenticator: "the authenticator app", "the email OTP to a@b.example". */
function authenticatorNoun(a: UserAuthenticator): string {
  switch (a.verificationMethod) {
    case 'PASSKEY':
      return 'the passkey';
    case 'SECURITY_KEY':
      return 'the security key';
    case 'AUTHENTICATOR_APP':
      return 'the authenticator app';
    case 'EMAIL_OTP':
      return `the email OTP to ${a.email ?? a.label}`;
    case 'EMAIL_MAGIC_LINK':
      return `the email magic link to ${a.email ?? a.label}`;
    case 'SMS':
      return `the text message code to ${a.phoneNumber ?? a.label}`;
  }
}

/** "3 Mar 2026", the same for everyone (UTC, one locale). */
const addedOn = (iso: string) =>
  new Intl.DateTimeFormat('en-GB', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(iso));

/** The step-up target of removing one authenticator (issue 11): "Remove the authenticator app added on 3 Mar 2026". */
export function authenticatorTarget(a: UserAuthenticator): StepUpTarget {
  return {
    kind: 'authenticator',
    id: a.userAuthenticatorId,
    description: `Remove ${authenticatorNoun(a)} added on ${addedOn(a.createdAt)}`,
  };
}

export async function signInEmail(c: Context<AppEnv>, userId: string): Promise<string> {
  const [user] = await c.get('db').select({ email: users.email }).from(users).where(eq(users.id, userId));
  if (!user) throw new HttpError(401, 'Sign in to continue', { errorCode: 'UNAUTHENTICATED' });
  return user.email;
}

/** /api/security: the signed-in user's authenticators and the enrolment token of /settings/security. */
export function securityRoutes(
  provider: StepUpProvider,
  guard: RiskyActionGuard,
  clientConfig: Pick<ProviderConfig, 'appearance' | 'regionalBaseUrl'> = {
    appearance: {},
    regionalBaseUrl: undefined,
  },
) {
  const routes = new Hono<AppEnv>();

  routes.get('/api/security/provider', (c) => {
    requireSession(c);
    return c.json({
      tenantId: provider.tenantId,
      baseUrl: provider.baseUrl,
      ...(clientConfig.regionalBaseUrl ? { regionalBaseUrl: clientConfig.regionalBaseUrl } : {}),
      appearance: clientConfig.appearance,
    } satisfies ProviderClientConfig);
  });

  routes.get('/api/security/authenticators', async (c) => {
    const { userId } = requireSession(c);
    return c.json({ authenticators: await provider.listAuthenticators(userId) } satisfies AuthenticatorList);
  });

  routes.post('/api/security/enrollment-token', async (c) => {
    const { userId } = requireSession(c);
    const token = await provider.enrollmentToken({ userId, email: await signInEmail(c, userId) });
    return c.json({
      token,
      baseUrl: provider.baseUrl,
      tenantId: provider.tenantId,
    } satisfies EnrollmentTokenResponse);
  });

  routes.delete('/api/security/authenticators/:id', async (c) => {
    const { userId } = requireSession(c);
    const id = c.req.param('id');
    // Another user's id answers exactly like a missing one, before any step-up is asked for.
    const mine = (await provider.listAuthenticators(userId)).find((a) => a.userAuthenticatorId === id);
    if (!mine) throw notFound('Authenticator');
    await guard(c, { userId, action: REMOVE_AUTHENTICATOR_ACTION, target: authenticatorTarget(mine) });
    if (!(await provider.removeAuthenticator(userId, id))) throw notFound('Authenticator');
    return c.json({ success: true as const });
  });

  for (const [path, allow] of [
    ['/api/security/provider', 'GET'],
    ['/api/security/authenticators', 'GET'],
    ['/api/security/enrollment-token', 'POST'],
    ['/api/security/authenticators/:id', 'DELETE'],
  ] as const) {
    routes.all(path, (c) => {
      throw new HttpError(
        405,
        `${c.req.method} is not supported on ${c.req.path}; use ${allow}`,
        {},
        { Allow: allow },
      );
    });
  }
  return routes;
}

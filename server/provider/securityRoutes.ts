import type { AuthenticatorList, EnrollmentTokenResponse, UserAuthenticator } from '@contract/provider';
import { SECURITY_ACTIVITY_DEFAULT_LIMIT, SECURITY_ACTIVITY_MAX_LIMIT } from '@contract/securityActivity';
import { DismissNoticesSchema, type SecurityNoticeList } from '@contract/securityNotices';
import { type ProviderClientConfig, STEP_UP_ACTIONS, type StepUpTarget } from '@contract/stepUp';
import { type Context, Hono } from 'hono';
import { recentSecurityEvents } from '../auth/securityEvents';
import { requireSession } from '../auth/sessions';
import type { AppEnv, StepUpCheck } from '../http/env';
import { HttpError, notFound, parseWith, readJsonObject } from '../http/errors';
import { answerOtherMethods } from '../http/methodNotAllowed';
import { allow } from '../http/policy';
import type { StepUpProvider } from './adapter';
import type { ProviderConfig } from './config';
import { dismissNotices, undismissedNotices, userEmail } from './store';

/** The step-up action name of removing an authenticator (a risky action). */
export const REMOVE_AUTHENTICATOR_ACTION = STEP_UP_ACTIONS.removeAuthenticator;
/** The step-up action name of adding one: the enrolment token is handed out only after it (issue 11). */
export const ADD_AUTHENTICATOR_ACTION = STEP_UP_ACTIONS.addAuthenticator;

/** How long a “sign-in method added” notice waits for a session to show it. */
const NOTICE_DAYS = 30;

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
    case 'RECOVERY_CODE':
      return 'the recovery codes';
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
  const user = await userEmail(c.get('db'), userId);
  if (!user) throw new HttpError(401, 'Sign in to continue', { errorCode: 'UNAUTHENTICATED' });
  return user.email;
}

/** /api/security: the signed-in user's authenticators and the enrolment token of /settings/security. */
export function createSecurityRoutes({
  provider,
  guard,
  clientConfig = {
    appearance: {},
    regionalBaseUrl: undefined,
  },
}: {
  provider: StepUpProvider;
  guard: RiskyActionGuard;
  clientConfig?: Pick<ProviderConfig, 'appearance' | 'regionalBaseUrl'> & {
    /** FINGERPRINT_SCRIPT_URL: the device-fingerprint script the browser's step-up runtime loads. */
    fingerprintScriptUrl?: string | undefined;
  };
}): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();

  routes.get('/api/security/provider', allow('signedIn'), (c) => {
    requireSession(c);
    return c.json({
      tenantId: provider.tenantId,
      baseUrl: provider.baseUrl,
      ...(clientConfig.regionalBaseUrl ? { regionalBaseUrl: clientConfig.regionalBaseUrl } : {}),
      appearance: clientConfig.appearance,
      ...(clientConfig.fingerprintScriptUrl
        ? { fingerprintScriptUrl: clientConfig.fingerprintScriptUrl }
        : {}),
    } satisfies ProviderClientConfig);
  });

  routes.get('/api/security/authenticators', allow('signedIn'), async (c) => {
    const { userId } = requireSession(c);
    return c.json({ authenticators: await provider.listAuthenticators(userId) } satisfies AuthenticatorList);
  });

  // Adding a sign-in method is a risky action: a new method passes every later step-up, so the session
  // alone must not be enough to add one. The token is handed out after the user confirmed it's them with a
  // method they already have (or, with none, a code to their sign-in address).
  routes.post('/api/security/enrollment-token', allow('signedIn'), async (c) => {
    const { userId } = requireSession(c);
    await guard(c, { userId, action: ADD_AUTHENTICATOR_ACTION });
    const token = await provider.enrollmentToken({ userId, email: await signInEmail(c, userId) });
    return c.json({
      token,
      baseUrl: provider.baseUrl,
      tenantId: provider.tenantId,
    } satisfies EnrollmentTokenResponse);
  });

  routes.delete('/api/security/authenticators/:id', allow('signedIn'), async (c) => {
    const { userId } = requireSession(c);
    const id = c.req.param('id');
    // Another user's id answers exactly like a missing one, before any step-up is asked for.
    const mine = (await provider.listAuthenticators(userId)).find((a) => a.userAuthenticatorId === id);
    if (!mine) throw notFound('Authenticator');
    await guard(c, { userId, action: REMOVE_AUTHENTICATOR_ACTION, target: authenticatorTarget(mine) });
    if (!(await provider.removeAuthenticator(userId, id))) throw notFound('Authenticator');
    return c.json({ success: true as const });
  });

  // “A sign-in method was added”: the notices this session has not dismissed, newest first (30 days).
  routes.get('/api/security/notices', allow('signedIn'), async (c) => {
    const session = requireSession(c);
    const rows = await undismissedNotices(
      c.get('db'),
      session.userId,
      session.id,
      new Date(Date.now() - NOTICE_DAYS * 86_400_000),
    );
    c.header('Cache-Control', 'no-store');
    const list = {
      notices: rows.map((row) => ({
        id: row.id,
        kind: 'authenticator_added' as const,
        method: row.method as SecurityNoticeList['notices'][number]['method'],
        browser: row.userAgent ?? 'an unknown browser',
        createdAt: row.createdAt.toISOString(),
      })),
    } satisfies SecurityNoticeList;
    return c.json(list);
  });

  // Recent activity (issue 11): the user's sign-ins and step-ups, newest first; `_end` caps how many.
  routes.get('/api/security/activity', allow('signedIn'), async (c) => {
    const session = requireSession(c);
    const raw = c.req.query('_end');
    const limit = raw === undefined ? SECURITY_ACTIVITY_DEFAULT_LIMIT : Number(raw);
    if (!Number.isInteger(limit) || limit < 1 || limit > SECURITY_ACTIVITY_MAX_LIMIT) {
      throw new HttpError(400, `_end must be a whole number from 1 to ${SECURITY_ACTIVITY_MAX_LIMIT}.`);
    }
    c.header('Cache-Control', 'no-store');
    return c.json(await recentSecurityEvents(c.get('db'), session.userId, limit));
  });

  // Dismissed in this session only: the user's other sessions still show it.
  routes.post('/api/security/notices/dismiss', allow('signedIn'), async (c) => {
    const session = requireSession(c);
    const { ids } = parseWith(DismissNoticesSchema, await readJsonObject(c));
    // Only the user's own notices: another user's id is ignored like a missing one.
    await dismissNotices(c.get('db'), session.userId, session.id, ids);
    return c.json({ success: true as const });
  });

  answerOtherMethods(routes, {
    '/api/security/provider': 'GET',
    '/api/security/authenticators': 'GET',
    '/api/security/enrollment-token': 'POST',
    '/api/security/authenticators/:id': 'DELETE',
    '/api/security/notices': 'GET',
    '/api/security/notices/dismiss': 'POST',
    '/api/security/activity': 'GET',
  });
  return routes;
}

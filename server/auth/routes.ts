import { LoginRequestSchema, SignupRequestSchema } from '@contract/auth';
import { SSO_REQUIRED_MESSAGE, SSO_SIGNUP_REFUSED_MESSAGE } from '@contract/sso';
import { Hono } from 'hono';
import type { Database } from '../db/connect';
import type { AppEnv } from '../http/env';
import { HttpError, parseWith, readJsonObject } from '../http/errors';
import { allow } from '../http/policy';
import type { EmailSender } from '../mail/sender';
import { newDeviceId, readDeviceId, writeDeviceId } from './device';
import { sendNewDeviceNotice } from './newDeviceNotice';
import { dummyHash, hashPassword, verifyPassword } from './password';
import { recordSecurityEvent } from './securityEvents';
import { serializeAccount, serializeOrganization } from './serialize';
import { endSession, requireSession, startSession } from './sessions';
import { addressKey, signInAddress } from './signInAddress';
import {
  accountById,
  insertUser,
  organizationById,
  organizationsOfUser,
  userByEmail,
  userById,
  userIdByEmail,
} from './store';
import { createSwitchRoutes } from './switch';
import {
  attemptSucceeded,
  beginAttempt,
  knownPlace,
  pruneThrottle,
  rememberPlace,
  signupThrottleKey,
  THROTTLE_POLICIES,
  throttleKeys,
} from './throttle';

/** "45 seconds", "1 minute", "15 minutes". */
function waitText(seconds: number): string {
  if (seconds < 60) return `${seconds} second${seconds === 1 ? '' : 's'}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
}

const emailTaken = () =>
  new HttpError(409, 'An account with this e-mail address already exists.', {
    validationErrors: { email: { message: 'An account with this e-mail address already exists.' } },
  });

/**
 * Whether the address's organization requires single sign-on (then password sign-in is refused). A port:
 * server/sso/ (above this folder) implements it; app.ts hands it in.
 */
export type SingleSignOnRequired = (db: Database, email: string) => Promise<boolean>;

/** Sign-in, sign-up, sign-out, the session's user and organizations, and the switch routes. */
export function createAuthRoutes({
  email,
  singleSignOnRequired,
}: {
  email: EmailSender;
  singleSignOnRequired?: SingleSignOnRequired;
}): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();

  routes.post('/api/auth/login', allow('public'), async (c) => {
    const db = c.get('db');
    const { email: address, password } = parseWith(LoginRequestSchema, await readJsonObject(c));
    // Before the password is checked: the answer says nothing about it.
    if (await singleSignOnRequired?.(db, address)) {
      throw new HttpError(403, SSO_REQUIRED_MESSAGE, { errorCode: 'SSO_REQUIRED' });
    }
    const origin = { address: addressKey(signInAddress(c)), deviceId: readDeviceId(c) };
    const user = await userByEmail(db, address);
    const known = await knownPlace(db, user?.id, origin);
    const keys = throttleKeys(address, origin, known);
    const gate = await beginAttempt(db, keys);
    if (!gate.allowed) {
      throw new HttpError(
        429,
        `Too many failed sign-in attempts. Wait ${waitText(gate.retryAfterSeconds)} before trying again.`,
        { errorCode: 'THROTTLED' },
        { 'Retry-After': String(gate.retryAfterSeconds) },
      );
    }
    const valid = await verifyPassword(password, user?.passwordHash ?? (await dummyHash()));
    if (!user || !valid) {
      await pruneThrottle(db);
      throw new HttpError(401, 'The e-mail address or password is not correct.', {
        errorCode: 'INVALID_CREDENTIALS',
      });
    }
    await attemptSucceeded(db, keys);
    const deviceId = origin.deviceId ?? newDeviceId();
    await rememberPlace(db, user.id, { ...origin, deviceId });
    await startSession(c, db, user, { deviceId });
    writeDeviceId(c, deviceId);
    // A browser this account has not signed in from (within the known-place window): said in the security
    // activity and by e-mail, so a stolen password used elsewhere does not go unnoticed.
    const newDevice = !known.device;
    await recordSecurityEvent(db, {
      userId: user.id,
      kind: 'sign_in',
      method: 'PASSWORD',
      userAgent: c.req.header('user-agent'),
      address: signInAddress(c),
      newDevice,
    });
    if (newDevice) await sendNewDeviceNotice(email, user.email, c.req.header('user-agent'));
    return c.json({ success: true });
  });

  routes.post('/api/auth/signup', allow('public'), async (c) => {
    const db = c.get('db');
    const input = parseWith(SignupRequestSchema, await readJsonObject(c));
    // Counted per network address before any work: each attempt costs a slow password hash and says whether an
    // e-mail is taken, so an unlimited caller could burn CPU or enumerate addresses at speed.
    const gate = await beginAttempt(db, [signupThrottleKey(addressKey(signInAddress(c)))]);
    if (!gate.allowed) {
      const { free } = THROTTLE_POLICIES.signup;
      throw new HttpError(
        429,
        `Too many sign-ups from your network address: at most ${free} an hour. Try again in ${waitText(gate.retryAfterSeconds)}.`,
        { errorCode: 'SIGNUP_THROTTLED' },
        { 'Retry-After': String(gate.retryAfterSeconds) },
      );
    }
    // An address whose organization requires single sign-on gets no password either: it would be a way round.
    if (await singleSignOnRequired?.(db, input.email)) {
      throw new HttpError(403, SSO_SIGNUP_REFUSED_MESSAGE, {
        errorCode: 'SSO_REQUIRED',
        validationErrors: { email: { message: SSO_SIGNUP_REFUSED_MESSAGE } },
      });
    }
    // A taken address is answered before the password is hashed: the answer is the same, the work is not.
    const existing = await userIdByEmail(db, input.email);
    if (existing) throw emailTaken();
    const passwordHash = await hashPassword(input.password);
    const user = await insertUser(db, {
      email: input.email,
      passwordHash,
      firstName: input.firstName,
      lastName: input.lastName,
    });
    // Taken between the check and the insert (two sign-ups at once): the same answer.
    if (!user) throw emailTaken();
    // The browser that signed up is this user's first known device: signing in from it again is no news.
    const deviceId = readDeviceId(c) ?? newDeviceId();
    await rememberPlace(db, user.id, { address: addressKey(signInAddress(c)), deviceId });
    await startSession(c, db, user, { deviceId });
    writeDeviceId(c, deviceId);
    return c.json({ success: true }, 201);
  });

  routes.post('/api/auth/logout', allow('public'), async (c) => {
    await endSession(c, c.get('db'));
    return c.json({ success: true });
  });

  routes.get('/api/auth/user', allow('public'), async (c) => {
    const session = c.get('session');
    c.header('Cache-Control', 'no-store');
    if (!session) return c.json({ isAuthenticated: false });
    const db = c.get('db');
    const user = await userById(db, session.userId);
    if (!user) return c.json({ isAuthenticated: false });
    const organization = session.organizationId
      ? await organizationById(db, session.organizationId)
      : undefined;
    const account = session.accountId ? await accountById(db, session.accountId) : undefined;
    return c.json({
      isAuthenticated: true,
      requiresOnboarding: user.onboardedAt === null,
      isInOrganization: Boolean(organization),
      isInAccount: Boolean(account),
      currentOrganization: organization ? serializeOrganization(organization, c.get('stepUpTenantId')) : null,
      currentAccount: account ? serializeAccount(account) : null,
      role: organization ? session.role : null,
      accountIds: organization ? session.accountIds : null,
      id: user.id,
      email: user.email,
      firstName: user.firstName,
      lastName: user.lastName,
    });
  });

  routes.get('/api/organization', allow('signedIn'), async (c) => {
    const session = requireSession(c);
    const rows = await organizationsOfUser(c.get('db'), session.userId);
    return c.json(rows.map((organization) => serializeOrganization(organization, c.get('stepUpTenantId'))));
  });

  // /organization/switch and /account/switch: server/auth/switch.ts.
  routes.route('/', createSwitchRoutes());

  return routes;
}

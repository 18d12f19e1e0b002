import { canAssignRole, type Role } from '@contract/policy';
import {
  emailDomain,
  SSO_OWNER_ROLE_MESSAGE,
  type SsoErrorCode,
  type SsoSettings,
  SsoSettingsRequestSchema,
} from '@contract/sso';
import { type Context, Hono } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import * as v from 'valibot';
import { newDeviceId, readDeviceId, writeDeviceId } from '../auth/device';
import { isSecureRequest } from '../auth/secureCookie';
import { recordSecurityEvent } from '../auth/securityEvents';
import { startSession } from '../auth/sessions';
import { signInAddress } from '../auth/signInAddress';
import type { SecretBox } from '../db/secretBox';
import type { AppEnv } from '../http/env';
import { HttpError, parseWith, readJsonObject } from '../http/errors';
import { allow } from '../http/policy';
import { authorizationUrl, completeLogin, discover, SsoRefusal } from './oidc';
import {
  beginSsoLogin,
  consumeSsoLogin,
  SSO_LOGIN_MINUTES,
  saveSsoConfiguration,
  ssoClientForDomain,
  ssoClientOf,
  ssoConfiguration,
  ssoForDomain,
  ssoMember,
} from './store';

/** The browser that started a sign-in: its `state`, so an answer arriving in another browser is refused. */
const STATE_COOKIE = 'fp_sso';
export const FEDERATE_PATH = '/auth/federate';
export const CALLBACK_PATH = '/auth/federate/callback';

/**
 * Single sign-on (issue 26, docs/sso.md): the organization's settings (`sso.manage`), the public look-up the
 * sign-in page asks, and the two pages of the sign-in itself — `/auth/federate?domain=` (302 to the identity
 * provider) and its callback (a session, then 302 to `/`). Every refusal is a 302 to
 * `/auth/login?ssoError=<code>`, which the sign-in page explains (contract/sso.ts SSO_ERRORS).
 */
export function createSsoRoutes({
  box,
  publicOrigin,
}: {
  box: SecretBox;
  publicOrigin: string | undefined;
}): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  const origin = (c: Context) => publicOrigin ?? new URL(c.req.url).origin;
  const redirectUri = (c: Context) => `${origin(c)}${CALLBACK_PATH}`;
  const inOrg = { organizationParam: 'orgId' };

  const settingsOf = async (c: Context<AppEnv>, organizationId: string): Promise<SsoSettings> => {
    const found = await ssoConfiguration(c.get('db'), organizationId);
    return {
      configured: Boolean(found),
      issuer: found?.issuer ?? null,
      clientId: found?.clientId ?? null,
      hasClientSecret: found?.hasClientSecret ?? false,
      domains: found?.domains ?? [],
      role: found?.role ?? 'planner',
      accountIds: found ? found.accountIds : null,
      requireSso: found?.requireSso ?? false,
      redirectUri: redirectUri(c),
    };
  };

  routes.get('/api/organizations/:orgId/sso', allow('sso.manage', inOrg), async (c) =>
    c.json(await settingsOf(c, c.req.param('orgId'))),
  );

  routes.put('/api/organizations/:orgId/sso', allow('sso.manage', inOrg), async (c) => {
    const organizationId = c.req.param('orgId');
    const input = parseWith(SsoSettingsRequestSchema, await readJsonObject(c));
    // What single sign-on hands out is what the caller could hand out: only an owner makes owners.
    if (!canAssignRole(c.get('memberRole'), null, input.role as Role)) {
      throw new HttpError(403, SSO_OWNER_ROLE_MESSAGE, {
        errorCode: 'FORBIDDEN',
        validationErrors: { role: { message: SSO_OWNER_ROLE_MESSAGE } },
      });
    }
    await saveSsoConfiguration(c.get('db'), box, organizationId, {
      ...input,
      domains: input.domains,
      role: input.role as Role,
    });
    return c.json(await settingsOf(c, organizationId));
  });

  routes.get('/api/auth/sso', allow('public'), async (c) => {
    const email = v.safeParse(v.pipe(v.string(), v.trim(), v.toLowerCase(), v.email()), c.req.query('email'));
    const domain = email.success ? emailDomain(email.output) : '';
    const found = await ssoForDomain(c.get('db'), domain);
    return c.json({ ...found, domain: found.sso ? domain : null });
  });

  const refuse = (c: Context, code: SsoErrorCode) => {
    deleteCookie(c, STATE_COOKIE, { path: FEDERATE_PATH, secure: isSecureRequest(c) });
    return c.redirect(`/auth/login?ssoError=${code}`, 302);
  };

  routes.get(FEDERATE_PATH, allow('public'), async (c) => {
    const db = c.get('db');
    const domain = (c.req.query('domain') ?? '').trim().toLowerCase();
    const sso = domain ? await ssoClientForDomain(db, box, domain) : undefined;
    if (!sso) return refuse(c, 'UNKNOWN_DOMAIN');
    try {
      const config = await discover(sso);
      const login = await authorizationUrl(config, redirectUri(c), c.req.query('login_hint') || undefined);
      await beginSsoLogin(db, box, {
        state: login.state,
        organizationId: sso.organizationId,
        issuer: sso.issuer,
        nonce: login.nonce,
        codeVerifier: login.codeVerifier,
      });
      setCookie(c, STATE_COOKIE, login.state, {
        httpOnly: true,
        // Lax: the identity provider's redirect back is a top-level GET, which carries it.
        sameSite: 'Lax',
        secure: isSecureRequest(c),
        path: FEDERATE_PATH,
        maxAge: SSO_LOGIN_MINUTES * 60,
      });
      return c.redirect(login.url.href, 302);
    } catch (error) {
      if (error instanceof SsoRefusal) return refuse(c, error.code);
      throw error;
    }
  });

  routes.get(CALLBACK_PATH, allow('public'), async (c) => {
    const db = c.get('db');
    const state = c.req.query('state') ?? '';
    if (!state) return refuse(c, 'STATE_INVALID');
    const login = await consumeSsoLogin(db, box, state);
    if (login.status === 'used') return refuse(c, 'STATE_USED');
    if (login.status === 'expired') return refuse(c, 'STATE_EXPIRED');
    // Unknown, or started in another browser (a sign-in someone else began, slipped into this one).
    if (login.status !== 'ok' || getCookie(c, STATE_COOKIE) !== state) return refuse(c, 'STATE_INVALID');
    const sso = await ssoClientOf(db, box, login.organizationId);
    if (!sso) return refuse(c, 'UNKNOWN_DOMAIN');
    // The settings changed while the person was at the identity provider: not the issuer this began with.
    if (sso.issuer !== login.issuer) return refuse(c, 'WRONG_ISSUER');
    try {
      const config = await discover(sso);
      const callbackUrl = new URL(`${redirectUri(c)}${new URL(c.req.url).search}`);
      const person = await completeLogin(config, callbackUrl, {
        state,
        nonce: login.nonce,
        codeVerifier: login.codeVerifier,
      });
      if (!person.emailVerified || !person.email) return refuse(c, 'EMAIL_NOT_VERIFIED');
      // An organization's provider signs in its own domains only, never somebody else's account.
      if (!sso.domains.includes(emailDomain(person.email))) return refuse(c, 'EMAIL_OUTSIDE_DOMAINS');
      const member = await ssoMember(db, sso, person);
      if ('refused' in member) return refuse(c, member.refused);
      const { user } = member;
      deleteCookie(c, STATE_COOKIE, { path: FEDERATE_PATH, secure: isSecureRequest(c) });
      await startSession(c, db, user);
      writeDeviceId(c, readDeviceId(c) ?? newDeviceId());
      await recordSecurityEvent(db, {
        userId: user.id,
        kind: 'sign_in',
        method: 'SINGLE_SIGN_ON',
        userAgent: c.req.header('user-agent'),
        address: signInAddress(c),
      });
      return c.redirect('/', 302);
    } catch (error) {
      if (error instanceof SsoRefusal) {
        if (error.code === 'FAILED') console.warn('Single sign-on failed:', error.cause);
        return refuse(c, error.code);
      }
      throw error;
    }
  });

  return routes;
}

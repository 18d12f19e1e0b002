import { randomBytes } from 'node:crypto';
import { PLATFORMS } from '@contract/reference';
import OAuth2Server, {
  OAuthError,
  Request as OAuthRequest,
  Response as OAuthResponse,
} from '@node-oauth/oauth2-server';
import { type Context, Hono } from 'hono';
import type { Database } from '../../../db/connect';
import type { SecretBox } from '../../../db/secretBox';
import type { AppEnv } from '../../../http/env';
import { HttpError } from '../../../http/errors';
import { allow } from '../../../http/policy';
import {
  callbackPath,
  GOOGLE_ADS_SCOPE,
  META_SCOPE,
  type OAuthSettings,
  SANDBOX_SCOPE,
} from '../../oauthSettings';
import { hashToken } from '../oauthTokens';
import { sandboxAdAccounts } from './accounts';
import { CONSENT_CSS, consentPage, problemPage } from './consentPage';
import { revokeSandboxGrants } from './control';
import { type SandboxClient, sandboxOAuthModel } from './model';
import { connectedAdAccount, insertSandboxCode, revokeSandboxToken } from './store';

/** A code lives long enough for the redirect and the exchange, and no longer (RFC 6749 §4.1.2: ≤ 10 min). */
export const SANDBOX_CODE_TTL_MS = 5 * 60 * 1000;
/** How long a consent page may stay open before Allow is refused. */
const CONSENT_TTL_MS = 15 * 60 * 1000;
/**
 * The scopes each sandbox platform grants: its own generic pair, and the real platform's names where a real
 * connector asks for them (Meta's Facebook Login permissions, Google Ads' `adwords` scope).
 */
const KNOWN_SCOPES: Record<string, ReadonlySet<string>> = {
  meta: new Set([...SANDBOX_SCOPE.split(' '), ...META_SCOPE.split(' ')]),
  google: new Set([...SANDBOX_SCOPE.split(' '), GOOGLE_ADS_SCOPE]),
};
const knownScope = (platform: string, scope: string) =>
  (KNOWN_SCOPES[platform] ?? new Set(SANDBOX_SCOPE.split(' '))).has(scope);

interface ConsentRequest {
  platform: string;
  clientId: string;
  redirectUri: string;
  scope: string;
  state: string | null;
  codeChallenge: string;
  codeChallengeMethod: string;
  expiresAt: number;
}

const consentContext = (sessionId: string, platform: string) => `sandbox-consent:${platform}:${sessionId}`;

/**
 * The sandbox platforms as OAuth 2.0 authorization servers (RFC 6749 authorization code grant with PKCE,
 * RFC 7636, S256 only; RFC 7009 revocation), served under `/sandbox/<platform>/oauth/`. The person on the
 * consent page is the signed-in Flightplan user (the sandbox has no logins of its own); the token
 * endpoint is @node-oauth/oauth2-server over the sandbox tables.
 */
export function createSandboxOAuthRoutes({
  db,
  box,
  settings,
}: {
  db: Database;
  box: SecretBox;
  settings: Pick<OAuthSettings, 'origin' | 'sandboxClient'>;
}): Hono<AppEnv> {
  const clientFor = (platform: string): SandboxClient => ({
    ...settings.sandboxClient,
    redirectUri: `${settings.origin}${callbackPath(platform)}`,
  });
  const servers = new Map(
    PLATFORMS.map(({ key }) => [
      key,
      new OAuth2Server({
        model: sandboxOAuthModel(db, key, clientFor(key)),
        allowExtendedTokenAttributes: true,
        alwaysIssueNewRefreshToken: true,
        requireClientAuthentication: { authorization_code: true, refresh_token: true },
      }),
    ]),
  );
  const platformOf = (c: Context<AppEnv>) => {
    const key = c.req.param('platform') ?? '';
    const platform = PLATFORMS.find((p) => p.key === key);
    if (!platform) throw new HttpError(404, `No sandbox platform "${key}"`);
    return platform;
  };

  const routes = new Hono<AppEnv>();

  routes.get('/sandbox/oauth/consent.css', allow('public'), (c) => {
    c.header('Cache-Control', 'public, max-age=3600');
    return c.body(CONSENT_CSS, 200, { 'Content-Type': 'text/css; charset=utf-8' });
  });

  routes.get('/sandbox/:platform/oauth/authorize', allow('public'), (c) => {
    const platform = platformOf(c);
    const client = clientFor(platform.key);
    const q = c.req.query();
    pageHeaders(c, client.redirectUri);
    // Not this platform's client, or not its registered callback: never redirect (RFC 6749 §4.1.2.1).
    if (q.client_id !== client.clientId)
      return c.html(problemPage(platform.displayName, 'The app asking is not known to this platform.'), 400);
    if (q.redirect_uri !== client.redirectUri)
      return c.html(
        problemPage(platform.displayName, 'The app asked to return to an address it has not registered.'),
        400,
      );
    const back = (error: string, description: string) =>
      c.redirect(
        withParams(client.redirectUri, { error, error_description: description, state: q.state }),
        302,
      );
    if (q.response_type !== 'code') return back('unsupported_response_type', 'Only response_type=code');
    if (!q.code_challenge || !/^[A-Za-z0-9._~-]{43,128}$/.test(q.code_challenge))
      return back('invalid_request', 'A PKCE code_challenge is required');
    if (q.code_challenge_method !== 'S256')
      return back('invalid_request', 'code_challenge_method must be S256');
    const scopes = (q.scope?.trim() || SANDBOX_SCOPE).split(/[\s,]+/);
    // Meta's login dialog takes a comma-separated list as well as a spaced one.
    if (scopes.some((scope) => !knownScope(platform.key, scope)))
      return back('invalid_scope', 'Unknown scope');
    const session = c.get('session');
    if (!session)
      return c.html(
        problemPage(
          platform.displayName,
          'Sign in to Flightplan first: the sandbox platforms use its sign-in.',
        ),
        401,
      );
    const request: ConsentRequest = {
      platform: platform.key,
      clientId: client.clientId,
      redirectUri: client.redirectUri,
      scope: scopes.join(' '),
      state: q.state ?? null,
      codeChallenge: q.code_challenge,
      codeChallengeMethod: 'S256',
      expiresAt: Date.now() + CONSENT_TTL_MS,
    };
    return c.html(
      consentPage({
        platformName: platform.displayName,
        appName: 'Flightplan',
        scopes,
        adAccounts: sandboxAdAccounts(platform.key, session.userId),
        consent: box.seal(JSON.stringify(request), consentContext(session.id, platform.key)),
        action: `/sandbox/${platform.key}/oauth/authorize`,
      }),
    );
  });

  routes.post('/sandbox/:platform/oauth/authorize', allow('public'), async (c) => {
    const platform = platformOf(c);
    const client = clientFor(platform.key);
    pageHeaders(c, client.redirectUri);
    const session = c.get('session');
    const form = await c.req.parseBody();
    const refuse = (message: string) => c.html(problemPage(platform.displayName, message), 400);
    if (!session) return refuse('Sign in to Flightplan first: the sandbox platforms use its sign-in.');
    let request: ConsentRequest;
    try {
      request = JSON.parse(
        box.open(String(form.consent ?? ''), consentContext(session.id, platform.key)),
      ) as ConsentRequest;
    } catch {
      // Sealed for another session or platform, or changed: a forged form.
      return refuse('This consent form is not valid. Start connecting again from the app.');
    }
    if (request.expiresAt < Date.now())
      return refuse('This consent page has expired. Start connecting again.');
    if (form.decision !== 'allow')
      return c.redirect(
        withParams(request.redirectUri, {
          error: 'access_denied',
          error_description: 'The person cancelled',
          state: request.state,
        }),
        303,
      );
    const account = sandboxAdAccounts(platform.key, session.userId).find((a) => a.id === form.ad_account);
    if (!account) return refuse('Choose one of your ad accounts.');
    const code = randomBytes(32).toString('base64url');
    await insertSandboxCode(db, {
      codeHash: hashToken(code),
      platformKey: platform.key,
      clientId: request.clientId,
      redirectUri: request.redirectUri,
      codeChallenge: request.codeChallenge,
      codeChallengeMethod: request.codeChallengeMethod,
      scope: request.scope,
      externalAccountId: account.id,
      expiresAt: new Date(Date.now() + SANDBOX_CODE_TTL_MS),
    });
    return c.redirect(withParams(request.redirectUri, { code, state: request.state }), 303);
  });

  routes.post('/sandbox/:platform/oauth/token', allow('public'), async (c) => {
    const platform = platformOf(c);
    const server = servers.get(platform.key)!;
    const body = await formBody(c);
    const request = new OAuthRequest({
      method: 'POST',
      // type-is wants a length to believe there is a body; the fetch Request may not carry one.
      headers: { ...Object.fromEntries(c.req.raw.headers), 'content-length': '1' },
      query: c.req.query(),
      body,
    });
    const response = new OAuthResponse();
    try {
      await server.token(request, response);
    } catch (error) {
      if (!(error instanceof OAuthError)) throw error;
      c.header('Cache-Control', 'no-store');
      if (error.code === 401) c.header('WWW-Authenticate', 'Basic realm="sandbox"');
      return c.json(
        { error: error.name, error_description: error.message, message: error.message },
        error.code === 401 ? 401 : 400,
      );
    }
    c.header('Cache-Control', 'no-store');
    c.header('Pragma', 'no-cache');
    return c.json(response.body as Record<string, unknown>, 200);
  });

  // RFC 7009: the client hands a token back; the answer is the same whether it was known or not.
  routes.post('/sandbox/:platform/oauth/revoke', allow('public'), async (c) => {
    const platform = platformOf(c);
    const body = await formBody(c);
    const [id, secret] = clientCredentials(c, body);
    const client = clientFor(platform.key);
    if (id !== client.clientId || secret !== client.clientSecret)
      return c.json({ error: 'invalid_client', message: 'Client authentication failed' }, 401);
    const token = body.token;
    if (!token) return c.json({ error: 'invalid_request', message: 'token is required' }, 400);
    const hash = hashToken(token);
    await revokeSandboxToken(db, platform.key, hash);
    return c.body(null, 200);
  });

  /**
   * The sandbox's stand-in for the platform's own "remove app access" setting (demos, e2e): revokes every
   * grant of the ad account the signed-in planner's current account is connected to.
   */
  routes.post('/sandbox/:platform/control/revoke', allow('public'), async (c) => {
    const platform = platformOf(c);
    const session = c.get('session');
    if (!session?.accountId) throw new HttpError(401, 'Sign in and choose an account first');
    const connection = await connectedAdAccount(db, session.accountId, platform.key);
    if (!connection) throw new HttpError(404, `${platform.displayName} is not connected to this account`);
    const revoked = await revokeSandboxGrants(db, platform.key, connection.externalAccountId);
    return c.json({ revoked });
  });

  return routes;
}

function pageHeaders(c: Context, redirectUri: string) {
  // The consent page is another site's page: no script, nothing framed, the form may only go to the
  // platform itself and on to the app's registered callback (Chromium checks form-action on redirects).
  c.header(
    'Content-Security-Policy',
    `default-src 'none'; style-src 'self'; form-action 'self' ${new URL(redirectUri).origin}; frame-ancestors 'none'; base-uri 'none'`,
  );
  c.header('X-Frame-Options', 'DENY');
  // Nothing of the consent page's address leaks to another site; `same-origin` (not `no-referrer`, under
  // which browsers send `Origin: null` with the form and the CSRF check refuses it).
  c.header('Referrer-Policy', 'same-origin');
}

function withParams(base: string, params: Record<string, string | null | undefined>): string {
  const url = new URL(base);
  for (const [name, value] of Object.entries(params)) if (value) url.searchParams.set(name, value);
  return url.href;
}

async function formBody(c: Context): Promise<Record<string, string>> {
  const type = c.req.header('content-type') ?? '';
  if (!type.includes('application/x-www-form-urlencoded'))
    throw new HttpError(400, 'Send the body as application/x-www-form-urlencoded');
  const params = new URLSearchParams(await c.req.text());
  return Object.fromEntries(params);
}

function clientCredentials(
  c: Context,
  body: Record<string, string>,
): [string | undefined, string | undefined] {
  const basic = c.req.header('authorization')?.match(/^Basic\s+(.+)$/i)?.[1];
  if (basic) {
    const decoded = Buffer.from(basic, 'base64').toString('utf8');
    const colon = decoded.indexOf(':');
    return [decodeURIComponent(decoded.slice(0, colon)), decodeURIComponent(decoded.slice(colon + 1))];
  }
  return [body.client_id, body.client_secret];
}

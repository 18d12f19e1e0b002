import type { SsoErrorCode } from '@contract/sso';
import * as client from 'openid-client';

/**
 * Our OpenID Connect client (openid-client v6): discovery of the organization's issuer, the authorization URL
 * (code flow, PKCE S256, state, nonce), and the code exchange with every check the library makes (issuer of
 * the answer and of the ID token, state, nonce, PKCE, audience, signature), its refusals named as ours.
 */

export interface OidcClientSettings {
  issuer: string;
  clientId: string;
  clientSecret: string | null;
}

export class SsoRefusal extends Error {
  constructor(
    readonly code: SsoErrorCode,
    cause?: unknown,
  ) {
    super(code, { cause });
  }
}

const CACHE_MS = 5 * 60_000;
const cache = new Map<string, { at: number; config: Promise<client.Configuration> }>();

/** The issuer's configuration, discovered at most every five minutes per issuer and client. */
export function discover(settings: OidcClientSettings): Promise<client.Configuration> {
  const key = JSON.stringify([settings.issuer, settings.clientId, settings.clientSecret]);
  const hit = cache.get(key);
  if (hit && Date.now() - hit.at < CACHE_MS) return hit.config;
  const url = new URL(settings.issuer);
  const config = client
    .discovery(
      url,
      settings.clientId,
      settings.clientSecret ?? undefined,
      settings.clientSecret ? client.ClientSecretBasic(settings.clientSecret) : client.None(),
      {
        // Plain http only reaches this machine (contract/sso.ts isAllowedIssuer): the local identity provider.
        ...(url.protocol === 'http:' ? { execute: [client.allowInsecureRequests] } : {}),
        timeout: 10,
      },
    )
    .catch((error: unknown) => {
      cache.delete(key);
      throw new SsoRefusal(isIssuerMismatch(error) ? 'WRONG_ISSUER' : 'IDP_UNAVAILABLE', error);
    });
  cache.set(key, { at: Date.now(), config });
  return config;
}

export interface StartedLogin {
  url: URL;
  state: string;
  nonce: string;
  codeVerifier: string;
}

export async function authorizationUrl(
  config: client.Configuration,
  redirectUri: string,
  loginHint?: string,
): Promise<StartedLogin> {
  const codeVerifier = client.randomPKCECodeVerifier();
  const state = client.randomState();
  const nonce = client.randomNonce();
  const url = client.buildAuthorizationUrl(config, {
    redirect_uri: redirectUri,
    scope: 'openid email profile',
    response_type: 'code',
    code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
    code_challenge_method: 'S256',
    state,
    nonce,
    ...(loginHint ? { login_hint: loginHint } : {}),
  });
  return { url, state, nonce, codeVerifier };
}

export interface SsoPerson {
  email: string;
  emailVerified: boolean;
  firstName: string;
  lastName: string;
}

/** Exchanges the code (checking state, nonce and PKCE) and answers who the ID token (or userinfo) names. */
export async function completeLogin(
  config: client.Configuration,
  callbackUrl: URL,
  checks: { state: string; nonce: string; codeVerifier: string },
): Promise<SsoPerson> {
  let tokens: Awaited<ReturnType<typeof client.authorizationCodeGrant>>;
  try {
    tokens = await client.authorizationCodeGrant(config, callbackUrl, {
      pkceCodeVerifier: checks.codeVerifier,
      expectedState: checks.state,
      expectedNonce: checks.nonce,
      idTokenExpected: true,
    });
  } catch (error) {
    throw new SsoRefusal(refusalOf(error), error);
  }
  const idToken = tokens.claims();
  if (!idToken) throw new SsoRefusal('FAILED');
  let claims: Record<string, unknown> = { ...idToken };
  if (typeof claims.email !== 'string') {
    try {
      claims = { ...(await client.fetchUserInfo(config, tokens.access_token, idToken.sub)), ...claims };
    } catch (error) {
      throw new SsoRefusal('FAILED', error);
    }
  }
  const email = typeof claims.email === 'string' ? claims.email.trim().toLowerCase() : '';
  const name = typeof claims.name === 'string' ? claims.name.trim() : '';
  const [first = '', ...rest] = name.split(/\s+/);
  return {
    email,
    emailVerified: claims.email_verified === true,
    firstName: typeof claims.given_name === 'string' ? claims.given_name : first,
    lastName: typeof claims.family_name === 'string' ? claims.family_name : rest.join(' '),
  };
}

interface ClientErrorShape {
  code?: string;
  message?: string;
  cause?: {
    message?: string;
    claim?: string;
    attribute?: string;
    cause?: { claim?: string; attribute?: string };
  };
}

/** openid-client wraps oauth4webapi's error (whose `cause` names the claim or attribute) as its `cause`. */
function detailsOf(error: unknown): { code?: string; message: string; claim?: string; attribute?: string } {
  const e = (error ?? {}) as ClientErrorShape;
  return {
    code: e.code,
    message: `${e.message ?? ''} ${e.cause?.message ?? ''}`,
    claim: e.cause?.cause?.claim ?? e.cause?.claim,
    attribute: e.cause?.cause?.attribute ?? e.cause?.attribute,
  };
}

function isIssuerMismatch(error: unknown): boolean {
  const d = detailsOf(error);
  return d.code === 'OAUTH_JSON_ATTRIBUTE_COMPARISON_FAILED' && d.attribute === 'issuer';
}

/** openid-client's (oauth4webapi's) errors as our refusal codes. */
export function refusalOf(error: unknown): SsoErrorCode {
  if (error instanceof client.AuthorizationResponseError) return 'DENIED';
  if (error instanceof client.ResponseBodyError)
    return error.error === 'invalid_grant' ? 'INVALID_CODE' : 'FAILED';
  const d = detailsOf(error);
  if (d.code === 'OAUTH_JWT_CLAIM_COMPARISON_FAILED') {
    if (d.claim === 'nonce') return 'WRONG_NONCE';
    if (d.claim === 'iss') return 'WRONG_ISSUER';
  }
  if (d.code === 'OAUTH_INVALID_RESPONSE' && /"iss"/.test(d.message)) return 'WRONG_ISSUER';
  if (isIssuerMismatch(error)) return 'WRONG_ISSUER';
  return 'FAILED';
}

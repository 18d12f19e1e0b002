import * as client from 'openid-client';
import type { OAuthClientSettings, OAuthSettings } from '../platforms/oauthSettings';

/** How the server reaches authorization servers; tests hand in the app's own `request`. */
export type OAuthFetch = (url: string, init: RequestInit) => Response | Promise<Response>;

/** What our OAuth client knows per platform: its settings and the openid-client configuration. */
export interface PlatformOAuth {
  settings: OAuthClientSettings;
  config: client.Configuration;
}

export type OAuthClients = ReadonlyMap<string, PlatformOAuth>;

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * One openid-client configuration per platform (plain OAuth 2.0 server metadata: no discovery, the
 * sandbox is no OpenID provider). Plain http is allowed only towards this machine, for the sandbox in
 * development and tests; anything else must be https.
 */
export function createOAuthClients(settings: OAuthSettings, fetchImpl?: OAuthFetch): OAuthClients {
  const clients = new Map<string, PlatformOAuth>();
  for (const [key, platform] of Object.entries(settings.platforms)) {
    const token = new URL(platform.tokenUrl);
    const config = new client.Configuration(
      {
        issuer: token.origin,
        authorization_endpoint: platform.authorizationUrl,
        token_endpoint: platform.tokenUrl,
        ...(platform.revocationUrl ? { revocation_endpoint: platform.revocationUrl } : {}),
      },
      platform.clientId,
      platform.clientSecret,
    );
    if (token.protocol === 'http:' && LOOPBACK.has(token.hostname)) client.allowInsecureRequests(config);
    if (fetchImpl)
      config[client.customFetch] = async (url, options) => fetchImpl(url, options as RequestInit);
    clients.set(key, { settings: platform, config });
  }
  return clients;
}

/** The tokens a grant answered, in the form `saveConnection` keeps. */
export function tokensOf(
  response: client.TokenEndpointResponse & client.TokenEndpointResponseHelpers,
  now = Date.now(),
) {
  const expiresIn = response.expiresIn() ?? 3600;
  const refreshIn = Number(response.refresh_token_expires_in);
  return {
    accessToken: response.access_token,
    refreshToken: response.refresh_token ?? null,
    accessExpiresAt: new Date(now + expiresIn * 1000),
    refreshExpiresAt: Number.isFinite(refreshIn) && refreshIn > 0 ? new Date(now + refreshIn * 1000) : null,
    scope: response.scope ?? '',
  };
}

/** An authorization server's refusal of a grant (`invalid_grant`: revoked, expired or used). */
export function grantRefusal(error: unknown): string | null {
  if (error instanceof client.ResponseBodyError) return error.error;
  return null;
}

export { client as openid };

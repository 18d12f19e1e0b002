import { PLATFORMS } from '@contract/reference';

/**
 * Our OAuth client's settings for one platform. By default every platform is its sandbox, served by this
 * server under `/sandbox/<key>/oauth/…`; setting a platform's variables points its connection at the real
 * authorization server instead (docs/connections.md):
 *   OAUTH_<KEY>_AUTHORIZATION_URL, OAUTH_<KEY>_TOKEN_URL, OAUTH_<KEY>_REVOCATION_URL,
 *   OAUTH_<KEY>_CLIENT_ID, OAUTH_<KEY>_CLIENT_SECRET, OAUTH_<KEY>_SCOPE   (KEY: META, GOOGLE, TIKTOK, …)
 */
export interface OAuthClientSettings {
  authorizationUrl: string;
  tokenUrl: string;
  revocationUrl: string | null;
  clientId: string;
  clientSecret: string;
  scope: string;
  /** Where the platform sends the planner back: our callback, registered with the platform. */
  redirectUri: string;
}

export interface OAuthSettings {
  /** PUBLIC_ORIGIN, else http://localhost:PORT: the origin of the sandbox endpoints and of our callback. */
  origin: string;
  /** SANDBOX_OAUTH_CLIENT_ID / SANDBOX_OAUTH_CLIENT_SECRET: the client the sandbox servers know (Flightplan). */
  sandboxClient: { clientId: string; clientSecret: string };
  platforms: Record<string, OAuthClientSettings>;
}

export const SANDBOX_SCOPE = 'ads_read ads_management';

export const callbackPath = (platformKey: string) => `/api/platforms/${platformKey}/callback`;

export function readOAuthSettings(
  env: NodeJS.ProcessEnv,
  port: number,
  publicOrigin: string | undefined,
): OAuthSettings {
  const origin = (publicOrigin ?? `http://localhost:${port}`).replace(/\/$/, '');
  const sandboxClient = {
    clientId: env.SANDBOX_OAUTH_CLIENT_ID?.trim() || 'flightplan',
    // The sandbox is a stand-in served by ourselves: its client secret guards nothing a real one would.
    clientSecret: env.SANDBOX_OAUTH_CLIENT_SECRET?.trim() || 'flightplan-sandbox-secret',
  };
  const platforms: Record<string, OAuthClientSettings> = {};
  for (const { key } of PLATFORMS) {
    const read = (name: string) => env[`OAUTH_${key.toUpperCase()}_${name}`]?.trim() || undefined;
    const sandbox = `${origin}/sandbox/${key}/oauth`;
    const settings: OAuthClientSettings = {
      authorizationUrl: read('AUTHORIZATION_URL') ?? `${sandbox}/authorize`,
      tokenUrl: read('TOKEN_URL') ?? `${sandbox}/token`,
      revocationUrl: read('REVOCATION_URL') ?? (read('TOKEN_URL') ? null : `${sandbox}/revoke`),
      clientId: read('CLIENT_ID') ?? sandboxClient.clientId,
      clientSecret: read('CLIENT_SECRET') ?? sandboxClient.clientSecret,
      scope: read('SCOPE') ?? SANDBOX_SCOPE,
      redirectUri: `${origin}${callbackPath(key)}`,
    };
    const urls = {
      AUTHORIZATION_URL: 'authorizationUrl',
      TOKEN_URL: 'tokenUrl',
      REVOCATION_URL: 'revocationUrl',
    };
    for (const [variable, name] of Object.entries(urls) as [string, keyof typeof settings][]) {
      const value = settings[name];
      if (value !== null && !URL.canParse(value))
        throw new Error(`OAUTH_${key.toUpperCase()}_${variable} must be an absolute URL, got "${value}"`);
    }
    platforms[key] = settings;
  }
  return { origin, sandboxClient, platforms };
}

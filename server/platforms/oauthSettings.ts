import { PLATFORMS } from '@contract/reference';
import type { GoogleAdsSettings, MetaGraphSettings } from './apiSettings';

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
  /**
   * Extra parameters of the authorization request the platform needs (Google: `access_type=offline` and
   * `prompt=consent`, or it issues no refresh token).
   */
  authorizationParams: Record<string, string>;
}

export interface OAuthSettings {
  /** PUBLIC_ORIGIN, else http://localhost:PORT: the origin of the sandbox endpoints and of our callback. */
  origin: string;
  /** SANDBOX_OAUTH_CLIENT_ID / SANDBOX_OAUTH_CLIENT_SECRET: the client the sandbox servers know (Flightplan). */
  sandboxClient: { clientId: string; clientSecret: string };
  platforms: Record<string, OAuthClientSettings>;
}

export const SANDBOX_SCOPE = 'ads_read ads_management';
/**
 * Facebook Login for Business: manage and read ads, list the business's ad accounts, and the Pages the ads run
 * as (`me/accounts`, the creative's `object_story_spec.page_id`).
 */
export const META_SCOPE = 'ads_management ads_read business_management pages_show_list pages_read_engagement';
export const GOOGLE_ADS_SCOPE = 'https://www.googleapis.com/auth/adwords';

/** The real connectors chosen (PLATFORM_CONNECTORS), whose authorization servers differ from the sandbox's. */
export interface RealConnectorSettings {
  production: boolean;
  /** Set when `meta=graph`. */
  meta?: MetaGraphSettings;
  /** Set when `google=googleads`. */
  googleAds?: GoogleAdsSettings;
}

interface PlatformDefaults {
  authorizationUrl: string;
  tokenUrl: string;
  revocationUrl: string | null;
  scope: string;
  authorizationParams: Record<string, string>;
}

/**
 * Where a platform's consent page and token endpoint are when nothing is set. The sandbox's by default; with a
 * real connector, the platform's own (Meta: the login dialog on www.facebook.com, the token on the Graph API,
 * which also answers it locally at META_GRAPH_URL; Google: accounts.google.com and oauth2.googleapis.com in
 * production, the sandbox's Google-shaped server on a development start).
 */
function defaultsFor(key: string, sandbox: string, real: RealConnectorSettings): PlatformDefaults {
  const sandboxDefaults = {
    authorizationUrl: `${sandbox}/authorize`,
    tokenUrl: `${sandbox}/token`,
    revocationUrl: `${sandbox}/revoke`,
    scope: SANDBOX_SCOPE,
    authorizationParams: {},
  };
  if (key === 'meta' && real.meta) {
    const { url, version } = real.meta;
    return {
      authorizationUrl: real.production
        ? `https://www.facebook.com/${version}/dialog/oauth`
        : sandboxDefaults.authorizationUrl,
      tokenUrl: `${url}/${version}/oauth/access_token`,
      // Meta has no OAuth revocation endpoint: Disconnect calls DELETE /me/permissions (the connector's revokeGrant).
      revocationUrl: null,
      scope: META_SCOPE,
      authorizationParams: {},
    };
  }
  if (key === 'google' && real.googleAds) {
    return {
      ...(real.production
        ? {
            authorizationUrl: 'https://accounts.google.com/o/oauth2/v2/auth',
            tokenUrl: 'https://oauth2.googleapis.com/token',
            revocationUrl: 'https://oauth2.googleapis.com/revoke',
          }
        : sandboxDefaults),
      scope: GOOGLE_ADS_SCOPE,
      authorizationParams: { access_type: 'offline', prompt: 'consent' },
    };
  }
  return sandboxDefaults;
}

export const callbackPath = (platformKey: string) => `/api/platforms/${platformKey}/callback`;

export function readOAuthSettings(
  env: NodeJS.ProcessEnv,
  port: number,
  publicOrigin: string | undefined,
  real: RealConnectorSettings = { production: false },
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
    const defaults = defaultsFor(key, `${origin}/sandbox/${key}/oauth`, real);
    const settings: OAuthClientSettings = {
      authorizationUrl: read('AUTHORIZATION_URL') ?? defaults.authorizationUrl,
      tokenUrl: read('TOKEN_URL') ?? defaults.tokenUrl,
      revocationUrl: read('REVOCATION_URL') ?? (read('TOKEN_URL') ? null : defaults.revocationUrl),
      clientId: read('CLIENT_ID') ?? sandboxClient.clientId,
      clientSecret: read('CLIENT_SECRET') ?? sandboxClient.clientSecret,
      scope: read('SCOPE') ?? defaults.scope,
      redirectUri: `${origin}${callbackPath(key)}`,
      authorizationParams: defaults.authorizationParams,
    };
    const urls = {
      AUTHORIZATION_URL: settings.authorizationUrl,
      TOKEN_URL: settings.tokenUrl,
      REVOCATION_URL: settings.revocationUrl,
    };
    for (const [variable, value] of Object.entries(urls)) {
      if (value !== null && !URL.canParse(value))
        throw new Error(`OAUTH_${key.toUpperCase()}_${variable} must be an absolute URL, got "${value}"`);
    }
    platforms[key] = settings;
  }
  return { origin, sandboxClient, platforms };
}

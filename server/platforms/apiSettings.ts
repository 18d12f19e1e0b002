/**
 * Where the real platforms' connectors send their calls (docs/configuration.md, "Ad platforms"). On a
 * development start an unset base URL is the local stand-in this server answers under `/sandbox/…`, in the
 * platform's own wire format; in production it is the platform itself.
 */
export interface MetaGraphSettings {
  /** META_GRAPH_URL: the Graph API's origin (and path prefix), without the version. */
  url: string;
  /** META_GRAPH_VERSION (`v27.0`): the path's version segment. */
  version: string;
  /** The Meta app (OAUTH_META_CLIENT_ID / OAUTH_META_CLIENT_SECRET): the long-lived token exchange and debug_token need it. */
  appId: string;
  appSecret: string;
}

export interface GoogleAdsSettings {
  /** GOOGLE_ADS_URL: the Google Ads API's origin (and path prefix), without the version. */
  url: string;
  /** GOOGLE_ADS_VERSION (`v25`). */
  version: string;
  /** GOOGLE_ADS_DEVELOPER_TOKEN: sent as the `developer-token` header on every call. */
  developerToken: string;
}

export const META_GRAPH_DEFAULT_VERSION = 'v27.0';
export const GOOGLE_ADS_DEFAULT_VERSION = 'v25';
export const META_GRAPH_PRODUCTION_URL = 'https://graph.facebook.com';
export const GOOGLE_ADS_PRODUCTION_URL = 'https://googleads.googleapis.com';
/** The developer token the local Google Ads stand-in accepts (a real one comes from the manager account's API Center). */
export const SANDBOX_DEVELOPER_TOKEN = 'flightplan-sandbox-developer-token';

export const metaSandboxUrl = (origin: string) => `${origin}/sandbox/meta/graph`;
export const googleAdsSandboxUrl = (origin: string) => `${origin}/sandbox/google-ads`;

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);

function baseUrl(name: string, raw: string | undefined, fallback: string): string {
  const value = raw?.trim() || fallback;
  if (!URL.canParse(value)) throw new Error(`${name} must be an absolute URL, got "${value}"`);
  const url = new URL(value);
  // Access tokens travel on every call: plain http only towards this machine (the local stand-ins).
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && LOOPBACK.has(url.hostname)))
    throw new Error(`${name} must be an https URL (http only on this machine), got "${value}"`);
  if (url.search || url.hash) throw new Error(`${name} must not have a query or fragment, got "${value}"`);
  return value.replace(/\/+$/, '');
}

function version(name: string, raw: string | undefined, fallback: string, pattern: RegExp, example: string) {
  const value = raw?.trim() || fallback;
  if (!pattern.test(value)) throw new Error(`${name} must look like ${example}, got "${value}"`);
  return value;
}

export function readMetaGraphSettings(
  env: NodeJS.ProcessEnv,
  {
    origin,
    production,
    appId,
    appSecret,
  }: { origin: string; production: boolean; appId: string; appSecret: string },
): MetaGraphSettings {
  return {
    url: baseUrl(
      'META_GRAPH_URL',
      env.META_GRAPH_URL,
      production ? META_GRAPH_PRODUCTION_URL : metaSandboxUrl(origin),
    ),
    version: version(
      'META_GRAPH_VERSION',
      env.META_GRAPH_VERSION,
      META_GRAPH_DEFAULT_VERSION,
      /^v\d{1,3}\.0$/,
      'v27.0',
    ),
    appId,
    appSecret,
  };
}

export function readGoogleAdsSettings(
  env: NodeJS.ProcessEnv,
  { origin, production }: { origin: string; production: boolean },
): GoogleAdsSettings {
  const developerToken =
    env.GOOGLE_ADS_DEVELOPER_TOKEN?.trim() || (production ? '' : SANDBOX_DEVELOPER_TOKEN);
  return {
    url: baseUrl(
      'GOOGLE_ADS_URL',
      env.GOOGLE_ADS_URL,
      production ? GOOGLE_ADS_PRODUCTION_URL : googleAdsSandboxUrl(origin),
    ),
    version: version(
      'GOOGLE_ADS_VERSION',
      env.GOOGLE_ADS_VERSION,
      GOOGLE_ADS_DEFAULT_VERSION,
      /^v\d{1,3}$/,
      'v25',
    ),
    developerToken,
  };
}

import { DEFAULT_PROVIDER_BASE_PATH } from '@contract/provider';
import { DEFAULT_ANONYMOUS_ID_COOKIE, DEFAULT_PROFILING_ID_COOKIE } from './anonymousId';
import { AuthClientUsageError, USAGE_ERROR_MESSAGES } from './messages';

export { DEFAULT_ANONYMOUS_ID_COOKIE, DEFAULT_PROFILING_ID_COOKIE };

/** The built-in provider's versioned API (`/provider/v1`), on the app's own origin. */
export const DEFAULT_BASE_PATH = DEFAULT_PROVIDER_BASE_PATH;

export type ProviderRegion = 'default' | 'regional';

/** Provider configuration (spec §3): tenant id and base URL(s), plus the client's callbacks. */
export interface AuthClientConfig {
  /** The provider tenant of this app. Required. */
  tenantId: string;
  /** The provider API. Default: `/provider/v1` on the current origin (the built-in provider). */
  baseUrl?: string;
  /** A second, regional provider API (e.g. `https://eu.provider.example/v1`), used when `region` is 'regional'. */
  regionalBaseUrl?: string;
  /** Which of the two base URLs the calls go to. Default 'default'. Change later with `selectRegion`. */
  region?: ProviderRegion;
  /** Name of the persistent anonymous id cookie. Default `__as_aid`. */
  cookieName?: string;
  /** Name of the profiling id cookie. Default `__as_pid`. */
  profilingCookieName?: string;
  /** Called when the provider answers `errorCode: 'expired_token'` (the token's 10 minutes are over). */
  onTokenExpired?: () => void;
  /** The fetch to use (tests hand in one that targets an in-process server). Default: the global fetch. */
  fetch?: typeof fetch;
}

export interface ResolvedConfig {
  tenantId: string;
  baseUrl: string;
  regionalBaseUrl: string | undefined;
  cookieName: string;
  profilingCookieName: string;
  onTokenExpired: (() => void) | undefined;
  fetch: typeof fetch;
}

/** Validates the configuration: a missing tenant id (or a 'regional' region with no regional URL) throws. */
export function resolveConfig(config: AuthClientConfig): ResolvedConfig {
  const tenantId = typeof config?.tenantId === 'string' ? config.tenantId.trim() : '';
  if (!tenantId) throw new AuthClientUsageError(USAGE_ERROR_MESSAGES.tenantIdRequired);
  if (config.region === 'regional' && !config.regionalBaseUrl)
    throw new AuthClientUsageError(USAGE_ERROR_MESSAGES.regionalBaseUrlMissing);
  const fetchImpl = config.fetch ?? globalThis.fetch.bind(globalThis);
  return {
    tenantId,
    baseUrl: absoluteBaseUrl(config.baseUrl ?? DEFAULT_BASE_PATH),
    regionalBaseUrl: config.regionalBaseUrl ? absoluteBaseUrl(config.regionalBaseUrl) : undefined,
    cookieName: config.cookieName || DEFAULT_ANONYMOUS_ID_COOKIE,
    profilingCookieName: config.profilingCookieName || DEFAULT_PROFILING_ID_COOKIE,
    onTokenExpired: config.onTokenExpired,
    fetch: fetchImpl,
  };
}

/**
 * A base URL without its trailing slash; a path (`/provider/v1`) is resolved against the page's origin, so
 * every request URL is absolute (runtimes without a page — Node — need an absolute base URL).
 */
export function absoluteBaseUrl(baseUrl: string): string {
  const origin = globalThis.location?.origin;
  const base = origin && origin !== 'null' ? origin : undefined;
  if (!URL.canParse(baseUrl, base))
    throw new AuthClientUsageError(
      `The authentication client's base URL "${baseUrl}" is not a URL${base ? '' : ' (outside a browser page it must be absolute)'}.`,
    );
  return new URL(baseUrl, base).href.replace(/\/+$/, '');
}

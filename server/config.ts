import path from 'node:path';
import { CHART_COVERAGE_PATH } from '@contract/charts';
import { type AnalyticsAdapterFactory, analyticsAdapterNamed } from './analytics/adapter';
import { type BillingAdapterFactory, billingAdapterNamed } from './billing/adapter';
import { TrustedProxies } from './http/clientAddress';
import type { HttpServerSettings } from './http/server';
import { type JobsSettings, readJobsSettings } from './jobs/settings';
import { type PlatformSettings, readPlatformSettings } from './platforms';
import { type OAuthSettings, readOAuthSettings } from './platforms/oauthSettings';
import { type StepUpProviderFactory, stepUpProviderNamed } from './provider/adapter';
import { type ProviderConfig, readProviderConfig } from './provider/config';

/**
 * Everything the server reads from the environment, read once, here (docs/configuration.md). Nothing else
 * in `server/` reads `process.env`: `server/main.ts` calls `readConfig()` and hands the result (and what it
 * chooses, `selectAdapters`) to `createApp(deps)`, the jobs and the connectors. Tests pass their own `env`.
 */
export interface ServerConfig {
  /** PORT (3000) */
  port: number;
  /** HOST (0.0.0.0) */
  host: string;
  /**
   * WEB_CONCURRENCY (1): how many API processes share the port (node's cluster module; server/cluster.ts).
   * The database is opened, migrated and seeded once, by the primary process, before they start.
   */
  webConcurrency: number;
  /** DATA_DIR (./data), resolved */
  dataDir: string;
  /** DATABASE_URL: use this server instead of an embedded one. */
  databaseUrl: string | undefined;
  /** The app's own origin, used for the CSRF check and absolute redirects. Derived from the request when unset. */
  publicOrigin: string | undefined;
  /** NODE_ENV=production */
  production: boolean;
  /**
   * SANDBOX_CLOCK_CONTROL (`off`): `on` serves /api/sandbox/clock, which moves the sandbox platforms' day for
   * every tenant at once, to loopback clients only: a development and test control, never in production.
   */
  sandboxClockControl: boolean;
  /**
   * TRUST_PROXY: the proxies (IPs/CIDRs) whose X-Forwarded-For and X-Forwarded-Proto are believed. Default none:
   * the client address is the socket's (`clientAddress(c, config)`, server/http/clientAddress.ts).
   */
  trustProxy: TrustedProxies;
  /** HTTP_HEADERS_TIMEOUT_MS, HTTP_REQUEST_TIMEOUT_MS, HTTP_KEEP_ALIVE_TIMEOUT_MS: the Node server's timeouts. */
  http: HttpServerSettings;
  /** BILLING_PROVIDER (`local`) */
  billingProvider: string;
  /** ANALYTICS_PROVIDER (`database`) */
  analyticsProvider: string;
  /** STEP_UP_PROVIDER (`builtin`) */
  stepUpProvider: string;
  /**
   * The built-in step-up provider: PROVIDER_*, SMTP_URL, SMTP_FROM, and DEV_OUTBOX (`auto`|`on`|`off`, resolved
   * into `provider.outboxPage`: whether /dev/outbox is served, to loopback clients only)
   * (docs/configuration.md; docs/step-up.md, "Step-up provider").
   */
  provider: ProviderConfig;
  /** JOBS_CONCURRENCY, JOBS_POLL_SECONDS, JOBS_STATUS_POLL_MS */
  jobs: JobsSettings;
  /** PLATFORM_CONNECTORS, SANDBOX_DELAY_MS, SANDBOX_REVIEW_MS */
  platforms: PlatformSettings;
  /** OAUTH_<KEY>_* and SANDBOX_OAUTH_CLIENT_*: how each platform is connected (server/platforms/oauthSettings.ts). */
  oauth: OAuthSettings;
  /** SECRETS_KEY: seals platform tokens at rest; unset, DATA_DIR/secrets.key (generated once). */
  secretsKey: string | undefined;
  /**
   * FINGERPRINT_SCRIPT_URL: the third-party device-fingerprint script the step-up runtime loads (an https URL).
   * Unset: none. Its origin is added to the pages' CSP script-src only when set (server/http/static.ts).
   */
  fingerprintScriptUrl: string | undefined;
  /**
   * DEMO_IDP (`1`/`on`; off by default, refused with NODE_ENV=production) and DEMO_IDP_PORT (4010): a local
   * OpenID Connect identity provider beside the server, and the demo organization set up to sign in with it
   * (docs/sso.md).
   */
  demoIdp: { enabled: boolean; port: number };
  /**
   * CHARTS_PUBLIC (`on`/`off`, default off): the charts explorer (/charts, its coverage API) is open to
   * everyone; off, to signed-in members (docs/charts-explorer.md).
   */
  chartsPublic: boolean;
  /**
   * CHARTS_COVERAGE_FILE: the coverage file the explorer serves (default `test-runs/chart-coverage.json`, what
   * `npm test` and `npm run test:paths` write; the browser journeys serve a fixture of their own).
   */
  chartsCoverageFile: string;
}

/** Reads and checks the whole configuration; a mistake throws, so the start stops before the database opens. */
export function readConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const port = Number(env.PORT ?? 3000);
  if (!Number.isInteger(port) || port <= 0 || port > 65535) {
    throw new Error(`PORT must be a TCP port number, got "${env.PORT}"`);
  }
  const publicOrigin = env.PUBLIC_ORIGIN || undefined;
  const milliseconds = (name: string, fallback: number) => {
    const raw = env[name]?.trim();
    const value = raw ? Number(raw) : fallback;
    if (!Number.isInteger(value) || value < 1) {
      throw new Error(`${name} must be a whole number of milliseconds above 0, got "${raw}"`);
    }
    return value;
  };
  const http: HttpServerSettings = {
    headersTimeoutMs: milliseconds('HTTP_HEADERS_TIMEOUT_MS', 20_000),
    requestTimeoutMs: milliseconds('HTTP_REQUEST_TIMEOUT_MS', 30_000),
    keepAliveTimeoutMs: milliseconds('HTTP_KEEP_ALIVE_TIMEOUT_MS', 65_000),
  };
  if (http.headersTimeoutMs > http.requestTimeoutMs) {
    throw new Error('HTTP_HEADERS_TIMEOUT_MS must not be longer than HTTP_REQUEST_TIMEOUT_MS');
  }
  const webConcurrency = Number(env.WEB_CONCURRENCY?.trim() || 1);
  if (!Number.isInteger(webConcurrency) || webConcurrency < 1 || webConcurrency > 64) {
    throw new Error(`WEB_CONCURRENCY must be a whole number from 1 to 64, got "${env.WEB_CONCURRENCY}"`);
  }
  const production = env.NODE_ENV === 'production';
  const platforms = readPlatformSettings(env, {
    origin: (publicOrigin ?? `http://localhost:${port}`).replace(/\/$/, ''),
    production,
  });
  return {
    port,
    webConcurrency,
    host: env.HOST ?? '0.0.0.0',
    dataDir: path.resolve(env.DATA_DIR ?? 'data'),
    databaseUrl: env.DATABASE_URL || undefined,
    publicOrigin,
    production,
    sandboxClockControl: readSandboxClockControl(env),
    trustProxy: TrustedProxies.parse(env.TRUST_PROXY),
    http,
    billingProvider: env.BILLING_PROVIDER?.trim() || 'local',
    analyticsProvider: env.ANALYTICS_PROVIDER?.trim() || 'database',
    stepUpProvider: env.STEP_UP_PROVIDER?.trim() || 'builtin',
    jobs: readJobsSettings(env),
    platforms,
    oauth: readOAuthSettings(env, port, publicOrigin, { production, ...platforms }),
    secretsKey: env.SECRETS_KEY?.trim() || undefined,
    provider: { ...readProviderConfig(env), publicOrigin },
    fingerprintScriptUrl: readFingerprintScriptUrl(env.FINGERPRINT_SCRIPT_URL),
    demoIdp: readDemoIdp(env),
    chartsPublic: readOnOff(env, 'CHARTS_PUBLIC'),
    chartsCoverageFile: path.resolve(env.CHARTS_COVERAGE_FILE?.trim() || CHART_COVERAGE_PATH),
  };
}

/** A setting that is `on` or `off` (default off). */
function readOnOff(env: NodeJS.ProcessEnv, name: string): boolean {
  const value = env[name]?.trim().toLowerCase() || 'off';
  if (value !== 'on' && value !== 'off') throw new Error(`${name} must be on or off, got "${env[name]}"`);
  return value === 'on';
}

/** SANDBOX_CLOCK_CONTROL: `on` or `off` (default); `on` in production stops the start. */
function readSandboxClockControl(env: NodeJS.ProcessEnv): boolean {
  const value = env.SANDBOX_CLOCK_CONTROL?.trim() || 'off';
  if (value !== 'on' && value !== 'off') {
    throw new Error(`SANDBOX_CLOCK_CONTROL must be on or off, got "${env.SANDBOX_CLOCK_CONTROL}"`);
  }
  if (value === 'on' && env.NODE_ENV === 'production') {
    throw new Error('SANDBOX_CLOCK_CONTROL=on moves every tenant’s sandbox day: it is not for production');
  }
  return value === 'on';
}

/** DEMO_IDP, DEMO_IDP_PORT: the development identity provider (server/sso/localIdp.ts). */
function readDemoIdp(env: NodeJS.ProcessEnv): ServerConfig['demoIdp'] {
  const raw = env.DEMO_IDP?.trim().toLowerCase() ?? '';
  if (!['', '0', 'off', '1', 'on'].includes(raw)) {
    throw new Error(`DEMO_IDP must be 1/on or 0/off, got "${env.DEMO_IDP}"`);
  }
  const enabled = raw === '1' || raw === 'on';
  if (enabled && env.NODE_ENV === 'production') {
    throw new Error('DEMO_IDP signs anyone in without a password: it is refused with NODE_ENV=production');
  }
  const port = Number(env.DEMO_IDP_PORT?.trim() || 4010);
  if (!Number.isInteger(port) || port <= 0 || port > 65535) {
    throw new Error(`DEMO_IDP_PORT must be a TCP port number, got "${env.DEMO_IDP_PORT}"`);
  }
  return { enabled, port };
}

/**
 * FINGERPRINT_SCRIPT_URL: unset or empty is none; anything else must be an absolute https URL without
 * credentials (it becomes a CSP script-src origin and a <script src>), or the start stops.
 */
export function readFingerprintScriptUrl(raw: string | undefined): string | undefined {
  const value = raw?.trim();
  if (!value) return undefined;
  const url = URL.canParse(value) ? new URL(value) : undefined;
  if (url?.protocol !== 'https:' || url.username || url.password || !url.hostname) {
    throw new Error(
      `FINGERPRINT_SCRIPT_URL must be an https URL (e.g. https://fp.example.com/tags.js), got "${raw}"`,
    );
  }
  return url.href;
}

/** The adapters the configuration names, one factory each. */
export interface AppAdapters {
  billing: BillingAdapterFactory;
  analytics: AnalyticsAdapterFactory;
  stepUp: StepUpProviderFactory;
}

/** Chooses the adapters `config` names; an unknown name throws (the server does not start). */
export function selectAdapters(
  config: Pick<ServerConfig, 'billingProvider' | 'analyticsProvider' | 'stepUpProvider'>,
): AppAdapters {
  return {
    billing: billingAdapterNamed(config.billingProvider),
    analytics: analyticsAdapterNamed(config.analyticsProvider),
    stepUp: stepUpProviderNamed(config.stepUpProvider),
  };
}

import { PLATFORMS } from '@contract/reference';
import type { Database } from '../db/connect';
import {
  type GoogleAdsSettings,
  type MetaGraphSettings,
  readGoogleAdsSettings,
  readMetaGraphSettings,
} from './apiSettings';
import type { ConnectorRegistry, PlatformConnector } from './connector';
import { GoogleAdsConnector } from './googleAds/connector';
import type { MediaReader } from './mediaReader';
import { GraphConnector } from './meta/graphConnector';
import { SandboxConnector, type SandboxOptions } from './sandbox';

export * from './connector';
export {
  rejectsOn,
  SANDBOX_FAILURE_KINDS,
  SandboxConnector,
  SandboxControl,
  type SandboxFailureKind,
  type SandboxOptions,
} from './sandbox';

interface Implementation {
  /** The platform keys it speaks for (a real platform's API client serves only that platform); none: any. */
  platforms?: readonly string[];
  create(
    platform: { key: string; displayName: string },
    db: Database,
    settings: PlatformSettings,
  ): PlatformConnector;
}

/**
 * Connector implementations by name, chosen per platform with `PLATFORM_CONNECTORS` (e.g.
 * `meta=graph,google=googleads,*=sandbox`). A real platform's connector implements PlatformConnector in its
 * own folder and is added here with the platform it speaks for.
 */
const IMPLEMENTATIONS: Record<string, Implementation> = {
  sandbox: {
    create: (platform, db, settings) =>
      new SandboxConnector(platform.key, platform.displayName, db, settings.sandbox),
  },
  googleads: {
    platforms: ['google'],
    create: (platform, _db, settings) => {
      if (!settings.googleAds) throw new Error('The googleads connector needs the Google Ads settings');
      return new GoogleAdsConnector(platform.key, platform.displayName, {
        settings: settings.googleAds,
        ...(settings.fetch ? { fetch: settings.fetch } : {}),
        ...(settings.readMedia ? { readMedia: settings.readMedia } : {}),
      });
    },
  },
  graph: {
    platforms: ['meta'],
    create: (platform, _db, settings) =>
      new GraphConnector(platform.key, platform.displayName, settings.meta!, settings.fetch, {
        readMedia: settings.readMedia,
      }),
  },
};

/** How the real connectors reach their APIs: the global fetch, or in tests the app's own `request`. */
export type ConnectorFetch = (url: string, init: RequestInit) => Response | Promise<Response>;

export interface PlatformSettings {
  /** Implementation name per platform key; platforms not listed use `sandbox`. */
  connectors: Record<string, string>;
  sandbox: SandboxOptions;
  /** The Meta Marketing API connector (`graph`): META_GRAPH_URL, META_GRAPH_VERSION, the Meta app. */
  meta?: MetaGraphSettings;
  /** The Google Ads API connector (`googleads`): GOOGLE_ADS_URL, GOOGLE_ADS_VERSION, GOOGLE_ADS_DEVELOPER_TOKEN. */
  googleAds?: GoogleAdsSettings;
  /** Default: the global fetch. */
  fetch?: ConnectorFetch;
  /** An ad's files, for the platforms that take uploads (Meta, Google Ads): `assetMediaReader` of the asset storage. */
  readMedia?: MediaReader;
}

/** Where the server is reached (PUBLIC_ORIGIN or http://localhost:PORT) and whether this is a production start. */
export interface PlatformSettingsContext {
  origin: string;
  production: boolean;
}

const wholeNumber = (name: string, raw: string | undefined, fallback: number) => {
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0)
    throw new Error(`${name} must be a whole number of ms, got "${raw}"`);
  return value;
};

/**
 * Parses the platform settings out of the environment `server/config.ts` reads once.
 * `PLATFORM_CONNECTORS`: comma-separated `platform=implementation` pairs, `*` for every platform
 * (e.g. `*=sandbox` or `meta=sandbox,google=sandbox`). Unset: every platform uses the sandbox.
 * `SANDBOX_DELAY_MS` (default 400) is the latency of every sandbox call, `SANDBOX_REVIEW_MS`
 * (default 5000) how long a sandbox review lasts.
 */
export function readPlatformSettings(
  env: NodeJS.ProcessEnv,
  context: PlatformSettingsContext = { origin: 'http://localhost:3000', production: false },
): PlatformSettings {
  const connectors: Record<string, string> = {};
  const keys = PLATFORMS.map((p) => p.key as string);
  for (const pair of (env.PLATFORM_CONNECTORS ?? '').split(',')) {
    if (!pair.trim()) continue;
    const [platform = '', implementation = ''] = pair.split('=').map((s) => s.trim());
    if (!Object.hasOwn(IMPLEMENTATIONS, implementation)) {
      throw new Error(
        `PLATFORM_CONNECTORS: unknown connector "${implementation}" for "${platform}" (known: ${Object.keys(IMPLEMENTATIONS).join(', ')})`,
      );
    }
    const serves = IMPLEMENTATIONS[implementation]!.platforms;
    if (platform === '*') {
      // `*` fills in the platforms not named on their own, whatever the order: `*=sandbox,meta=graph`.
      for (const key of keys) if (!serves || serves.includes(key)) connectors[key] ??= implementation;
      continue;
    }
    if (!keys.includes(platform))
      throw new Error(`PLATFORM_CONNECTORS: unknown platform "${platform}" (known: ${keys.join(', ')})`);
    if (serves && !serves.includes(platform))
      throw new Error(
        `PLATFORM_CONNECTORS: the "${implementation}" connector speaks for ${serves.join(', ')}, not "${platform}"`,
      );
    connectors[platform] = implementation;
  }
  const uses = (implementation: string) => Object.values(connectors).includes(implementation);
  const read = (name: string) => env[name]?.trim() || undefined;
  const meta = uses('graph')
    ? readMetaGraphSettings(env, {
        ...context,
        appId: read('OAUTH_META_CLIENT_ID') ?? read('SANDBOX_OAUTH_CLIENT_ID') ?? 'flightplan',
        appSecret:
          read('OAUTH_META_CLIENT_SECRET') ??
          read('SANDBOX_OAUTH_CLIENT_SECRET') ??
          'flightplan-sandbox-secret',
      })
    : undefined;
  const googleAds = uses('googleads') ? readGoogleAdsSettings(env, context) : undefined;
  if (context.production) {
    if (meta && (!read('OAUTH_META_CLIENT_ID') || !read('OAUTH_META_CLIENT_SECRET')))
      throw new Error(
        'PLATFORM_CONNECTORS meta=graph needs OAUTH_META_CLIENT_ID and OAUTH_META_CLIENT_SECRET (the Meta app)',
      );
    if (googleAds && !googleAds.developerToken)
      throw new Error('PLATFORM_CONNECTORS google=googleads needs GOOGLE_ADS_DEVELOPER_TOKEN');
  }
  return {
    connectors,
    sandbox: {
      delayMs: wholeNumber('SANDBOX_DELAY_MS', env.SANDBOX_DELAY_MS, 400),
      reviewMs: wholeNumber('SANDBOX_REVIEW_MS', env.SANDBOX_REVIEW_MS, 5000),
    },
    ...(meta ? { meta } : {}),
    ...(googleAds ? { googleAds } : {}),
  };
}

/** One connector per platform of contract/reference.ts. */
export function createConnectors(db: Database, settings: PlatformSettings): ConnectorRegistry {
  const registry = new Map<string, PlatformConnector>();
  for (const platform of PLATFORMS) {
    const implementation = settings.connectors[platform.key] ?? 'sandbox';
    registry.set(platform.key, IMPLEMENTATIONS[implementation]!.create(platform, db, settings));
  }
  return registry;
}

import { PLATFORMS } from '@contract/reference';
import type { Database } from '../db/connect';
import type { ConnectorRegistry, PlatformConnector } from './connector';
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

/**
 * Connector implementations by name. Only `sandbox` exists today; a real one (say `meta-marketing-api`)
 * implements PlatformConnector in its own file and is added here, then chosen per platform with
 * `PLATFORM_CONNECTORS=meta=meta-marketing-api`.
 */
const IMPLEMENTATIONS: Record<
  string,
  (
    platform: { key: string; displayName: string },
    db: Database,
    settings: PlatformSettings,
  ) => PlatformConnector
> = {
  sandbox: (platform, db, settings) =>
    new SandboxConnector(platform.key, platform.displayName, db, settings.sandbox),
};

export interface PlatformSettings {
  /** Implementation name per platform key; platforms not listed use `sandbox`. */
  connectors: Record<string, string>;
  sandbox: SandboxOptions;
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
export function readPlatformSettings(env: NodeJS.ProcessEnv): PlatformSettings {
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
    if (platform === '*') for (const key of keys) connectors[key] = implementation;
    else if (keys.includes(platform)) connectors[platform] = implementation;
    else throw new Error(`PLATFORM_CONNECTORS: unknown platform "${platform}" (known: ${keys.join(', ')})`);
  }
  return {
    connectors,
    sandbox: {
      delayMs: wholeNumber('SANDBOX_DELAY_MS', env.SANDBOX_DELAY_MS, 400),
      reviewMs: wholeNumber('SANDBOX_REVIEW_MS', env.SANDBOX_REVIEW_MS, 5000),
    },
  };
}

/** One connector per platform of contract/reference.ts. */
export function createConnectors(db: Database, settings: PlatformSettings): ConnectorRegistry {
  const registry = new Map<string, PlatformConnector>();
  for (const platform of PLATFORMS) {
    const implementation = settings.connectors[platform.key] ?? 'sandbox';
    registry.set(platform.key, IMPLEMENTATIONS[implementation]!(platform, db, settings));
  }
  return registry;
}

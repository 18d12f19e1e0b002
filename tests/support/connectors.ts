import type { Database } from '@server/db/connect';
import {
  type ConnectorRegistry,
  createConnectors,
  type PlatformSettings,
  readPlatformSettings,
  type SandboxOptions,
} from '@server/platforms';
import type { MediaReader } from '@server/platforms/mediaReader';
import { observeLaunches } from './platformRecords';
import { picture, syntheticOriginal } from './syntheticMedia';

/**
 * The connectors a test launches and syncs with: the in-process sandbox for every platform, or, in the
 * `real-connectors` vitest project (`TEST_PLATFORM_CONNECTORS=meta=graph,google=googleads`), the real Meta and
 * Google Ads connectors speaking HTTP to the local stand-ins (`/sandbox/meta/graph`, `/sandbox/google-ads`) of an
 * app over the same database, in-process. So the launch and delivery suites run once through each.
 */
export function platformConnectors(
  db: Database,
  sandbox: SandboxOptions,
  extra: Pick<PlatformSettings, 'readMedia'> = {},
): ConnectorRegistry {
  return observeLaunches(
    createConnectors(db, {
      ...testPlatformSettings(db, sandbox),
      readMedia: extra.readMedia ?? SYNTHETIC_MEDIA,
    }),
  );
}

/**
 * The pictures the real connectors upload when a test's plan has media rows without files (the planning
 * fixtures): a PNG of the media's size (an MP4 for a video), and each crop at 1200 px wide in its ratio (Google's image assets).
 */
export const SYNTHETIC_MEDIA: MediaReader = {
  original: (media) => syntheticOriginal(media),
  cropped: (_media, aspect) => {
    const [w = 1, h = 1] = aspect.split(':').map(Number);
    return picture(1200, Math.round((1200 * h) / w));
  },
};

export const TEST_ORIGIN = 'http://localhost';

export function testPlatformSettings(db: Database, sandbox: SandboxOptions): PlatformSettings {
  const chosen = process.env.TEST_PLATFORM_CONNECTORS?.trim();
  if (!chosen) return { connectors: {}, sandbox };
  const settings = readPlatformSettings(
    { PLATFORM_CONNECTORS: chosen },
    { origin: TEST_ORIGIN, production: false },
  );
  // The stand-ins are routes of the app: one app over this database answers them (imported late: the test
  // app's own module builds its connectors with this one).
  let app: Promise<{
    request: (url: string, init: RequestInit, env: unknown) => Response | Promise<Response>;
  }>;
  const standIns = () => {
    app ??= import('./http').then(({ testApp }) => testApp(db, { standIns: sandbox }));
    return app;
  };
  return {
    ...settings,
    sandbox,
    fetch: async (url, init) => {
      const { socketEnv } = await import('./http');
      return (await standIns()).request(url, init, socketEnv());
    },
  };
}

/** Whether this run speaks to `platformKey` through its real connector (TEST_PLATFORM_CONNECTORS). */
export function usesRealConnector(platformKey: string): boolean {
  const chosen = process.env.TEST_PLATFORM_CONNECTORS ?? '';
  return chosen.split(',').some((pair) => {
    const [platform = '', implementation = ''] = pair.split('=').map((part) => part.trim());
    return platform === platformKey && implementation !== 'sandbox';
  });
}

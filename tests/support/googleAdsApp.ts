import { randomBytes } from 'node:crypto';
import { readConfig } from '@server/config';
import type { Database } from '@server/db/connect';
import { createConnectors, type PlatformCredentials, SandboxControl } from '@server/platforms';
import { googleAdsSandboxUrl, readGoogleAdsSettings } from '@server/platforms/apiSettings';
import { GoogleAdsConnector, type GoogleAdsFetch } from '@server/platforms/googleAds/connector';
import { GOOGLE_ADS_SCOPE } from '@server/platforms/oauthSettings';
import { sandboxGoogleHierarchy } from '@server/platforms/sandbox/googleAds/customers';
import { issueSandboxTokens } from '@server/platforms/sandbox/oauthTokens';
import sharp from 'sharp';
import { socketEnv, testApp } from './http';

export const GOOGLE_ADS_TEST_ORIGIN = 'http://localhost';

/** One request the connector sent and what the API answered. */
export interface GoogleAdsExchange {
  method: string;
  url: string;
  headers: Record<string, string>;
  body: unknown;
  status: number;
  response: unknown;
  /** The answer's `Date` header (the API's clock). */
  date?: string;
}

/**
 * An app whose `google` connector is the real Google Ads connector (`googleads`), reaching the app's own
 * Google Ads API stand-in (`/sandbox/google-ads/…`) in-process; every exchange is recorded. Pictures read
 * for image assets are PNGs of the crop's size.
 */
export function googleAdsApp(db: Database, { reviewMs = 50 }: { reviewMs?: number } = {}) {
  const config = readConfig({ SANDBOX_REVIEW_MS: String(reviewMs) });
  const exchanges: GoogleAdsExchange[] = [];
  const settings = readGoogleAdsSettings({}, { origin: GOOGLE_ADS_TEST_ORIGIN, production: false });
  let app: ReturnType<typeof testApp> | null = null;
  const fetch = async (url: string, init: RequestInit) => {
    const response = await app!.request(url, init, socketEnv());
    const text = await response.clone().text();
    exchanges.push({
      method: init.method ?? 'GET',
      url,
      headers: Object.fromEntries(new Headers(init.headers).entries()),
      body: typeof init.body === 'string' ? JSON.parse(init.body) : null,
      status: response.status,
      response: text ? JSON.parse(text) : null,
      ...(response.headers.get('date') ? { date: response.headers.get('date')! } : {}),
    });
    return response;
  };
  const connectorOptions = {
    settings,
    fetch,
    readMedia: {
      original: async () => null,
      cropped: async (_media, aspect) => {
        const [width, height] = aspect === '1:1' ? [600, 600] : [1200, 628];
        return sharp({ create: { width, height, channels: 3, background: { r: 40, g: 120, b: 200 } } })
          .png()
          .toBuffer();
      },
    },
  } satisfies ConstructorParameters<typeof GoogleAdsConnector>[2];
  const connector = new GoogleAdsConnector('google', 'Google Ads', connectorOptions);
  /**
   * Another connector over the same API, as a new process starts one: nothing read is remembered. `wrap`
   * puts a fetch of the test's in front (a hang, a failure), falling through to the stand-in.
   */
  const fresh = (wrap?: (fetch: GoogleAdsFetch) => GoogleAdsFetch) =>
    new GoogleAdsConnector('google', 'Google Ads', {
      ...connectorOptions,
      fetch: wrap ? wrap(connectorOptions.fetch) : connectorOptions.fetch,
    });
  const registry = createConnectors(db, {
    connectors: {},
    sandbox: { delayMs: 0, reviewMs },
  });
  const connectors = new Map(registry);
  connectors.set('google', connector);
  app = testApp(db, { connectors, config });

  /** A Google grant as the sandbox consent page gives it, and the credentials of its first client account. */
  const grant = async (scope = GOOGLE_ADS_SCOPE) => {
    const adAccountId = `google-act-${randomBytes(4).toString('hex')}-0`;
    const tokens = await issueSandboxTokens(db, {
      platformKey: 'google',
      clientId: 'flightplan',
      externalAccountId: adAccountId,
      scope,
    });
    const hierarchy = sandboxGoogleHierarchy(adAccountId);
    const credentials: PlatformCredentials = {
      accessToken: tokens.accessToken,
      externalAccountId: hierarchy.clients[0]!.id,
      managerAccountId: hierarchy.manager.id,
    };
    return { adAccountId, tokens, hierarchy, credentials };
  };

  return {
    app,
    connector,
    fresh,
    exchanges,
    grant,
    control: new SandboxControl(db),
    baseUrl: `${googleAdsSandboxUrl(GOOGLE_ADS_TEST_ORIGIN)}/${settings.version}`,
    developerToken: settings.developerToken,
  };
}

/**
 * How a test connection to Google looks when `google=googleads` (for tests/support/connections.ts'
 * connectPlatforms): the token is the sandbox consent page's grant for `sandboxAdAccountId` with the adwords
 * scope, and the connection's ad account is the manager's first client, reached through the manager.
 */
export function googleAdsTestConnection(sandboxAdAccountId: string) {
  const { manager, clients } = sandboxGoogleHierarchy(sandboxAdAccountId);
  return {
    scope: GOOGLE_ADS_SCOPE,
    adAccount: {
      id: clients[0]!.id,
      name: clients[0]!.descriptiveName,
      managerId: manager.id,
      managerName: manager.descriptiveName,
    },
  };
}

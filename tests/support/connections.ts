import { createHash } from 'node:crypto';
import { PLATFORMS } from '@contract/reference';
import { saveConnection } from '@server/connections/store';
import type { Database } from '@server/db/connect';
import { type SecretBox, secretBox } from '@server/db/secretBox';
import type { CallOptions, PlatformConnector, PlatformCredentials } from '@server/platforms/connector';
import { issueSandboxTokens } from '@server/platforms/sandbox/oauthTokens';
import { usesRealConnector } from './connectors';
import { googleAdsTestConnection } from './googleAdsApp';

/**
 * The tests' secrets key: fixed, because the template database is seeded in one process (globalSetup)
 * and opened by the test workers, as a server's DATA_DIR/secrets.key outlives its restarts.
 */
export const TEST_SECRETS_KEY = createHash('sha256').update('flightplan tests').digest();
export const TEST_SECRET_BOX: SecretBox = secretBox(TEST_SECRETS_KEY);

/**
 * Connects the account to sandbox platforms as if a planner had gone through each consent page: real
 * sandbox tokens, sealed in `platform_connections`. Tests of launching, pausing and syncing start here.
 */
export async function connectPlatforms(
  db: Database,
  accountId: string,
  platformKeys: readonly string[] = PLATFORMS.map((platform) => platform.key),
  box: SecretBox = TEST_SECRET_BOX,
): Promise<void> {
  for (const platformKey of platformKeys) {
    const externalAccountId = `${platformKey}-act-${accountId.slice(0, 8)}`;
    // With the real Google Ads connector (the real-connectors suite): the grant's manager and its first client.
    const googleAds = platformKey === 'google' && usesRealConnector('google');
    const real = googleAds ? googleAdsTestConnection(externalAccountId) : null;
    const tokens = await issueSandboxTokens(db, {
      platformKey,
      clientId: 'flightplan',
      externalAccountId,
      scope: real?.scope ?? 'ads_management',
    });
    await saveConnection(db, box, {
      accountId,
      platformKey,
      adAccount: real?.adAccount ?? {
        id: externalAccountId,
        name: `Sandbox ad account ${accountId.slice(0, 8)}`,
        managerId: null,
        managerName: null,
      },
      connectedBy: null,
      tokens,
    });
  }
}

const CAMPAIGN_CALLS = new Set([
  'validate',
  'launch',
  'status',
  'pause',
  'resume',
  'delete',
  'findByReference',
  'delivery',
]);

/**
 * The connector as a connected account calls it: every campaign call carries a valid sandbox token of
 * its platform (issued on first use) for one test ad account. For tests of the platforms themselves.
 */
export function withSandboxAccess<T extends PlatformConnector>(db: Database, connector: T): T {
  let credentials: Promise<PlatformCredentials> | null = null;
  const access = () => {
    credentials ??= issueSandboxTokens(db, {
      platformKey: connector.key,
      clientId: 'flightplan',
      externalAccountId: `${connector.key}-act-test`,
      scope: 'ads_management',
    }).then((tokens) => ({
      accessToken: tokens.accessToken,
      externalAccountId: `${connector.key}-act-test`,
    }));
    return credentials;
  };
  return new Proxy(connector, {
    get(target, property, receiver) {
      const value = Reflect.get(target, property, receiver);
      if (typeof value !== 'function' || !CAMPAIGN_CALLS.has(String(property))) return value;
      return async (request: unknown, options: CallOptions = {}) =>
        value.call(target, request, { ...options, credentials: options.credentials ?? (await access()) });
    },
  });
}

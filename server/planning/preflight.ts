import { notConnectedMessage } from '@contract/connections';
import type { PreflightCheck } from '@contract/planning';
import { eq } from 'drizzle-orm';
import type { ConnectionAccess } from '../connections/access';
import { unusablePlatforms } from '../connections/queries';
import type { Database } from '../db/connect';
import { campaigns } from '../db/schema';
import { type ConnectorRegistry, PlatformError } from '../platforms/connector';
import { platformRequest } from './adSet';

/** A platform that has not answered its validate-only call by then is reported as unavailable. */
const PREFLIGHT_TIMEOUT_MS = 10_000;

/**
 * A platform the account has not connected (or must reconnect) is `not_connected`, named with a pointer to
 * Platforms, and not asked: a real platform would not answer without the account's token.
 *
 * Asks every platform of the plan to validate what the launch would send it now (the same request:
 * its allocation and ad set), without creating anything. Platforms are asked in parallel; a refusal is
 * the platform's own reason, a failure to answer is "unavailable", never an error of the page.
 */
export async function preflightOf(
  db: Database,
  connectors: ConnectorRegistry,
  campaign: {
    id: string;
    name: string;
    objectiveId: number;
    startDate: string | null;
    endDate: string | null;
    currency: string;
    platforms: readonly string[];
    budgetMinor: number;
  },
  signal?: AbortSignal,
  /**
   * A live campaign's change (issue 28): each platform's campaign id there. Those platforms are asked to
   * validate the change as an update of what they run, and say what they warn about.
   */
  running: ReadonlyMap<string, string> = new Map(),
  /**
   * The account's access to each platform: a real platform validates for the connected ad account, and a
   * token it refuses marks the connection as needing reconnecting.
   */
  connections?: ConnectionAccess,
): Promise<PreflightCheck[]> {
  // The plan was read in the session's account; its connections are that account's.
  const [owner] = await db
    .select({ accountId: campaigns.accountId })
    .from(campaigns)
    .where(eq(campaigns.id, campaign.id));
  const unusable = owner
    ? await unusablePlatforms(db, owner.accountId, campaign.platforms)
    : new Map<string, 'not_connected' | 'needs_reconnect'>();
  return Promise.all(
    campaign.platforms.map(async (platform): Promise<PreflightCheck> => {
      const connector = connectors.get(platform);
      const displayName = connector?.displayName ?? platform;
      if (!connector)
        return {
          platform,
          displayName,
          result: 'unavailable',
          message: 'No connector for this platform.',
        };
      const connection = unusable.get(platform);
      if (connection)
        return {
          platform,
          displayName,
          result: 'not_connected',
          connection,
          message: notConnectedMessage(displayName, connection),
        };
      const timeout = AbortSignal.timeout(PREFLIGHT_TIMEOUT_MS);
      try {
        const credentials =
          owner && connections ? await connections.credentialsFor(owner.accountId, platform) : undefined;
        const options = {
          signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
          purpose: 'preflight' as const,
          ...(credentials ? { credentials } : {}),
        };
        const request = await platformRequest(db, connector, campaign, `preflight-${campaign.id}`, options);
        const externalId = running.get(platform);
        if (externalId) {
          const warnings = await connector.validateUpdate(externalId, request, options);
          return { platform, displayName, result: 'passed', message: null, warnings };
        }
        await connector.validate(request, options);
        return { platform, displayName, result: 'passed', message: null };
      } catch (error) {
        if (error instanceof PlatformError && error.kind === 'validation')
          return { platform, displayName, result: 'refused', message: error.message };
        // The platform refused the account's token (revoked, expired) or a refresh of it: reconnect.
        if (error instanceof PlatformError && error.kind === 'credentials_expired') {
          if (owner && connections) await connections.noteFailure(owner.accountId, error);
          return {
            platform,
            displayName,
            result: 'not_connected',
            connection: 'needs_reconnect',
            message: notConnectedMessage(displayName, 'needs_reconnect'),
          };
        }
        if (error instanceof PlatformError || timeout.aborted)
          return {
            platform,
            displayName,
            result: 'unavailable',
            message: `${displayName} did not answer: ${error instanceof Error ? error.message : 'no answer'}`,
          };
        throw error;
      }
    }),
  );
}

import type PgBoss from 'pg-boss';
import type { Database } from '../db/connect';
import type { SecretBox } from '../db/secretBox';
import type { OAuthClients } from './oauthClient';
import { refreshExpiring } from './refresh';

export const REFRESH_QUEUE = 'connection-token-refresh';
/** Every 5 minutes: with a 15-minute window, each token gets three chances before it expires. */
const REFRESH_CRON = '*/5 * * * *';

/**
 * The durable token refresh: a pg-boss cron (kept by the supervising instance, so several processes
 * schedule it once) and a worker; a run missed while the server was down is made up at the next start.
 */
export async function startTokenRefresh(
  boss: PgBoss,
  deps: { db: Database; box: SecretBox; clients: OAuthClients },
): Promise<void> {
  await boss.createQueue(REFRESH_QUEUE, { name: REFRESH_QUEUE, retryLimit: 2, expireInSeconds: 240 });
  await boss.schedule(REFRESH_QUEUE, REFRESH_CRON, {}, { singletonKey: REFRESH_QUEUE });
  await boss.work(REFRESH_QUEUE, async () => {
    const outcomes = await refreshExpiring(deps.db, deps.box, deps.clients);
    if (outcomes.refreshed + outcomes.needs_reconnect + outcomes.failed > 0)
      console.log(
        `Token refresh: ${outcomes.refreshed} refreshed, ${outcomes.needs_reconnect} need reconnecting, ${outcomes.failed} retried later.`,
      );
  });
  // Tokens that expired while the server was down are not left waiting for the first tick.
  await boss.send(REFRESH_QUEUE, {}, { singletonKey: `${REFRESH_QUEUE}-start`, singletonSeconds: 60 });
}

import { displayNameOf } from '@contract/reference';
import { and, eq, lte, sql } from 'drizzle-orm';
import type { Database } from '../db/connect';
import { platformConnections } from '../db/schema';
import type { SecretBox } from '../db/secretBox';
import { grantRefusal, type OAuthClients, openid, tokensOf } from './oauthClient';
import { markNeedsReconnect } from './queries';
import { saveConnection, tokenContext } from './store';

/** Tokens expiring within this window are refreshed by the scheduled job (it runs every 5 minutes). */
export const REFRESH_AHEAD_MS = 15 * 60 * 1000;

export type RefreshOutcome = 'refreshed' | 'needs_reconnect' | 'failed';

/**
 * Refreshes one connection's tokens (refresh-token grant; the platform rotates the pair). A refusal
 * (`invalid_grant`: revoked, expired, unknown) means only the planner can fix it: the connection needs
 * reconnecting. A platform that does not answer leaves it as it is, for the next run.
 */
export async function refreshConnection(
  db: Database,
  box: SecretBox,
  clients: OAuthClients,
  accountId: string,
  platformKey: string,
): Promise<RefreshOutcome> {
  const [row] = await db
    .select()
    .from(platformConnections)
    .where(
      and(eq(platformConnections.accountId, accountId), eq(platformConnections.platformKey, platformKey)),
    );
  if (row?.status !== 'connected') return 'needs_reconnect';
  const name = displayNameOf(platformKey);
  const oauth = clients.get(platformKey);
  if (!oauth || !row.refreshTokenSealed) {
    await markNeedsReconnect(db, accountId, platformKey, `The access to ${name} expired. Reconnect it.`);
    return 'needs_reconnect';
  }
  const refreshToken = box.open(row.refreshTokenSealed, tokenContext('refresh', platformKey, accountId));
  try {
    const tokens = tokensOf(await openid.refreshTokenGrant(oauth.config, refreshToken));
    await saveConnection(db, box, {
      accountId,
      platformKey,
      adAccount: {
        id: row.externalAccountId,
        name: row.externalAccountName,
        managerId: row.externalManagerId,
        managerName: row.externalManagerName,
      },
      connectedBy: row.connectedBy,
      tokens: { ...tokens, refreshToken: tokens.refreshToken ?? refreshToken },
    });
    // saveConnection is a (re)connect; a refresh keeps the original connectedAt.
    await db
      .update(platformConnections)
      .set({ connectedAt: row.connectedAt, refreshedAt: sql`now()` })
      .where(
        and(eq(platformConnections.accountId, accountId), eq(platformConnections.platformKey, platformKey)),
      );
    return 'refreshed';
  } catch (error) {
    const refusal = grantRefusal(error);
    if (refusal === 'invalid_grant' || refusal === 'invalid_client' || refusal === 'unauthorized_client') {
      await markNeedsReconnect(
        db,
        accountId,
        platformKey,
        `${name} refused to renew the access (it was revoked or has expired). Reconnect it.`,
      );
      return 'needs_reconnect';
    }
    // Never the error itself: it may quote the request, and with it the refresh token.
    console.warn(
      `Refreshing the ${name} connection of account ${accountId} failed; retried on the next run.`,
    );
    return 'failed';
  }
}

/** Refreshes every connection whose access expires within `REFRESH_AHEAD_MS`. */
export async function refreshExpiring(
  db: Database,
  box: SecretBox,
  clients: OAuthClients,
  now = Date.now(),
): Promise<Record<RefreshOutcome, number>> {
  const due = await db
    .select({ accountId: platformConnections.accountId, platformKey: platformConnections.platformKey })
    .from(platformConnections)
    .where(
      and(
        eq(platformConnections.status, 'connected'),
        lte(platformConnections.accessExpiresAt, new Date(now + REFRESH_AHEAD_MS)),
      ),
    );
  const outcomes: Record<RefreshOutcome, number> = { refreshed: 0, needs_reconnect: 0, failed: 0 };
  for (const { accountId, platformKey } of due)
    outcomes[await refreshConnection(db, box, clients, accountId, platformKey)]++;
  return outcomes;
}

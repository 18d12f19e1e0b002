import type { PlatformConnection } from '@contract/connections';
import { PLATFORMS } from '@contract/reference';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../db/connect';
import { campaigns, deliverySyncs, platformConnections } from '../db/schema';
import { inTransaction } from '../db/transaction';
import { noticeOfReconnect } from '../notifications/systemNotices';

/** The account's connection to every platform, in PLATFORMS order: never a token, only what a planner sees. */
export async function listConnections(db: Database, accountId: string): Promise<PlatformConnection[]> {
  const rows = await db
    .select({
      platformKey: platformConnections.platformKey,
      status: platformConnections.status,
      externalAccountId: platformConnections.externalAccountId,
      externalAccountName: platformConnections.externalAccountName,
      externalManagerId: platformConnections.externalManagerId,
      externalManagerName: platformConnections.externalManagerName,
      connectedAt: platformConnections.connectedAt,
      accessExpiresAt: platformConnections.accessExpiresAt,
      scope: platformConnections.scope,
      problem: platformConnections.problem,
    })
    .from(platformConnections)
    .where(eq(platformConnections.accountId, accountId));
  const syncs = await db
    .selectDistinctOn([deliverySyncs.platformKey], {
      platformKey: deliverySyncs.platformKey,
      outcome: deliverySyncs.outcome,
      startedAt: deliverySyncs.startedAt,
      finishedAt: deliverySyncs.finishedAt,
      message: deliverySyncs.message,
    })
    .from(deliverySyncs)
    .where(eq(deliverySyncs.accountId, accountId))
    .orderBy(deliverySyncs.platformKey, desc(deliverySyncs.startedAt));
  const running = await campaignsUsing(db, accountId);
  return PLATFORMS.map(({ key, displayName }): PlatformConnection => {
    const row = rows.find((r) => r.platformKey === key);
    const sync = syncs.find((s) => s.platformKey === key);
    return {
      platform: key,
      displayName,
      status: row ? (row.status as 'connected' | 'needs_reconnect') : 'not_connected',
      adAccount: row
        ? {
            id: row.externalAccountId,
            name: row.externalAccountName,
            manager: row.externalManagerId
              ? { id: row.externalManagerId, name: row.externalManagerName ?? row.externalManagerId }
              : null,
          }
        : null,
      connectedAt: row?.connectedAt.toISOString() ?? null,
      accessExpiresAt: row?.accessExpiresAt.toISOString() ?? null,
      scope: row?.scope ?? null,
      problem: row?.problem ?? null,
      lastSync: sync
        ? {
            outcome: sync.outcome as NonNullable<PlatformConnection['lastSync']>['outcome'],
            startedAt: sync.startedAt.toISOString(),
            finishedAt: sync.finishedAt?.toISOString() ?? null,
            message: sync.message,
          }
        : null,
      runningCampaigns: running
        .filter((c) => c.platforms.includes(key))
        .map(({ id, name }) => ({ id, name })),
    };
  });
}

/**
 * The connection from now on needs the planner to connect again; `problem` says why, in their words. The
 * account's planners are told once, when it stops working (not at every call that finds it broken).
 */
export async function markNeedsReconnect(
  db: Database,
  accountId: string,
  platformKey: string,
  problem: string,
): Promise<void> {
  await inTransaction(db, async (tx) => {
    const [before] = await tx
      .select({ status: platformConnections.status })
      .from(platformConnections)
      .where(
        and(eq(platformConnections.accountId, accountId), eq(platformConnections.platformKey, platformKey)),
      )
      .for('update');
    if (!before) return;
    await tx
      .update(platformConnections)
      .set({ status: 'needs_reconnect', problem, updatedAt: sql`now()` })
      .where(
        and(eq(platformConnections.accountId, accountId), eq(platformConnections.platformKey, platformKey)),
      );
    if (before.status !== 'needs_reconnect') await noticeOfReconnect(tx, accountId, platformKey, problem);
  });
}

/** Of `platformKeys`, those the account cannot use now: not connected, or needing reconnecting. */
export async function unusablePlatforms(
  db: Pick<Database, 'select'>,
  accountId: string,
  platformKeys: readonly string[],
): Promise<Map<string, 'not_connected' | 'needs_reconnect'>> {
  const unusable = new Map<string, 'not_connected' | 'needs_reconnect'>();
  if (platformKeys.length === 0) return unusable;
  const rows = await db
    .select({ platformKey: platformConnections.platformKey, status: platformConnections.status })
    .from(platformConnections)
    .where(
      and(
        eq(platformConnections.accountId, accountId),
        inArray(platformConnections.platformKey, [...platformKeys]),
      ),
    );
  for (const key of platformKeys) {
    const row = rows.find((r) => r.platformKey === key);
    if (!row) unusable.set(key, 'not_connected');
    else if (row.status !== 'connected') unusable.set(key, 'needs_reconnect');
  }
  return unusable;
}

/** The statuses in which a platform is running a campaign or working on it (Disconnect would strand it). */
const RUNNING_STATUSES = ['launching', 'scheduled', 'active', 'pausing', 'paused', 'resuming', 'deleting'];

/** Campaigns of the account that a platform is running or working on (Disconnect would strand them), by name. */
export async function campaignsUsing(
  db: Pick<Database, 'select'>,
  accountId: string,
  platformKey?: string,
): Promise<{ id: string; name: string; platforms: string[] }[]> {
  return db
    .select({ id: campaigns.id, name: campaigns.name, platforms: campaigns.platforms })
    .from(campaigns)
    .where(
      and(
        eq(campaigns.accountId, accountId),
        inArray(campaigns.status, RUNNING_STATUSES),
        platformKey === undefined ? undefined : sql`${platformKey} = ANY(${campaigns.platforms})`,
      ),
    )
    .orderBy(campaigns.name, campaigns.id);
}

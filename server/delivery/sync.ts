import { type DeliveryDay, RESTATEMENT_DAYS } from '@contract/delivery';
import { PLATFORMS } from '@contract/reference';
import { and, asc, desc, eq, isNotNull, sql } from 'drizzle-orm';
import { markNeedsReconnect } from '../connections/queries';
import { loadCredentials } from '../connections/store';
import type { Database } from '../db/connect';
import { campaignPlatforms, campaigns, deliverySyncs, platformConnections } from '../db/schema';
import type { SecretBox } from '../db/secretBox';
import { checkPacing } from '../pacing/alerts';
import { type ConnectorRegistry, PlatformError } from '../platforms/connector';
import { addDays } from '../platforms/sandbox/clock';
import { upsertDeliveryDays } from './store';

/**
 * One delivery sync of one connection (account × platform): asks the platform for what its placements
 * delivered since the last sync's last complete day minus the days it may still restate, writes it into
 * `delivery_daily` (idempotent upserts, big statements), records the outcome in `delivery_syncs`, and only
 * on success moves the connection's cursor. Nothing here retries: the job around it does (syncJobs.ts).
 */

export interface SyncContext {
  db: Database;
  connectors: ConnectorRegistry;
  box: SecretBox;
  signal?: AbortSignal;
  /** External ids per delivery call (platforms cap them; Meta's batch is 50, its insights jobs take more). */
  batchSize?: number;
  /** Rows per upsert statement. */
  flushRows?: number;
}

/** Where a sync's wall time went, in ms (the benchmark prints them; they overlap once fetches are pipelined). */
export interface SyncTimings {
  /** Waiting for the platform's answers (its latency and, for the sandbox, its generator) after the writes. */
  fetchMs: number;
  /** The upsert statements with their triggers (and any wait for another writer of the same campaigns). */
  writeMs: number;
}

export type SyncResult =
  | {
      outcome: 'succeeded';
      syncId: string;
      campaigns: number;
      rows: number;
      through: string;
      timings: SyncTimings;
    }
  | { outcome: 'rate_limited'; syncId: string; retryAfterSeconds: number }
  | { outcome: 'failed'; syncId: string; message: string }
  /** Not synced: not connected, or the platform asked us to wait until `retryAfter`. */
  | { outcome: 'skipped'; reason: string; retryAfter?: Date };

export const SYNC_BATCH_SIZE = 500;
export const SYNC_FLUSH_ROWS = 5000;
export const STOPPED_MESSAGE = 'The worker running this sync stopped before it finished; it was run again.';

const today = () => new Date().toISOString().slice(0, 10);

export async function syncConnection(
  ctx: SyncContext,
  accountId: string,
  platformKey: string,
): Promise<SyncResult> {
  const { db } = ctx;
  const connector = ctx.connectors.get(platformKey);
  const [connection] = await db
    .select({ status: platformConnections.status, syncCursor: platformConnections.syncCursor })
    .from(platformConnections)
    .where(
      and(eq(platformConnections.accountId, accountId), eq(platformConnections.platformKey, platformKey)),
    );
  if (!connector || !connection || connection.status !== 'connected') {
    return { outcome: 'skipped', reason: 'not connected' };
  }
  const waitUntil = await rateLimitedUntil(db, accountId, platformKey);
  if (waitUntil) return { outcome: 'skipped', reason: 'rate limited', retryAfter: waitUntil };

  // A sync still `running` here lost its worker (this one runs alone: one job per connection at a time).
  await db
    .update(deliverySyncs)
    .set({ outcome: 'failed', message: STOPPED_MESSAGE, finishedAt: sql`now()` })
    .where(connectionSyncs(accountId, platformKey, 'running'));

  const placements = await db
    .select({
      externalId: campaignPlatforms.externalId,
      campaignId: campaignPlatforms.campaignId,
      startDate: campaigns.startDate,
    })
    .from(campaignPlatforms)
    .innerJoin(campaigns, eq(campaigns.id, campaignPlatforms.campaignId))
    .where(
      and(
        eq(campaigns.accountId, accountId),
        eq(campaignPlatforms.platformKey, platformKey),
        isNotNull(campaignPlatforms.externalId),
      ),
    )
    .orderBy(asc(campaignPlatforms.campaignId));
  const since = connection.syncCursor
    ? addDays(connection.syncCursor, -RESTATEMENT_DAYS)
    : (earliest(placements.map((p) => p.startDate)) ?? addDays(today(), -RESTATEMENT_DAYS));
  const [sync] = await db
    .insert(deliverySyncs)
    .values({ accountId, platformKey, sinceDate: since, campaigns: placements.length })
    .returning({ id: deliverySyncs.id });
  const syncId = sync!.id;

  try {
    const credentials = (await loadCredentials(db, ctx.box, accountId, platformKey)) ?? undefined;
    // Only this account's placements: whatever else a platform answers is never written to the account.
    const campaignOf = new Map(placements.map((p) => [p.externalId!, p.campaignId]));
    const ids = staggered([...campaignOf.keys()], platformKey);
    const batchSize = ctx.batchSize ?? SYNC_BATCH_SIZE;
    const flushRows = ctx.flushRows ?? SYNC_FLUSH_ROWS;
    let through = null as string | null;
    let pending: DeliveryDay[] = [];
    let written = 0;
    const timings: SyncTimings = { fetchMs: 0, writeMs: 0 };
    const flush = async () => {
      if (pending.length === 0) return;
      const days = pending;
      pending = [];
      // The platforms' syncs of an account write side by side: the delivery trigger makes writers of the
      // same campaigns take turns on their shared running totals (migration 0019).
      const writing = performance.now();
      written += await upsertDeliveryDays(db, accountId, days);
      timings.writeMs += performance.now() - writing;
    };
    // The next batch is asked for while this one is written, so the platform's latency (and the sandbox's
    // generator) hides behind the writes. A batch asked for and then not needed (a write failed) is called
    // off; its answer or failure is dropped.
    const batches = batchesOf(ids, batchSize);
    const prefetch = new AbortController();
    const signal = ctx.signal ? AbortSignal.any([ctx.signal, prefetch.signal]) : prefetch.signal;
    const ask = (externalIds: string[]) => {
      const answer = connector.delivery({ externalIds, since }, { signal, credentials });
      answer.catch(() => {});
      return answer;
    };
    try {
      let next = ask(batches[0]!);
      for (let index = 0; index < batches.length; index += 1) {
        const waiting = performance.now();
        const report = await next;
        timings.fetchMs += performance.now() - waiting;
        if (index + 1 < batches.length) next = ask(batches[index + 1]!);
        through = through === null || report.through < through ? report.through : through;
        for (const row of report.rows) {
          const campaignId = campaignOf.get(row.externalId);
          if (!campaignId || row.date < since) continue;
          pending.push({ campaignId, platformKey, date: row.date, ...row.counts });
        }
        if (pending.length >= flushRows) await flush();
      }
      await flush();
    } finally {
      prefetch.abort(new Error('The sync stopped before this batch was needed'));
    }
    await db.transaction(async (tx) => {
      await tx
        .update(deliverySyncs)
        .set({ outcome: 'succeeded', rowsUpserted: written, finishedAt: sql`now()` })
        .where(eq(deliverySyncs.id, syncId));
      await tx
        .update(platformConnections)
        .set({ syncCursor: through, updatedAt: sql`now()` })
        .where(
          and(eq(platformConnections.accountId, accountId), eq(platformConnections.platformKey, platformKey)),
        );
    });
    // Pacing alerts on what the platform has now reported, as of its own day (docs/pacing.md#pacing-alerts).
    // Delivery is written either way: a failed check is told in the log and tried again at the next sync.
    if (through !== null) {
      await checkPacing(db, accountId, platformKey, addDays(through, 1)).catch((error: unknown) => {
        console.error(`Pacing alerts of ${platformKey} in account ${accountId} were not checked:`, error);
      });
    }
    return {
      outcome: 'succeeded',
      syncId,
      campaigns: placements.length,
      rows: written,
      through: through!,
      timings,
    };
  } catch (error) {
    if (ctx.signal?.aborted) throw error; // the worker stops: the job is run again, this row marked then
    return recordFailure(db, { accountId, platformKey, syncId }, error);
  }
}

async function recordFailure(
  db: Database,
  sync: { accountId: string; platformKey: string; syncId: string },
  error: unknown,
): Promise<SyncResult> {
  const message = error instanceof Error ? error.message : String(error);
  if (error instanceof PlatformError && error.kind === 'rate_limited') {
    const retryAfterSeconds = Math.max(1, error.retryAfterSeconds ?? 60);
    await db
      .update(deliverySyncs)
      .set({
        outcome: 'rate_limited',
        message,
        retryAfter: sql`now() + make_interval(secs => ${retryAfterSeconds})`,
        finishedAt: sql`now()`,
      })
      .where(eq(deliverySyncs.id, sync.syncId));
    return { outcome: 'rate_limited', syncId: sync.syncId, retryAfterSeconds };
  }
  await db
    .update(deliverySyncs)
    .set({ outcome: 'failed', message, finishedAt: sql`now()` })
    .where(eq(deliverySyncs.id, sync.syncId));
  // The connection needs reconnecting: the account's planners are told once (markNeedsReconnect).
  if (error instanceof PlatformError && error.kind === 'credentials_expired')
    await markNeedsReconnect(db, sync.accountId, sync.platformKey, message);
  // An outage is worth another try (the job's retries); a refusal is not.
  if (error instanceof PlatformError && error.kind === 'unavailable') throw error;
  if (!(error instanceof PlatformError)) throw error;
  return { outcome: 'failed', syncId: sync.syncId, message };
}

/** When the connection's last sync was told to wait, and that time is still ahead: until then. */
export async function rateLimitedUntil(
  db: Pick<Database, 'select'>,
  accountId: string,
  platformKey: string,
): Promise<Date | null> {
  const [last] = await db
    .select({ outcome: deliverySyncs.outcome, retryAfter: deliverySyncs.retryAfter })
    .from(deliverySyncs)
    .where(connectionSyncs(accountId, platformKey))
    .orderBy(desc(deliverySyncs.startedAt))
    .limit(1);
  return last?.outcome === 'rate_limited' && last.retryAfter && last.retryAfter.getTime() > Date.now()
    ? last.retryAfter
    : null;
}

const connectionSyncs = (accountId: string, platformKey: string, outcome?: string) =>
  and(
    eq(deliverySyncs.accountId, accountId),
    eq(deliverySyncs.platformKey, platformKey),
    outcome ? eq(deliverySyncs.outcome, outcome) : undefined,
  );

/** The ids in calls of `size`; one call, empty, when there are none (it still tells the platform's last day). */
function batchesOf(ids: string[], size: number): string[][] {
  const batches: string[][] = [];
  for (let offset = 0; offset < ids.length; offset += size) batches.push(ids.slice(offset, offset + size));
  return batches.length > 0 ? batches : [[]];
}

/**
 * The external ids in campaign order, each platform starting at its own place in the list (Meta at the
 * start, Google a seventh of the way in, …): the syncs of an account's platforms run at once, and writers
 * of the same campaigns take turns, so they are best at different campaigns at any moment.
 */
function staggered(ids: string[], platformKey: string): string[] {
  const index = PLATFORMS.findIndex((platform) => platform.key === platformKey);
  const start = index < 0 ? 0 : Math.floor((index * ids.length) / PLATFORMS.length);
  return [...ids.slice(start), ...ids.slice(0, start)];
}

const earliest = (days: (string | null)[]) =>
  days.reduce<string | null>((first, day) => (day && (!first || day < first) ? day : first), null);

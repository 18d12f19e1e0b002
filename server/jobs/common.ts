import { randomUUID } from 'node:crypto';
import type { CampaignPlatformStatus } from '@contract/campaigns';
import { nextPlacementStatus, type PlacementEvent } from '@machines/campaignLifecycle';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { confirmBookings } from '../campaignRules/bookings';
import { loadPlatformRows } from '../campaigns/platformRows';
import type { ConnectionAccess } from '../connections/access';
import type { Database } from '../db/connect';
import type { CampaignRow, PlatformRow } from '../db/rows';
import { campaignFlights, campaignPlatforms, campaigns } from '../db/schema';
import type { TxDatabase } from '../db/transaction';
import { type ConnectorRegistry, type PlatformConnector, PlatformError } from '../platforms/connector';
import { sleep } from '../platforms/sleep';
import type { JobsSettings } from './settings';

/** What one pass of a launch or delete job works with. */
export interface PassContext {
  db: Database;
  connectors: ConnectorRegistry;
  /** The account's platform connections: the credentials every call carries. */
  connections: ConnectionAccess;
  settings: JobsSettings;
  /** Aborted when the worker stops: platform calls and waits end at once, the job is retried later. */
  signal: AbortSignal;
}

/** Done, or not before `nextRunAt` (a retry-after, a backoff, the next status check). */
export type PassResult = { done: true } | { done: false; nextRunAt: Date };
/** One round over the platforms: finished, or the earliest moment something is due again. */
export type RoundResult = { done: true } | { waitUntil: Date };

export async function loadCampaign(db: Database, id: string): Promise<CampaignRow | null> {
  const [row] = await db.select().from(campaigns).where(eq(campaigns.id, id));
  return row ?? null;
}

/** Writes a platform row; every write bumps `updated_at` (the campaign page shows it). */
export async function updatePlatformRow(
  db: TxDatabase,
  row: Pick<PlatformRow, 'campaignId' | 'platformKey'>,
  changes: Partial<Omit<PlatformRow, 'campaignId' | 'platformKey' | 'createdAt' | 'updatedAt'>>,
): Promise<void> {
  await db
    .update(campaignPlatforms)
    .set({ ...changes, updatedAt: sql`now()` })
    .where(
      and(
        eq(campaignPlatforms.campaignId, row.campaignId),
        eq(campaignPlatforms.platformKey, row.platformKey),
      ),
    );
}

/**
 * Moves a placement through the placement lifecycle chart and writes the row with `changes`; a move the
 * chart forbids is a bug in the job (it throws, pg-boss retries, and the dead letter stops the campaign).
 * Returns false when the placement had moved on since the job read it (nothing but its id is written).
 */
export async function movePlacement(
  db: TxDatabase,
  row: PlatformRow,
  event: PlacementEvent,
  changes: Partial<
    Omit<PlatformRow, 'campaignId' | 'platformKey' | 'status' | 'createdAt' | 'updatedAt'>
  > = {},
): Promise<boolean> {
  const status = nextPlacementStatus(row.status as CampaignPlatformStatus, event);
  if (status === null)
    throw new Error(`A ${row.status} placement on ${row.platformKey} cannot take ${event.type}`);
  const mine = and(
    eq(campaignPlatforms.campaignId, row.campaignId),
    eq(campaignPlatforms.platformKey, row.platformKey),
  );
  // Only from the status the job read: a person's request (a delete) that moved it meanwhile wins.
  const moved = await db
    .update(campaignPlatforms)
    .set({ ...changes, status, updatedAt: sql`now()` })
    .where(and(mine, eq(campaignPlatforms.status, row.status)))
    .returning({ status: campaignPlatforms.status });
  // A placement live on its platform (running or waiting for its start) makes that platform's bookings firm.
  if (moved.length > 0 && isRunning(status) && !isRunning(row.status))
    await confirmBookings(db, row.campaignId, row.platformKey);
  if (moved.length === 0 && changes.externalId) {
    // What the platform created is still worth knowing: the delete job removes it by this id.
    await db
      .update(campaignPlatforms)
      .set({ externalId: changes.externalId, updatedAt: sql`now()` })
      .where(and(mine, isNull(campaignPlatforms.externalId)));
  }
  return moved.length > 0;
}

/** A placement the platform runs: delivering (`active`) or waiting for the first flight (`scheduled`). */
export const isRunning = (status: string) => status === 'active' || status === 'scheduled';

/** Today's date in UTC (YYYY-MM-DD), the scheduler's day. */
export const todayUtc = () => new Date().toISOString().slice(0, 10);

/**
 * The campaign's first day on air: its earliest flight's start, or its start date when it has no flights
 * (a campaign planned before flights existed); null when it has neither.
 */
export async function firstFlightStart(db: TxDatabase, campaignId: string): Promise<string | null> {
  const [row] = await db
    .select({
      start: sql<string | null>`coalesce((SELECT min(${campaignFlights.startDate}) FROM ${campaignFlights}
        WHERE ${campaignFlights.campaignId} = ${campaigns.id}), ${campaigns.startDate})::text`,
    })
    .from(campaigns)
    .where(eq(campaigns.id, campaignId));
  return row?.start ?? null;
}

/** True while the campaign's first flight has not started: running means `scheduled`, not `active`. */
export async function isBeforeStart(
  db: TxDatabase,
  campaignId: string,
  today = todayUtc(),
): Promise<boolean> {
  const start = await firstFlightStart(db, campaignId);
  return start !== null && start > today;
}

/**
 * Once the campaign's first flight has started, its placements still waiting for it are active
 * (`schedule.started` through the placement chart); written with the campaign's move.
 */
export async function startScheduledPlacements(tx: TxDatabase, campaignId: string): Promise<void> {
  for (const row of await loadPlatformRows(tx, campaignId)) {
    if (row.status === 'scheduled') await movePlacement(tx, row, { type: 'schedule.started' });
  }
}

export function connectorFor(ctx: PassContext, platformKey: string): PlatformConnector {
  const connector = ctx.connectors.get(platformKey);
  if (!connector) throw new Error(`No connector for platform "${platformKey}"`);
  return connector;
}

/**
 * The options of a call about the account's campaign on a platform: the worker's signal and the account's
 * credentials (a `credentials_expired` PlatformError naming the platform when it is not connected).
 */
export async function callOptions(ctx: PassContext, accountId: string, platformKey: string) {
  return { signal: ctx.signal, credentials: await ctx.connections.credentialsFor(accountId, platformKey) };
}

export const isDue = (row: PlatformRow, now = Date.now()) =>
  !row.nextAttemptAt || row.nextAttemptAt.getTime() <= now;

/** The earliest moment one of `rows` is due (now if one already is). */
export function earliestDue(rows: PlatformRow[]): Date {
  const now = Date.now();
  let earliest = Number.POSITIVE_INFINITY;
  for (const row of rows) earliest = Math.min(earliest, row.nextAttemptAt?.getTime() ?? now);
  return new Date(Math.max(now, Number.isFinite(earliest) ? earliest : now));
}

/** How long to wait after a transient failure: the platform's retry-after, else exponential backoff. */
export function retryDelayMs(settings: JobsSettings, error: PlatformError, attempts: number): number {
  if (error.kind === 'rate_limited' && error.retryAfterSeconds !== null)
    return error.retryAfterSeconds * 1000;
  return Math.min(settings.backoffMaxMs, settings.backoffBaseMs * 2 ** Math.max(0, attempts - 1));
}

export async function ignoreNotFound(call: Promise<unknown>): Promise<void> {
  try {
    await call;
  } catch (error) {
    if (!(error instanceof PlatformError && error.kind === 'not_found')) throw error;
  }
}

export const newLaunchKey = () => randomUUID();

/**
 * Runs rounds until one says done, waiting inside the job for short waits (a retry-after of a second,
 * the next status check) and handing longer ones back as `nextRunAt` for a follow-up job.
 */
export async function runRounds(ctx: PassContext, round: () => Promise<RoundResult>): Promise<PassResult> {
  const started = Date.now();
  for (;;) {
    ctx.signal.throwIfAborted();
    const outcome = await round();
    if ('done' in outcome) return outcome;
    const wait = outcome.waitUntil.getTime() - Date.now();
    if (wait <= ctx.settings.inlineWaitMs && Date.now() + wait - started <= ctx.settings.maxPassMs) {
      await sleep(wait, ctx.signal);
      continue;
    }
    return { done: false, nextRunAt: outcome.waitUntil };
  }
}

const LOCK_CLASS = 0x46_50_43_4a; // "FPCJ": campaign jobs

export interface CampaignLock {
  release(): Promise<void>;
}

/**
 * One pass at a time per campaign, across processes: a session advisory lock on a connection held for
 * the pass. A crashed worker's connection closes and the lock goes with it.
 */
export async function tryCampaignLock(db: Database, campaignId: string): Promise<CampaignLock | null> {
  const client = await db.$client.connect();
  try {
    const { rows } = await client.query<{ locked: boolean }>(
      'SELECT pg_try_advisory_lock($1, hashtext($2)) AS locked',
      [LOCK_CLASS, campaignId],
    );
    if (!rows[0]?.locked) {
      client.release();
      return null;
    }
  } catch (error) {
    client.release(error as Error);
    throw error;
  }
  return {
    async release() {
      try {
        await client.query('SELECT pg_advisory_unlock($1, hashtext($2))', [LOCK_CLASS, campaignId]);
        client.release();
      } catch (error) {
        client.release(error as Error); // destroyed: the lock ends with the connection
      }
    },
  };
}

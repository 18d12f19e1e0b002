import * as t from '@server/db/schema';
import { type SyncContext, syncConnection } from '@server/delivery/sync';
import {
  type CallOptions,
  type DeliveryReport,
  type DeliveryRequest,
  type PlatformConnector,
  SandboxControl,
} from '@server/platforms';
import { asc, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { connectPlatforms, TEST_SECRET_BOX } from '../support/connections';
import { platformConnectors } from '../support/connectors';
import { freshDatabase } from '../support/db';
import { evenFlight, liveCampaign, newAccount } from './fixtures';

/**
 * The sync asks for the next batch while it writes the current one: the writes do not wait for the
 * platform, and a failed write still leaves every earlier batch written once and the rest for the next run.
 */

const { db } = await freshDatabase();
const sandbox = new SandboxControl(db);
const connectors = platformConnectors(db, { delayMs: 0, reviewMs: 0 });
// One campaign per call and per write, so each batch is its own statement.
const ctx: SyncContext = { db, connectors, box: TEST_SECRET_BOX, batchSize: 1, flushRows: 1 };

const rowsOf = (campaignIds: string[]) =>
  db
    .select()
    .from(t.deliveryDaily)
    .where(inArray(t.deliveryDaily.campaignId, campaignIds))
    .orderBy(asc(t.deliveryDaily.campaignId), asc(t.deliveryDaily.date));

/** A platform that answers each call when the test says so, and can spoil one call's answer. */
function heldPlatform(platform: PlatformConnector) {
  const calls: { externalIds: readonly string[]; signal?: AbortSignal; release: () => void }[] = [];
  let spoiled: string | null = null;
  const connector: PlatformConnector = Object.assign(Object.create(platform), {
    delivery: async (request: DeliveryRequest, options?: CallOptions): Promise<DeliveryReport> => {
      const answered = new Promise<void>((release) =>
        calls.push({ externalIds: request.externalIds, signal: options?.signal, release }),
      );
      await answered;
      const report = await platform.delivery(request, options);
      // A figure the table refuses (counts are never negative): the write of this batch fails.
      if (request.externalIds.includes(spoiled ?? ''))
        return {
          ...report,
          rows: report.rows.map((row) => ({ ...row, counts: { ...row.counts, clicks: -1 } })),
        };
      return report;
    },
  });
  return { connector, calls, spoil: (externalId: string) => (spoiled = externalId) };
}

describe('the pipelined sync', () => {
  it('asks for the next batch while writing, and after a failed write keeps the earlier batches for a rerun that completes', async () => {
    const account = await newAccount(db, 'Pipeline');
    const flights = evenFlight(await sandbox.today(), 5, 5, 50_000);
    const live = [];
    for (let i = 0; i < 3; i++) live.push(await liveCampaign(db, account, { platforms: ['meta'], flights }));
    await connectPlatforms(db, account, ['meta']);
    // The sync asks in campaign order on Meta (the first platform starts at the first campaign).
    live.sort((a, b) => (a.id < b.id ? -1 : 1));
    const ids = live.map((campaign) => campaign.id);
    const held = heldPlatform(connectors.get('meta')!);
    held.spoil(live[1]!.externalIds.meta!);

    const syncing = syncConnection(
      { ...ctx, connectors: new Map([['meta', held.connector]]) },
      account,
      'meta',
    )
      .then(() => 'finished')
      .catch((error: unknown) => error);
    await expect.poll(() => held.calls.length).toBe(1);
    held.calls[0]!.release();
    // The second batch is asked for, and while it is unanswered the first is written.
    await expect.poll(() => held.calls.length).toBe(2);
    expect(held.calls[1]!.externalIds).toEqual([live[1]!.externalIds.meta]);
    await expect.poll(async () => (await rowsOf([ids[0]!])).length).toBe(5);
    held.calls[1]!.release();
    // The third is asked for before the second's write, which fails: the third is called off.
    await expect.poll(() => held.calls.length).toBe(3);
    expect(await syncing).toBeInstanceOf(Error);
    expect(held.calls[2]!.signal?.aborted).toBe(true);
    held.calls[2]!.release();

    expect((await rowsOf(ids)).map((row) => row.campaignId)).toEqual(Array(5).fill(ids[0]));
    const [failed] = await db.select().from(t.deliverySyncs).where(eq(t.deliverySyncs.accountId, account));
    expect(failed).toMatchObject({ outcome: 'failed' });
    const [connection] = await db
      .select()
      .from(t.platformConnections)
      .where(eq(t.platformConnections.accountId, account));
    expect(connection!.syncCursor).toBeNull();

    // The rerun writes the two other batches; the first, written already, changes nothing.
    const rerun = await syncConnection(ctx, account, 'meta');
    expect(rerun).toMatchObject({ outcome: 'succeeded', campaigns: 3, rows: 10 });
    const rows = await rowsOf(ids);
    expect(rows.map((row) => row.campaignId)).toEqual([
      ...Array(5).fill(ids[0]),
      ...Array(5).fill(ids[1]),
      ...Array(5).fill(ids[2]),
    ]);
  });
});

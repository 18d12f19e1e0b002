import * as t from '@server/db/schema';
import { STOPPED_MESSAGE } from '@server/delivery/sync';
import { DeliverySync, type DeliverySyncSettings, SYNC_QUEUES } from '@server/delivery/syncJobs';
import { CampaignJobs } from '@server/jobs';
import { type DeliveryRequest, type PlatformConnector, SandboxControl } from '@server/platforms';
import type { CallOptions } from '@server/platforms/connector';
import { addDays } from '@server/platforms/sandbox/clock';
import { and, asc, eq, sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { connectPlatforms, TEST_SECRET_BOX } from '../support/connections';
import { platformConnectors } from '../support/connectors';
import { freshDatabase } from '../support/db';
import { liveCampaign, newAccount } from './fixtures';

/**
 * The sync as durable pg-boss jobs: a rate-limited sync runs again only after the platform's Retry-After,
 * and a sync whose worker stopped half-way is picked up by another worker and completed.
 */

const { db } = await freshDatabase();
const sandbox = new SandboxControl(db);
const connectors = platformConnectors(db, { delayMs: 0, reviewMs: 0 });
const jobs = new CampaignJobs(db, { supervise: false, concurrency: 0 });
await jobs.ready();

const FAST: Partial<DeliverySyncSettings> = {
  cron: null,
  digestCron: null,
  concurrency: 1,
  pollingIntervalSeconds: 0.5,
  retryLimit: 3,
  retryDelaySeconds: 0,
};
const running = new Set<DeliverySync>();
async function startSync(settings: Partial<DeliverySyncSettings> = {}, registry = connectors) {
  const sync = await new DeliverySync(db, jobs.boss, { ...FAST, ...settings }).start({
    connectors: registry,
    box: TEST_SECRET_BOX,
  });
  running.add(sync);
  return sync;
}
afterAll(async () => {
  for (const sync of running) await sync.stop();
  await jobs.stop();
});

const syncsOf = (accountId: string, platformKey: string) =>
  db
    .select()
    .from(t.deliverySyncs)
    .where(and(eq(t.deliverySyncs.accountId, accountId), eq(t.deliverySyncs.platformKey, platformKey)))
    .orderBy(asc(t.deliverySyncs.startedAt));

async function waitFor<T>(
  what: () => Promise<T>,
  done: (value: T) => boolean,
  timeoutMs = 20_000,
): Promise<T> {
  const until = Date.now() + timeoutMs;
  let last = await what();
  while (!done(last)) {
    if (Date.now() > until) throw new Error(`timed out; last: ${JSON.stringify(last)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
    last = await what();
  }
  return last;
}

async function connectedAccountWith(platformKey: string, campaigns: number) {
  const accountId = await newAccount(db);
  const now = await sandbox.today();
  const flights = [
    { startDate: addDays(now, -7), endDate: addDays(now, 7), amountMinor: 70_000, pacing: 'even' as const },
  ];
  const live = [];
  for (let i = 0; i < campaigns; i++)
    live.push(await liveCampaign(db, accountId, { platforms: [platformKey], flights }));
  await connectPlatforms(db, accountId, [platformKey]);
  return { accountId, live };
}

describe('delivery sync jobs', () => {
  it('enqueues one sync per connected account and platform, and one at a time per connection', async () => {
    const sender = DeliverySync.sender(db, jobs);
    const { accountId } = await connectedAccountWith('meta', 1);
    expect(await sender.enqueue(accountId, 'meta')).toEqual(expect.any(String));
    // Already queued: the queued one will do.
    expect(await sender.enqueue(accountId, 'meta')).toBeNull();
    const connected = await db
      .select()
      .from(t.platformConnections)
      .where(eq(t.platformConnections.status, 'connected'));
    expect(await sender.enqueueAll()).toBe(connected.length);
    await db.execute(sql`DELETE FROM pgboss.job WHERE name = ${SYNC_QUEUES.connection}`);
  });

  it('a rate-limited sync runs again after the Retry-After, not before, and then completes', async () => {
    const { accountId, live } = await connectedAccountWith('tiktok', 2);
    await sandbox.injectFailure('tiktok', 'rate_limit', { operation: 'delivery', retryAfterSeconds: 2 });
    const sync = await startSync();
    await sync.enqueue(accountId, 'tiktok');
    const syncs = await waitFor(
      () => syncsOf(accountId, 'tiktok'),
      (rows) => rows.some((r) => r.outcome === 'succeeded'),
    );
    expect(syncs.map((r) => r.outcome)).toEqual(['rate_limited', 'succeeded']);
    const [limited, succeeded] = syncs;
    expect(succeeded!.startedAt.getTime()).toBeGreaterThanOrEqual(limited!.retryAfter!.getTime());
    const rows = await db.select().from(t.deliveryDaily).where(eq(t.deliveryDaily.accountId, accountId));
    expect(new Set(rows.map((r) => r.campaignId))).toEqual(new Set(live.map((c) => c.id)));
    await sync.stop();
  });

  it("a killed worker's sync is picked up again and completed", async () => {
    const { accountId, live } = await connectedAccountWith('google', 3);
    const google = connectors.get('google')!;
    let calls = 0;
    let hung: () => void = () => {};
    const hanging = new Promise<void>((resolve) => {
      hung = resolve;
    });
    // The second batch never answers: the worker is stopped while it waits.
    const stalling: PlatformConnector = Object.assign(Object.create(google), {
      delivery: (request: DeliveryRequest, options?: CallOptions) => {
        calls += 1;
        if (calls === 1) return google.delivery(request, options);
        hung();
        return new Promise((_, reject) => {
          options?.signal?.addEventListener('abort', () => reject(options.signal!.reason));
        });
      },
    });
    const first = await startSync({ batchSize: 1, flushRows: 1 }, new Map([['google', stalling]]));
    await first.enqueue(accountId, 'google');
    await hanging;
    // The second batch is asked for while the first is written (the sync prefetches): the first lands.
    const halfway = await waitFor(
      () => db.select().from(t.deliveryDaily).where(eq(t.deliveryDaily.accountId, accountId)),
      (rows) => rows.length > 0,
    );
    expect(new Set(halfway.map((r) => r.campaignId)).size).toBe(1);
    expect((await syncsOf(accountId, 'google')).map((r) => r.outcome)).toEqual(['running']);
    await first.stop();

    await startSync({ batchSize: 1, flushRows: 1 });
    const syncs = await waitFor(
      () => syncsOf(accountId, 'google'),
      (rows) => rows.some((r) => r.outcome === 'succeeded'),
    );
    expect(syncs.map((r) => r.outcome)).toEqual(['failed', 'succeeded']);
    expect(syncs[0]!.message).toBe(STOPPED_MESSAGE);
    const rows = await db.select().from(t.deliveryDaily).where(eq(t.deliveryDaily.accountId, accountId));
    expect(new Set(rows.map((r) => r.campaignId))).toEqual(new Set(live.map((c) => c.id)));
    expect(rows).toHaveLength(3 * 7);
    const [connection] = await db
      .select()
      .from(t.platformConnections)
      .where(
        and(eq(t.platformConnections.accountId, accountId), eq(t.platformConnections.platformKey, 'google')),
      );
    expect(connection!.syncCursor).toBe(addDays(await sandbox.today(), -1));
  });
});

import { loadCredentials } from '@server/connections/store';
import * as t from '@server/db/schema';
import { type SyncContext, syncConnection } from '@server/delivery/sync';
import { type PlatformConnector, SandboxControl } from '@server/platforms';
import type { CallOptions, DeliveryRequest } from '@server/platforms/connector';
import { addDays } from '@server/platforms/sandbox/clock';
import { and, asc, eq, sql } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { connectPlatforms, TEST_SECRET_BOX } from '../support/connections';
import { platformConnectors } from '../support/connectors';
import { freshDatabase } from '../support/db';
import { evenFlight, liveCampaign, newAccount, today } from './fixtures';

/**
 * The delivery sync of one connection against the sandbox platforms, on real PostgreSQL: what it writes,
 * what a second run changes, restated days, rate limits, expired credentials, and whose rows it writes.
 */

const { db } = await freshDatabase();
const sandbox = new SandboxControl(db);
const connectors = platformConnectors(db, { delayMs: 0, reviewMs: 0 });
const ctx: SyncContext = { db, connectors, box: TEST_SECRET_BOX };

afterEach(() => sandbox.clearFailures());

let accountId: string;
/** The account's connection to the platform, as the jobs and the sync call with it. */
async function accessTo(platformKey: string) {
  if (!(await loadCredentials(db, TEST_SECRET_BOX, accountId, platformKey)))
    await connectPlatforms(db, accountId, [platformKey]);
  return { credentials: (await loadCredentials(db, TEST_SECRET_BOX, accountId, platformKey))! };
}
beforeAll(async () => {
  accountId = await newAccount(db);
});

const deliveryOf = (campaignId: string) =>
  db
    .select()
    .from(t.deliveryDaily)
    .where(eq(t.deliveryDaily.campaignId, campaignId))
    .orderBy(asc(t.deliveryDaily.platformKey), asc(t.deliveryDaily.date));

const connectionOf = async (account: string, platformKey: string) =>
  (
    await db
      .select()
      .from(t.platformConnections)
      .where(
        and(eq(t.platformConnections.accountId, account), eq(t.platformConnections.platformKey, platformKey)),
      )
  )[0]!;

const syncsOf = (account: string, platformKey: string) =>
  db
    .select()
    .from(t.deliverySyncs)
    .where(and(eq(t.deliverySyncs.accountId, account), eq(t.deliverySyncs.platformKey, platformKey)))
    .orderBy(asc(t.deliverySyncs.startedAt));

describe('the sandbox delivery report', () => {
  it('answers the same numbers for the same campaign and days, and other numbers for another campaign', async () => {
    const flights = evenFlight(today(), 12, 5, 90_000);
    const a = await liveCampaign(db, accountId, { platforms: ['google'], flights });
    const b = await liveCampaign(db, accountId, { platforms: ['google'], flights });
    const google = connectors.get('google')!;
    const since = addDays(today(), -12);
    const access = await accessTo('google');
    const first = await google.delivery(
      { externalIds: [a.externalIds.google!, b.externalIds.google!], since },
      access,
    );
    const again = await google.delivery(
      { externalIds: [a.externalIds.google!, b.externalIds.google!], since },
      access,
    );
    expect(again).toEqual(first);
    expect(first.through).toBe(addDays(await sandbox.today(), -1));
    const ofA = first.rows.filter((r) => r.externalId === a.externalIds.google);
    const ofB = first.rows.filter((r) => r.externalId === b.externalIds.google);
    expect(ofA.map((r) => r.date)).toEqual(ofB.map((r) => r.date));
    expect(ofA.length).toBe(12);
    expect(ofA.map((r) => r.counts.spendMinor)).not.toEqual(ofB.map((r) => r.counts.spendMinor));
  });

  it('delivers nothing while a campaign is paused, and again once resumed', async () => {
    const flights = evenFlight(today(), 3, 20, 200_000);
    const live = await liveCampaign(db, accountId, { platforms: ['tiktok'], flights });
    const tiktok = connectors.get('tiktok')!;
    const externalId = live.externalIds.tiktok!;
    const access = await accessTo('tiktok');
    const pausedOn = await sandbox.today();
    await tiktok.pause(externalId, access);
    await sandbox.advanceClock(3);
    await tiktok.resume(externalId, access);
    await sandbox.advanceClock(2);
    const { rows } = await tiktok.delivery(
      { externalIds: [externalId], since: flights[0]!.startDate },
      access,
    );
    const dates = rows.map((r) => r.date);
    expect(dates).toContain(addDays(pausedOn, -1));
    for (let i = 0; i < 3; i++) expect(dates).not.toContain(addDays(pausedOn, i));
    expect(dates).toContain(addDays(pausedOn, 3));
  });
  it('keeps what a seeded campaign (no status history) delivered before it was paused', async () => {
    const flights = evenFlight(today(), 9, 20, 150_000);
    const live = await liveCampaign(db, accountId, { platforms: ['linkedin'], flights });
    const externalId = live.externalIds.linkedin!;
    await db
      .update(t.sandboxPlatformCampaigns)
      .set({ statusHistory: [] })
      .where(eq(t.sandboxPlatformCampaigns.externalId, externalId));
    const linkedin = connectors.get('linkedin')!;
    const access = await accessTo('linkedin');
    const since = flights[0]!.startDate;
    const before = await linkedin.delivery({ externalIds: [externalId], since }, access);
    expect(before.rows.length).toBeGreaterThan(0);
    const pausedOn = await sandbox.today();
    await linkedin.pause(externalId, access);
    await sandbox.advanceClock(1);
    const after = await linkedin.delivery({ externalIds: [externalId], since }, access);
    const dates = after.rows.map((r) => r.date);
    expect(dates).toEqual(before.rows.map((r) => r.date).filter((d) => d < pausedOn));
  });
});

describe('syncConnection', () => {
  it('writes what the platform delivered, never more than a flight amount, and moves the cursor', async () => {
    const start = addDays(await sandbox.today(), -30);
    const flights = [
      { startDate: start, endDate: addDays(start, 9), amountMinor: 50_000, pacing: 'front_loaded' as const },
      {
        startDate: addDays(start, 12),
        endDate: addDays(start, 24),
        amountMinor: 80_001,
        pacing: 'even' as const,
      },
    ];
    const account = await newAccount(db);
    const live = await liveCampaign(db, account, { platforms: ['meta', 'linkedin'], flights });
    await connectPlatforms(db, account, ['meta', 'linkedin']);

    for (const platformKey of ['meta', 'linkedin']) {
      const result = await syncConnection(ctx, account, platformKey);
      expect(result).toMatchObject({ outcome: 'succeeded', campaigns: 1 });
      expect((await connectionOf(account, platformKey)).syncCursor).toBe(addDays(await sandbox.today(), -1));
    }
    const rows = await deliveryOf(live.id);
    for (const platformKey of ['meta', 'linkedin']) {
      for (const flight of flights) {
        const spent = rows
          .filter(
            (r) => r.platformKey === platformKey && r.date >= flight.startDate && r.date <= flight.endDate,
          )
          .reduce((sum, r) => sum + r.spendMinor, 0);
        expect(spent).toBeGreaterThan(flight.amountMinor * 0.9);
        expect(spent).toBeLessThanOrEqual(flight.amountMinor);
      }
    }
    expect(rows.every((r) => r.accountId === account)).toBe(true);
    expect(rows.some((r) => r.date > addDays(start, 9) && r.date < addDays(start, 12))).toBe(false);
    const [sync] = await syncsOf(account, 'meta');
    expect(sync).toMatchObject({ outcome: 'succeeded', campaigns: 1, sinceDate: start });
    expect(sync!.rowsUpserted).toBe(rows.filter((r) => r.platformKey === 'meta').length);
  });

  it('changes nothing when run again', async () => {
    const account = await newAccount(db);
    const flights = evenFlight(await sandbox.today(), 8, 8, 64_000);
    const live = await liveCampaign(db, account, { platforms: ['pinterest'], flights });
    await connectPlatforms(db, account, ['pinterest']);
    const first = await syncConnection(ctx, account, 'pinterest');
    expect(first).toMatchObject({ outcome: 'succeeded' });
    expect(first.outcome === 'succeeded' && first.rows).toBe(8);
    const before = await deliveryOf(live.id);
    const second = await syncConnection(ctx, account, 'pinterest');
    expect(second).toMatchObject({ outcome: 'succeeded', rows: 0 });
    expect(await deliveryOf(live.id)).toEqual(before);
  });

  it('updates the days a platform restates as the days pass, and adds the new one', async () => {
    const account = await newAccount(db);
    const now = await sandbox.today();
    const flights = evenFlight(now, 10, 10, 210_000);
    const live = await liveCampaign(db, account, { platforms: ['microsoft'], flights });
    await connectPlatforms(db, account, ['microsoft']);
    await syncConnection(ctx, account, 'microsoft');
    const before = new Map((await deliveryOf(live.id)).map((r) => [r.date, r]));
    expect(before.has(addDays(now, -1))).toBe(true);
    expect(before.has(now)).toBe(false);

    await sandbox.advanceClock(1);
    const result = await syncConnection(ctx, account, 'microsoft');
    expect(result).toMatchObject({ outcome: 'succeeded', through: now });
    const after = new Map((await deliveryOf(live.id)).map((r) => [r.date, r]));
    expect(after.get(now)?.spendMinor).toBeGreaterThan(0);
    // Yesterday was preliminary: its figures grew to the next day's report.
    const yesterday = addDays(now, -1);
    expect(after.get(yesterday)!.spendMinor).toBeGreaterThan(before.get(yesterday)!.spendMinor);
    expect(after.get(yesterday)!.impressions).toBeGreaterThan(before.get(yesterday)!.impressions);
    // Days past the restatement window stay as they were.
    expect(after.get(addDays(now, -6))).toEqual(before.get(addDays(now, -6)));
    const [, second] = await syncsOf(account, 'microsoft');
    expect(second!.sinceDate).toBe(addDays(now, -4));
  });

  it('a rate limit records rate_limited with its Retry-After, keeps the cursor, and waits before asking again', async () => {
    const account = await newAccount(db);
    const flights = evenFlight(await sandbox.today(), 5, 5, 40_000);
    const live = await liveCampaign(db, account, { platforms: ['snapchat'], flights });
    await connectPlatforms(db, account, ['snapchat']);
    await sandbox.injectFailure('snapchat', 'rate_limit', { operation: 'delivery', retryAfterSeconds: 120 });

    const result = await syncConnection(ctx, account, 'snapchat');
    expect(result).toMatchObject({ outcome: 'rate_limited', retryAfterSeconds: 120 });
    const [sync] = await syncsOf(account, 'snapchat');
    expect(sync).toMatchObject({ outcome: 'rate_limited' });
    expect(sync!.message).toMatch(/limiting requests/);
    const waitSeconds = (sync!.retryAfter!.getTime() - sync!.startedAt.getTime()) / 1000;
    expect(waitSeconds).toBeGreaterThanOrEqual(119);
    expect((await connectionOf(account, 'snapchat')).syncCursor).toBeNull();
    expect(await deliveryOf(live.id)).toEqual([]);

    // Asked again before the Retry-After: the platform is not called, nothing is recorded.
    const early = await syncConnection(ctx, account, 'snapchat');
    expect(early).toMatchObject({ outcome: 'skipped', reason: 'rate limited', retryAfter: sync!.retryAfter });
    expect(await syncsOf(account, 'snapchat')).toHaveLength(1);

    // Once it has passed, the sync runs and completes.
    await db.execute(
      sql`UPDATE delivery_syncs SET retry_after = now() - interval '1 second' WHERE id = ${sync!.id}`,
    );
    expect(await syncConnection(ctx, account, 'snapchat')).toMatchObject({ outcome: 'succeeded' });
    expect((await connectionOf(account, 'snapchat')).syncCursor).toBe(addDays(await sandbox.today(), -1));
  });

  it('an expired credential fails the sync and marks the connection as needing reconnecting', async () => {
    const account = await newAccount(db);
    // A planner of the account, who is told (issue 27's notifications).
    const [organization] = await db.select().from(t.accounts).where(eq(t.accounts.id, account));
    const [planner] = await db
      .insert(t.users)
      .values({
        email: `planner-${account}@agency.test`,
        passwordHash: 'x',
        firstName: 'Pia',
        lastName: 'Planner',
      })
      .returning();
    await db
      .insert(t.memberships)
      .values({ userId: planner!.id, organizationId: organization!.organizationId, role: 'planner' });
    const flights = evenFlight(await sandbox.today(), 5, 5, 40_000);
    await liveCampaign(db, account, { platforms: ['meta'], flights });
    await connectPlatforms(db, account, ['meta']);
    await sandbox.injectFailure('meta', 'expired_credential', { operation: 'delivery' });
    expect(await syncConnection(ctx, account, 'meta')).toMatchObject({ outcome: 'failed' });
    const connection = await connectionOf(account, 'meta');
    expect(connection.status).toBe('needs_reconnect');
    expect(connection.problem).toMatch(/Reconnect/);
    expect(connection.syncCursor).toBeNull();
    // Not connected any more: the next sync does not run.
    expect(await syncConnection(ctx, account, 'meta')).toMatchObject({ outcome: 'skipped' });
    const told = await db.select().from(t.notifications).where(eq(t.notifications.userId, planner!.id));
    expect(told.map((n) => [n.kind, n.link])).toEqual([['connection_needs_reconnect', '/platforms']]);
  });

  it("never writes another tenant's rows to an account, even when a platform answers them", async () => {
    const mine = await newAccount(db, 'Mine');
    const theirs = await newAccount(db, 'Theirs');
    const flights = evenFlight(await sandbox.today(), 6, 6, 60_000);
    const own = await liveCampaign(db, mine, { platforms: ['meta'], flights });
    const foreign = await liveCampaign(db, theirs, { platforms: ['meta'], flights });
    await connectPlatforms(db, mine, ['meta']);
    await connectPlatforms(db, theirs, ['meta']);
    const meta = connectors.get('meta')!;
    // A platform that answers more than it was asked: the other tenant's campaign too.
    const theirAccess = { credentials: (await loadCredentials(db, TEST_SECRET_BOX, theirs, 'meta'))! };
    const leaky: PlatformConnector = Object.assign(Object.create(meta), {
      delivery: async (request: DeliveryRequest, options?: CallOptions) => {
        const report = await meta.delivery(request, options);
        const leaked = await meta.delivery(
          { externalIds: [foreign.externalIds.meta!], since: request.since },
          theirAccess,
        );
        return { ...report, rows: [...report.rows, ...leaked.rows] };
      },
    });
    const result = await syncConnection({ ...ctx, connectors: new Map([['meta', leaky]]) }, mine, 'meta');
    expect(result).toMatchObject({ outcome: 'succeeded', rows: 6 });
    expect(await deliveryOf(foreign.id)).toEqual([]);
    const written = await db.select().from(t.deliveryDaily).where(eq(t.deliveryDaily.accountId, mine));
    expect(new Set(written.map((r) => r.campaignId))).toEqual(new Set([own.id]));

    await syncConnection(ctx, theirs, 'meta');
    const theirsRows = await deliveryOf(foreign.id);
    expect(theirsRows).toHaveLength(6);
    expect(theirsRows.every((r) => r.accountId === theirs)).toBe(true);
  });
});

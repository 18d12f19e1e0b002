import type { DeliveryDay } from '@contract/delivery';
import { upsertDeliveryDays } from '@server/delivery/store';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import fc from 'fast-check';
import pg from 'pg';
import { beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase, type TestDatabase } from '../support/db';
import { expectRollupsExact } from '../support/deliveryRollups';

/**
 * The platforms' syncs of an account write at once (migration 0019): writers of the same campaign take turns
 * on its shared running totals and span, and the rollups stay exact whatever the interleaving.
 */

let t: TestDatabase;
let accountId: string;
let campaignIds: string[];
/** Deleted by one test: not one of the others'. */
let doomed: string;

beforeAll(async () => {
  t = await freshDatabase();
  const { rows } = await t.db.$client.query(
    `SELECT account_id, array_agg(id ORDER BY id) AS ids FROM campaigns GROUP BY account_id ORDER BY count(*) DESC LIMIT 1`,
  );
  accountId = rows[0].account_id;
  campaignIds = rows[0].ids.slice(0, 4);
  doomed = rows[0].ids[4];
});

const march = (day: number) => `2026-03-${String(day).padStart(2, '0')}`;
const day = (campaign: number, platformKey: string, date: number, spendMinor: number): DeliveryDay => ({
  campaignId: campaignIds[campaign]!,
  platformKey,
  date: march(date),
  impressions: spendMinor * 10,
  reach: spendMinor * 5,
  clicks: spendMinor,
  spendMinor,
  conversions: 1,
});

const clearDelivery = () => t.db.execute(sql`DELETE FROM delivery_daily WHERE account_id = ${accountId}`);

describe('delivery writers side by side', () => {
  it('a second platform writing the same campaign waits for the first to commit, then extends its running totals', async () => {
    await clearDelivery();
    const first = new pg.Client({ connectionString: t.url });
    const second = new pg.Client({ connectionString: t.url });
    await first.connect();
    await second.connect();
    try {
      const secondPid = (await second.query('SELECT pg_backend_pid() AS pid')).rows[0].pid;
      await first.query('BEGIN');
      await first.query(
        `INSERT INTO delivery_daily (account_id, campaign_id, platform_key, date, impressions, reach, clicks, spend_minor, conversions)
         VALUES ($1, $2, 'meta', '2026-03-02', 100, 50, 10, 1000, 1), ($1, $2, 'meta', '2026-03-05', 100, 50, 10, 2000, 1)`,
        [accountId, campaignIds[0]],
      );
      // Days before, between and after the first writer's: its dense fill must see what the first committed.
      const writing = upsertDeliveryDays(drizzle(second), accountId, [
        day(0, 'google', 1, 300),
        day(0, 'google', 3, 400),
        day(0, 'google', 7, 500),
      ]).catch((error: unknown) => error);
      await expect
        .poll(
          async () =>
            (
              await t.db.$client.query(
                'SELECT wait_event_type, wait_event FROM pg_stat_activity WHERE pid = $1',
                [secondPid],
              )
            ).rows[0],
        )
        .toEqual({ wait_event_type: 'Lock', wait_event: 'advisory' });
      await first.query('COMMIT');
      expect(await writing).toBe(3);
      const { rows } = await t.db.$client.query(
        `SELECT date::text, spend_minor FROM delivery_campaign_cumulative
         WHERE campaign_id = $1 AND date <= '2026-03-07' ORDER BY date`,
        [campaignIds[0]],
      );
      expect(rows.map((row) => [row.date, Number(row.spend_minor)])).toEqual([
        [march(1), 300],
        [march(2), 1300],
        [march(3), 1700],
        [march(4), 1700],
        [march(5), 3700],
        [march(6), 3700],
        [march(7), 4200],
      ]);
      await expectRollupsExact(t.db, accountId);
    } finally {
      await first.query('ROLLBACK').catch(() => {});
      await first.end();
      await second.end();
    }
  });

  it('a campaign deleted while a platform writes it is deleted; that write fails and nothing of it remains', async () => {
    await clearDelivery();
    const deleting = new pg.Client({ connectionString: t.url });
    const writer = new pg.Client({ connectionString: t.url });
    await deleting.connect();
    await writer.connect();
    try {
      const writerPid = (await writer.query('SELECT pg_backend_pid() AS pid')).rows[0].pid;
      await upsertDeliveryDays(t.db, accountId, [{ ...day(0, 'meta', 2, 700), campaignId: doomed }]);
      await deleting.query('BEGIN');
      await deleting.query('SELECT id FROM campaigns WHERE id = $1 FOR UPDATE', [doomed]);
      // The writer holds the campaign's turn and waits for the campaign row (its foreign key check).
      const writing = upsertDeliveryDays(drizzle(writer), accountId, [
        { ...day(0, 'google', 4, 900), campaignId: doomed },
      ]).catch((error: unknown) => error);
      await expect
        .poll(
          async () =>
            (
              await t.db.$client.query('SELECT wait_event_type FROM pg_stat_activity WHERE pid = $1', [
                writerPid,
              ])
            ).rows[0]?.wait_event_type,
        )
        .toBe('Lock');
      // Its delivery leaves with it without waiting for the writer's turn (no deadlock).
      await deleting.query('DELETE FROM campaigns WHERE id = $1', [doomed]);
      await deleting.query('COMMIT');
      expect(await writing).toMatchObject({ cause: { code: '23503' } });
      const left = await t.db.$client.query(
        'SELECT count(*)::int AS n FROM delivery_daily WHERE campaign_id = $1',
        [doomed],
      );
      expect(left.rows[0].n).toBe(0);
      await expectRollupsExact(t.db, accountId);
    } finally {
      await deleting.query('ROLLBACK').catch(() => {});
      await deleting.end();
      await writer.end();
    }
  });

  it('a write takes at most 256 turns however many campaigns it holds (the lock table is finite)', async () => {
    const { rows } = await t.db.$client.query(
      `SELECT count(DISTINCT delivery_turn($1, gen_random_uuid()))::int AS turns FROM generate_series(1, 5000)`,
      [accountId],
    );
    expect(rows[0].turns).toBeLessThanOrEqual(256);
    expect(rows[0].turns).toBeGreaterThan(200);
  });

  it('stay exact when the platforms write overlapping campaigns and days at once', async () => {
    const count = fc.integer({ min: 0, max: 5000 });
    const page = (platformKey: string) =>
      fc
        .array(
          fc.record({
            campaign: fc.integer({ min: 0, max: 3 }),
            date: fc.integer({ min: 1, max: 20 }),
            spend: count,
          }),
          { maxLength: 15 },
        )
        .map((days) => [
          ...new Map(
            days.map((d) => [`${d.campaign}|${d.date}`, day(d.campaign, platformKey, d.date, d.spend)]),
          ).values(),
        ]);
    // Each platform's sync: a few pages in a row, the platforms at once (restatements included: a later
    // page may rewrite an earlier day).
    const sync = (platformKey: string) => fc.array(page(platformKey), { minLength: 1, maxLength: 3 });
    await fc.assert(
      fc.asyncProperty(sync('meta'), sync('google'), sync('tiktok'), async (...syncs) => {
        await clearDelivery();
        await Promise.all(
          syncs.map(async (pages) => {
            for (const days of pages) await upsertDeliveryDays(t.db, accountId, days);
          }),
        );
        await expectRollupsExact(t.db, accountId);
      }),
      { numRuns: 25, endOnFailure: true },
    );
  }, 120_000);
});

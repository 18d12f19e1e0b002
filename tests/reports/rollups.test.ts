import type { DeliveryDay } from '@contract/delivery';
import { deferRollups, rebuildRollups, upsertDeliveryDays } from '@server/delivery/store';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase, type TestDatabase } from '../support/db';
import { expectRollupsExact } from '../support/deliveryRollups';

let t: TestDatabase;
let accountId: string;
let campaignIds: string[];
let customerIds: string[];

beforeAll(async () => {
  t = await freshDatabase();
  const { rows } = await t.db.$client.query(
    `SELECT account_id, array_agg(id ORDER BY id) AS ids FROM campaigns GROUP BY account_id ORDER BY count(*) DESC LIMIT 1`,
  );
  accountId = rows[0].account_id;
  campaignIds = rows[0].ids.slice(0, 4);
  const customers = await t.db.$client.query('SELECT id FROM customers WHERE account_id = $1 LIMIT 2', [
    accountId,
  ]);
  customerIds = customers.rows.map((row) => row.id);
});

const expectExact = () => expectRollupsExact(t.db, accountId);

const count = fc.integer({ min: 0, max: 5000 });
const deliveryDay = fc
  .record({
    campaign: fc.integer({ min: 0, max: 3 }),
    platformKey: fc.constantFrom('meta', 'google', 'tiktok'),
    day: fc.integer({ min: 1, max: 20 }),
    impressions: count,
    reach: count,
    clicks: count,
    spendMinor: count,
    conversions: count,
  })
  .map(
    ({ campaign, day, ...rest }): DeliveryDay => ({
      ...rest,
      campaignId: campaignIds[campaign]!,
      date: `2026-03-${String(day).padStart(2, '0')}`,
    }),
  );
const step = fc.oneof(
  {
    weight: 6,
    arbitrary: fc.record({
      kind: fc.constant('upsert' as const),
      days: fc.array(deliveryDay, { maxLength: 12 }),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('customer' as const),
      campaign: fc.integer({ min: 0, max: 3 }),
      customer: fc.integer({ min: -1, max: 1 }),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('currency' as const),
      campaign: fc.integer({ min: 0, max: 3 }),
      currency: fc.constantFrom('EUR', 'USD'),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({ kind: fc.constant('delete' as const), day: fc.integer({ min: 1, max: 20 }) }),
  },
);

/** One call per date and campaign/platform key: the upsert takes each key once (like one sync page). */
const uniqueDays = (days: DeliveryDay[]) => [
  ...new Map(days.map((day) => [`${day.campaignId}|${day.platformKey}|${day.date}`, day])).values(),
];

describe('delivery rollups', () => {
  it('equal a fresh aggregation of delivery_daily after any upserts, restatements, moves and deletions', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 8 }), async (steps) => {
        await t.db.execute(sql`DELETE FROM delivery_daily WHERE account_id = ${accountId}`);
        for (const s of steps) {
          if (s.kind === 'upsert') await upsertDeliveryDays(t.db, accountId, uniqueDays(s.days));
          else if (s.kind === 'customer')
            await t.db.execute(
              sql`UPDATE campaigns SET customer_id = ${s.customer < 0 ? null : (customerIds[s.customer] ?? null)} WHERE id = ${campaignIds[s.campaign]}`,
            );
          else if (s.kind === 'currency')
            await t.db.execute(
              sql`UPDATE campaigns SET currency = ${s.currency} WHERE id = ${campaignIds[s.campaign]}`,
            );
          else
            await t.db.execute(
              sql`DELETE FROM delivery_daily WHERE account_id = ${accountId} AND date = ${`2026-03-${String(s.day).padStart(2, '0')}`}`,
            );
        }
        await expectExact();
      }),
      { numRuns: 40 },
    );
  });

  it('are rebuilt to the same figures after a deferred bulk load', async () => {
    await t.db.execute(sql`DELETE FROM delivery_daily WHERE account_id = ${accountId}`);
    await t.db.transaction(async (tx) => {
      await deferRollups(tx);
      await upsertDeliveryDays(
        tx,
        accountId,
        campaignIds.flatMap((campaignId, i) =>
          [3, 5, 9].map((day) => ({
            campaignId,
            platformKey: 'meta',
            date: `2026-04-0${day}`,
            impressions: 1000 * (i + 1),
            reach: 700,
            clicks: 10 + day,
            spendMinor: 5000 + day,
            conversions: 1,
          })),
        ),
      );
      await rebuildRollups(tx, accountId);
    });
    await expectExact();
    // Writes after the load are maintained again.
    await upsertDeliveryDays(t.db, accountId, [
      {
        campaignId: campaignIds[0]!,
        platformKey: 'google',
        date: '2026-04-12',
        impressions: 5,
        reach: 5,
        clicks: 1,
        spendMinor: 99,
        conversions: 0,
      },
    ]);
    await expectExact();
  });

  it('lose a deleted campaign’s delivery', async () => {
    await upsertDeliveryDays(t.db, accountId, [
      {
        campaignId: campaignIds[3]!,
        platformKey: 'meta',
        date: '2026-04-20',
        impressions: 5,
        reach: 5,
        clicks: 1,
        spendMinor: 77,
        conversions: 0,
      },
    ]);
    await t.db.execute(sql`DELETE FROM campaigns WHERE id = ${campaignIds[3]}`);
    await expectExact();
    const left = await t.db.$client.query(
      'SELECT count(*)::int AS n FROM delivery_rollup_daily WHERE account_id = $1 AND date = $2 AND spend_minor <> 0',
      [accountId, '2026-04-20'],
    );
    expect(left.rows[0].n).toBe(0);
  });
});

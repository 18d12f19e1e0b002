import { seedBulkDelivery } from '@server/seed/seedBulkDelivery';
import { beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase, type TestDatabase } from '../support/db';
import { expectRollupsExact } from '../support/deliveryRollups';

let t: TestDatabase;
beforeAll(async () => {
  t = await freshDatabase();
});

describe('npm run seed -- --delivery (seedBulkDelivery)', () => {
  it('copies every campaign × platform × day and writes rollups equal to a fresh aggregation', async () => {
    const result = await seedBulkDelivery(t.db, { campaigns: 9, days: 14, asOf: '2026-05-01' });
    const { rows } = await t.db.$client.query(
      'SELECT count(*)::int AS n, min(date)::text AS first, max(date)::text AS last FROM delivery_daily WHERE account_id = $1',
      [result.accountId],
    );
    expect(rows[0]).toEqual({ n: 9 * 7 * 14, first: '2026-04-17', last: '2026-04-30' });
    expect(result.rows).toBe(9 * 7 * 14);
    await expectRollupsExact(t.db, result.accountId);
  });

  it('adds to an account that already delivered by rebuilding its rollups, still exact', async () => {
    const first = await seedBulkDelivery(t.db, { campaigns: 3, days: 5, asOf: '2026-05-01' });
    const again = await seedBulkDelivery(t.db, {
      accountId: first.accountId,
      campaigns: 4,
      days: 7,
      asOf: '2026-05-03',
    });
    expect(again.rows).toBe(4 * 7 * 7);
    await expectRollupsExact(t.db, first.accountId);
  });
});

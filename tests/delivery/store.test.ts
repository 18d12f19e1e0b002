import type { DeliveryDay } from '@contract/delivery';
import { upsertDeliveryDays } from '@server/delivery/store';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase, type TestDatabase } from '../support/db';

let t: TestDatabase;
let campaign: { id: string; accountId: string };

beforeAll(async () => {
  t = await freshDatabase();
  const { rows } = await t.db.$client.query('SELECT id, account_id FROM campaigns LIMIT 1');
  campaign = { id: rows[0].id, accountId: rows[0].account_id };
});

const day = (date: string, spendMinor: number): DeliveryDay => ({
  campaignId: campaign.id,
  platformKey: 'meta',
  date,
  impressions: spendMinor * 100,
  reach: spendMinor * 60,
  clicks: spendMinor,
  spendMinor,
  conversions: Math.floor(spendMinor / 10),
});

describe('upsertDeliveryDays', () => {
  it('writes each day once; the same days again change nothing; a restated day replaces it', async () => {
    const days = [day('2026-03-01', 500), day('2026-03-02', 700)];
    expect(await upsertDeliveryDays(t.db, campaign.accountId, days)).toBe(2);
    expect(await upsertDeliveryDays(t.db, campaign.accountId, days)).toBe(0);
    expect(await upsertDeliveryDays(t.db, campaign.accountId, [day('2026-03-02', 750)])).toBe(1);
    const rows = await t.db.execute<{ date: string; spend_minor: number }>(
      sql`SELECT date, spend_minor FROM delivery_daily WHERE campaign_id = ${campaign.id} ORDER BY date`,
    );
    expect(rows.rows).toEqual([
      { date: '2026-03-01', spend_minor: 500 },
      { date: '2026-03-02', spend_minor: 750 },
    ]);
  });
});

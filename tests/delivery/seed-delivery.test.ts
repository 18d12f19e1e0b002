import * as t from '@server/db/schema';
import { syncConnection } from '@server/delivery/sync';
import { DEMO_EMAIL } from '@server/seed/seed';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { connectPlatforms, TEST_SECRET_BOX } from '../support/connections';
import { platformConnectors } from '../support/connectors';
import { freshDatabase } from '../support/db';
import { today } from './fixtures';

/** The demo data delivers: its live and ended campaigns come with the history a sync would read. */

const { db } = await freshDatabase();
const connectors = platformConnectors(db, { delayMs: 0, reviewMs: 0 });

describe('the seeded delivery', () => {
  it('gives the active and completed demo campaigns delivery up to yesterday, and drafts none', async () => {
    const [user] = await db.select().from(t.users).where(eq(t.users.email, DEMO_EMAIL));
    const accountId = user!.lastAccountId!;
    const { rows } = await db.execute<{
      status: string;
      campaigns: number;
      delivering: number;
      last: string | null;
    }>(sql`
      SELECT c.status, count(DISTINCT c.id)::int AS campaigns, count(DISTINCT d.campaign_id)::int AS delivering,
             max(d.date)::text AS last
      FROM campaigns c LEFT JOIN delivery_daily d ON d.campaign_id = c.id
      WHERE c.account_id = ${accountId} GROUP BY c.status`);
    const by = new Map(rows.map((r) => [r.status, r]));
    for (const status of ['active', 'completed']) {
      expect(by.get(status)?.campaigns).toBeGreaterThan(0);
      expect(by.get(status)?.delivering).toBe(by.get(status)?.campaigns);
    }
    expect(by.get('draft')?.delivering ?? 0).toBe(0);
    expect(by.get('active')!.last! < today()).toBe(true);
    const mixed = await db.execute<{ n: number }>(sql`
      SELECT count(*)::int AS n FROM delivery_daily d JOIN campaigns c ON c.id = d.campaign_id
      WHERE d.account_id <> c.account_id`);
    expect(mixed.rows[0]!.n).toBe(0);
  });

  it('is what a sync reads: syncing every platform of every demo account changes nothing', async () => {
    const accounts = await db.select({ id: t.accounts.id }).from(t.accounts);
    const placements = await db
      .selectDistinct({ accountId: t.campaigns.accountId, platformKey: t.campaignPlatforms.platformKey })
      .from(t.campaignPlatforms)
      .innerJoin(t.campaigns, eq(t.campaigns.id, t.campaignPlatforms.campaignId))
      .where(
        inArray(
          t.campaigns.accountId,
          accounts.map((a) => a.id),
        ),
      );
    expect(placements.length).toBeGreaterThan(5);
    for (const { accountId, platformKey } of placements) {
      const connected = await db
        .select()
        .from(t.platformConnections)
        .where(
          and(
            eq(t.platformConnections.accountId, accountId),
            eq(t.platformConnections.platformKey, platformKey),
          ),
        );
      if (connected.length === 0) await connectPlatforms(db, accountId, [platformKey]);
      const result = await syncConnection({ db, connectors, box: TEST_SECRET_BOX }, accountId, platformKey);
      expect([platformKey, result]).toMatchObject([platformKey, { outcome: 'succeeded', rows: 0 }]);
    }
  });
});

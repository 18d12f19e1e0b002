import { createOAuthClients } from '@server/connections/oauthClient';
import { REFRESH_QUEUE, startTokenRefresh } from '@server/connections/refreshJob';
import * as t from '@server/db/schema';
import { CampaignJobs } from '@server/jobs';
import { eq } from 'drizzle-orm';
import { afterAll, expect, it } from 'vitest';
import { connectThroughConsent } from '../connections/flow';
import { newPlanner } from '../connections/planner';
import { TEST_SECRET_BOX } from '../support/connections';
import { platformConnectors } from '../support/connectors';
import { freshDatabase } from '../support/db';
import { socketEnv, TEST_CONFIG, testApp, testConnectionAccess } from '../support/http';

const { db } = await freshDatabase();
const jobs = await new CampaignJobs(db, { pollingIntervalSeconds: 0.5 }).start(
  platformConnectors(db, { delayMs: 0, reviewMs: 0 }),
  testConnectionAccess(db),
);
afterAll(() => jobs.stop());

it('the scheduled refresh is a durable pg-boss cron that renews tokens about to expire', async () => {
  const { client, accountId } = await newPlanner(db);
  await connectThroughConsent(client, 'meta');
  const expiring = new Date(Date.now() + 2 * 60 * 1000);
  await db
    .update(t.platformConnections)
    .set({ accessExpiresAt: expiring })
    .where(eq(t.platformConnections.accountId, accountId));
  const app = testApp(db);
  await startTokenRefresh(jobs.boss, {
    db,
    box: TEST_SECRET_BOX,
    clients: createOAuthClients(TEST_CONFIG.oauth, (url, init) => app.request(url, init, socketEnv())),
  });
  const schedules = await jobs.boss.getSchedules();
  expect(schedules.map((s) => [s.name, s.cron])).toContainEqual([REFRESH_QUEUE, '*/5 * * * *']);
  // The run at start does not wait for the first tick.
  const until = Date.now() + 15_000;
  let row: typeof t.platformConnections.$inferSelect | undefined;
  do {
    await new Promise((r) => setTimeout(r, 100));
    [row] = await db
      .select()
      .from(t.platformConnections)
      .where(eq(t.platformConnections.accountId, accountId));
  } while (row!.refreshedAt === null && Date.now() < until);
  expect(row!.refreshedAt).not.toBeNull();
  expect(row!.accessExpiresAt.getTime()).toBeGreaterThan(expiring.getTime());
  expect(row!.status).toBe('connected');
});

import * as t from '@server/db/schema';
import { DeliverySync } from '@server/delivery/syncJobs';
import { CampaignJobs } from '@server/jobs';
import { addDays } from '@server/platforms/sandbox/clock';
import { DEMO_EMAIL, RIVAL_EMAIL } from '@server/seed/seed';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectPlatforms } from '../support/connections';
import { freshDatabase } from '../support/db';
import {
  TestClient as Client,
  SANDBOX_CLOCK_CONFIG,
  signedIn,
  type TestClient,
  testApp,
} from '../support/http';

/** "Sync now" (POST /api/platforms/{key}/sync) and the sandbox clock hook of demos and browser tests. */

const { db } = await freshDatabase();
let demo: TestClient;
let rival: TestClient;
let demoAccountId: string;
let rivalAccountId: string;

/** The seed connects the demo and rival accounts to every platform; these tests need some not connected. */
const disconnect = (accountId: string, platformKey: string) =>
  db
    .delete(t.platformConnections)
    .where(
      and(eq(t.platformConnections.accountId, accountId), eq(t.platformConnections.platformKey, platformKey)),
    );

beforeAll(async () => {
  const [user] = await db.select().from(t.users).where(eq(t.users.email, DEMO_EMAIL));
  demoAccountId = user!.lastAccountId!;
  const [rivalUser] = await db.select().from(t.users).where(eq(t.users.email, RIVAL_EMAIL));
  rivalAccountId = rivalUser!.lastAccountId!;
  await connectPlatforms(db, demoAccountId, ['meta', 'snapchat']);
  // The sandbox clock is a development control, served only with SANDBOX_CLOCK_CONTROL=on.
  demo = await signedIn(db, 'demo', { config: SANDBOX_CLOCK_CONFIG });
  rival = await signedIn(db, 'rival');
});
afterAll(() => CampaignJobs.sendOnly(db).stop());

describe('POST /api/platforms/{key}/sync', () => {
  it('queues a sync of the connection, then refuses another within a minute of it with Retry-After', async () => {
    const res = await demo.post('/api/platforms/meta/sync');
    expect(res.status).toBe(202);
    expect(res.body).toEqual({ status: 'queued' });
    const queued = await db.$client.query(
      `SELECT data FROM pgboss.job WHERE name = 'delivery-sync' AND singleton_key = $1`,
      [`${demoAccountId}:meta`],
    );
    expect(queued.rows.map((r) => r.data)).toEqual([{ accountId: demoAccountId, platformKey: 'meta' }]);

    // The sync ran (a worker took and finished it): the next one waits out the minute.
    await db.$client.query(
      `UPDATE pgboss.job SET state = 'completed', completed_on = now()
        WHERE name = 'delivery-sync' AND singleton_key = $1`,
      [`${demoAccountId}:meta`],
    );
    const again = await demo.post('/api/platforms/meta/sync');
    expect(again.status).toBe(429);
    expect(again.body.message).toMatch(/^Meta was synced less than a minute ago: try again in \d+ s\.$/);
    const retryAfter = Number(again.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
  });

  it('counts a sync that ran (from the schedule) like one asked for', async () => {
    await db
      .insert(t.deliverySyncs)
      .values({ accountId: demoAccountId, platformKey: 'snapchat', outcome: 'succeeded' });
    const res = await demo.post('/api/platforms/snapchat/sync');
    expect(res.status).toBe(429);
  });

  it('refuses a platform that is not connected, or needs reconnecting, and an unknown platform', async () => {
    await disconnect(demoAccountId, 'google');
    const google = await demo.post('/api/platforms/google/sync');
    expect(google.status).toBe(409);
    expect(google.body.message).toBe('Google Ads is not connected: connect it under Platforms first.');
    expect((await demo.post('/api/platforms/myspace/sync')).status).toBe(404);

    await connectPlatforms(db, demoAccountId, ['tiktok']);
    await db
      .update(t.platformConnections)
      .set({ status: 'needs_reconnect', problem: 'Access to TikTok was revoked.' })
      .where(eq(t.platformConnections.platformKey, 'tiktok'));
    const tiktok = await demo.post('/api/platforms/tiktok/sync');
    expect(tiktok.status).toBe(409);
    expect(tiktok.body.message).toBe('Access to TikTok was revoked.');
  });

  it("answers another tenant's connection like no connection, and asks a visitor to sign in", async () => {
    await disconnect(rivalAccountId, 'linkedin');
    const res = await rival.post('/api/platforms/linkedin/sync');
    expect(res.status).toBe(409);
    await connectPlatforms(db, demoAccountId, ['linkedin']);
    expect((await rival.post('/api/platforms/linkedin/sync')).status).toBe(409);
    expect((await new Client(testApp(db)).post('/api/platforms/linkedin/sync')).status).toBe(401);
  });

  it('is queued once however often the connection is asked for before it runs, and says it is on its way', async () => {
    const sender = DeliverySync.sender(db, CampaignJobs.sendOnly(db));
    await connectPlatforms(db, demoAccountId, ['pinterest']);
    // As the 15-minute schedule does: a sync of every connection, queued before anyone clicked.
    expect(await sender.enqueue(demoAccountId, 'pinterest')).toEqual(expect.any(String));
    for (let click = 0; click < 2; click++) {
      const res = await demo.post('/api/platforms/pinterest/sync');
      expect(res.status).toBe(202);
      expect(res.body).toEqual({ status: 'queued' });
    }
    const jobs = await db.$client.query(
      `SELECT 1 FROM pgboss.job WHERE name = 'delivery-sync' AND singleton_key = $1`,
      [`${demoAccountId}:pinterest`],
    );
    expect(jobs.rows).toHaveLength(1);
  });
});

describe('/api/sandbox/clock (SANDBOX_CLOCK_CONTROL=on, loopback only)', () => {
  it("tells and advances the sandbox platforms' today", async () => {
    const { body } = await demo.get('/api/sandbox/clock');
    const res = await demo.post('/api/sandbox/clock', { days: 2 });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ today: addDays(body.today, 2) });
  });

  it('goes back to the real day when deleted (what a test that moved it does at its end)', async () => {
    await demo.post('/api/sandbox/clock', { days: 3 });
    const res = await demo.delete('/api/sandbox/clock');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ today: new Date().toISOString().slice(0, 10) });
    expect((await demo.get('/api/sandbox/clock')).body).toEqual(res.body);
  });

  it('refuses a bad number of days, naming the problem', async () => {
    const negative = await demo.post('/api/sandbox/clock', { days: -1 });
    expect(negative.status).toBe(400);
    expect(negative.body.message).toBe('days: days must be 0 or more');
    expect((await demo.post('/api/sandbox/clock', { days: 1.5 })).status).toBe(400);
    expect((await demo.post('/api/sandbox/clock', {})).status).toBe(400);
  });

  it('is not served in a normal start, nor to another machine, and SANDBOX_CLOCK_CONTROL=on refuses production', async () => {
    const { readConfig } = await import('@server/config');
    // A normal start (no SANDBOX_CLOCK_CONTROL): no tenant can reach it.
    const normal = await new Client(testApp(db)).signIn(DEMO_EMAIL);
    expect((await normal.post('/api/sandbox/clock', { days: 1 })).status).toBe(404);
    expect((await normal.get('/api/sandbox/clock')).status).toBe(404);
    // Turned on: still only for this machine's clients.
    const remote = await new Client(testApp(db, { config: SANDBOX_CLOCK_CONFIG }), '203.0.113.9').signIn(
      DEMO_EMAIL,
    );
    expect((await remote.post('/api/sandbox/clock', { days: 1 })).status).toBe(404);
    expect(() => readConfig({ SANDBOX_CLOCK_CONTROL: 'on', NODE_ENV: 'production' })).toThrow(
      /not for production/,
    );
    expect(() => readConfig({ SANDBOX_CLOCK_CONTROL: 'yes' })).toThrow(/must be on or off/);
  });
});

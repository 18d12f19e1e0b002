import type { CampaignDetail } from '@contract/campaigns';
import { PLATFORMS } from '@contract/reference';
import type { Campaign } from '@contract/resources';
import * as t from '@server/db/schema';
import { CampaignJobs, type JobsSettings, QUEUES } from '@server/jobs';
import { type PlatformAd, SandboxControl } from '@server/platforms';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { connectPlatforms } from '../support/connections';
import { platformConnectors, usesRealConnector } from '../support/connectors';
import { freshDatabase } from '../support/db';
import { signedIn, type TestClient, testConnectionAccess } from '../support/http';
import { type PlanOptions, planCampaign, withRules } from '../support/planning';
import { externalIdPattern, platformRecords } from '../support/platformRecords';

/**
 * Launch and delete as durable pg-boss jobs against the sandbox platforms, on real PostgreSQL:
 * success, a rejection on one platform, a retried rate limit, a worker stopped mid-launch and
 * replaced, deletion everywhere.
 */

const { db } = await freshDatabase();
const sandbox = new SandboxControl(db);
const connectors = platformConnectors(db, { delayMs: 10, reviewMs: 60, hangMs: 20_000 });

const FAST: Partial<JobsSettings> = {
  pollingIntervalSeconds: 0.5,
  concurrency: 2,
  supervise: false,
  retryDelaySeconds: 0,
  retryBackoff: false,
  statusPollMs: 30,
  inlineWaitMs: 2000,
  backoffBaseMs: 50,
  lockRetryMs: 200,
};

/** Every runner a test starts is stopped after it. */
const running = new Set<CampaignJobs>();
async function startJobs(settings: Partial<JobsSettings> = {}) {
  const jobs = await new CampaignJobs(db, { ...FAST, ...settings }).start(
    connectors,
    testConnectionAccess(db),
  );
  running.add(jobs);
  return jobs;
}
async function stopJobs(jobs: CampaignJobs) {
  await jobs.stop();
  running.delete(jobs);
}

let demo: TestClient;
let jobs: CampaignJobs;

const demoAccountId = async () => (await demo.get('/api/auth/user')).body.currentAccount.id as string;
async function connectionStatus(platform: string) {
  const list = await demo.get('/api/platforms/connections');
  return list.body.find((c: { platform: string }) => c.platform === platform)?.status;
}
/** The planner connects the platform again (what /platforms does through its consent page). */
async function reconnect(platform: string) {
  await connectPlatforms(db, await demoAccountId(), [platform]);
}

beforeAll(async () => {
  jobs = await startJobs();
  demo = await signedIn(db, 'demo', { jobs, connectors: withRules(connectors) });
  // The seeded Google connection is the in-process sandbox's; the real connector needs a client customer id.
  if (usesRealConnector('google')) await reconnect('google');
});
afterEach(async () => {
  await sandbox.clearFailures();
});
afterAll(async () => {
  for (const j of running) await j.stop();
});

const future = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/** A complete plan through the wizard's calls (the budget split evenly, one flight per platform). */
async function draft(name: string, platforms: string[], overrides: PlanOptions = {}) {
  const { id } = await planCampaign(demo, {
    db,
    objectiveId: 2,
    name,
    platforms,
    // Starting today: launched, it runs at once (a later start is `scheduled`, see below).
    startDate: future(0),
    endDate: future(30),
    // Every platform over its real daily minimum (TikTok 20.00 a day) for the 30 days.
    budgetMinor: 300_000,
    ...overrides,
  });
  return id;
}

const launch = (id: string, client = demo) =>
  client.post(`/planning/wizard/${id}/review`, { campaignId: id });
const detail = async (id: string) =>
  (await demo.get<CampaignDetail>(`/data/campaigns/detail?campaignId=${id}`)).body;

/** Polls the campaign page's endpoint (as the browser does) until `done` holds. */
async function waitFor(id: string, done: (d: CampaignDetail) => boolean, timeoutMs = 10_000) {
  const until = Date.now() + timeoutMs;
  let last: CampaignDetail | undefined;
  while (Date.now() < until) {
    last = await detail(id);
    if (done(last)) return last;
    await new Promise((r) => setTimeout(r, 40));
  }
  throw new Error(`timed out; last state: ${JSON.stringify(last)}`);
}
const settled = (d: CampaignDetail) => d.status !== 'launching' && d.status !== 'deleting';

/** What each platform holds for the campaign (the sandbox's records, or the real APIs' stand-ins). */
const sandboxRecordsOf = (campaignId: string) => platformRecords(db, campaignId);

describe('launch job', () => {
  it('launches on every platform: in review, then active; the campaign becomes active', async () => {
    const id = await draft('Autumn Push', ['meta', 'google', 'tiktok']);
    const res = await launch(id);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, status: 'launching' });

    const seen = new Set<string>();
    const final = await waitFor(id, (d) => {
      for (const p of d.platforms) seen.add(p.status);
      return settled(d);
    });
    expect(final.status).toBe('active');
    expect(final.failureReason).toBeNull();
    expect(seen.has('in_review')).toBe(true);
    expect(final.platforms.map((p) => [p.key, p.status])).toEqual([
      ['meta', 'active'],
      ['google', 'active'],
      ['tiktok', 'active'],
    ]);

    const records = await sandboxRecordsOf(id);
    expect(records).toHaveLength(3);
    for (const p of final.platforms) {
      const record = records.find((r) => r.platformKey === p.key)!;
      expect(p.externalId).toBe(record.externalId);
      expect(p.externalId).toMatch(externalIdPattern(p.key));
      expect(record.status).toBe('active');
      expect(record.launches).toBe(1);
    }
    // Each platform runs its allocation (the plan split the budget evenly).
    expect(records).toHaveLength(3);
    for (const record of records) {
      if (record.platformKey === 'google' && usesRealConnector('google')) {
        // Google's campaign has a daily budget: the allocation spread over the 31 days in whole cents.
        expect(record.budgetMinor).toBeLessThanOrEqual(100_000);
        expect(record.budgetMinor).toBeGreaterThan(100_000 - 31);
      } else expect(record.budgetMinor).toBe(100_000);
    }
    // Each platform gets its own ad set: the plan's audience, its bidding and its flights. Only the
    // in-process sandbox keeps our request as we sent it; what the real connectors make of it on the wire is
    // checked against the APIs' facts by tests/contract/{meta,google}.
    for (const record of records.filter((r) => !usesRealConnector(r.platformKey))) {
      const payload = record.plan as unknown as Record<string, unknown>;
      expect(payload.adSet).toEqual({
        audience: {
          locations: ['DE', 'AT'],
          ageMin: 18,
          ageMax: 65,
          genders: [],
          languages: ['de'],
          interests: [],
        },
        bidStrategy: 'lowest_cost',
        costCapMinor: null,
        flights: [{ startDate: future(0), endDate: future(30), amountMinor: 100_000, pacing: 'even' }],
      });
      // …and its own ads: the plan's ad for that platform, with the final URL and the picture's crops.
      const ads = payload.ads as PlatformAd[];
      expect(ads.map((ad) => [ad.name, ad.format])).toEqual([
        [`${PLATFORMS.find((p) => p.key === record.platformKey)!.displayName} ad`, 'single_image'],
      ]);
      expect(ads[0]!.destination).toMatch(
        /^https:\/\/example\.com\/offer\?utm_source=\w+&utm_medium=\w+&utm_campaign=autumn_push/,
      );
      expect(ads[0]!.media[0]!.url).toMatch(/^\/api\/assets\/[0-9a-f-]{36}\/file$/);
      expect(ads[0]!.media[0]!.crops.length).toBeGreaterThan(0);
    }
    const list = await demo.get<Campaign>(`/api/campaigns/${id}`);
    expect(list.body.status).toBe('active');
    // Each platform live: its booking is confirmed.
    const booked = await db.select().from(t.bookings).where(eq(t.bookings.campaignId, id));
    expect(booked.map((b) => b.status)).toEqual(['confirmed', 'confirmed', 'confirmed']);
  });

  it('one platform rejects: the campaign fails with its reason, the others are recorded', async () => {
    const id = await draft('Winter reject-tiktok', ['meta', 'tiktok', 'google']);
    expect((await launch(id)).status).toBe(200);
    const final = await waitFor(id, settled);
    expect(final.status).toBe('failed');
    const byKey = Object.fromEntries(final.platforms.map((p) => [p.key, p]));
    expect(byKey.tiktok!.status).toBe('rejected');
    expect(byKey.tiktok!.lastError).toMatch(/TikTok rejected the ads/);
    expect(byKey.tiktok!.externalId).toMatch(externalIdPattern('tiktok'));
    expect(final.failureReason).toBe(`TikTok: ${byKey.tiktok!.lastError}`);
    for (const key of ['meta', 'google']) {
      expect(byKey[key]!.status).toBe('active');
      expect(byKey[key]!.externalId).toMatch(externalIdPattern(key));
      expect(byKey[key]!.lastError).toBeNull();
    }
  });

  it('a validation error and an expired credential fail their platform without retrying', async () => {
    await sandbox.injectFailure('google', 'validation', {
      operation: 'validate',
      message: 'Headline too long.',
    });
    await sandbox.injectFailure('linkedin', 'expired_credential');
    const id = await draft('Spring Forward', ['meta', 'google', 'linkedin']);
    expect((await launch(id)).status).toBe(200);
    const final = await waitFor(id, settled);
    expect(final.status).toBe('failed');
    const byKey = Object.fromEntries(final.platforms.map((p) => [p.key, p]));
    expect(byKey.google).toMatchObject({
      status: 'failed',
      lastError: 'Headline too long.',
      externalId: null,
      attempts: 1,
    });
    expect(byKey.linkedin).toMatchObject({ status: 'failed', externalId: null, attempts: 1 });
    expect(byKey.linkedin!.lastError).toMatch(/connection to LinkedIn has expired/);
    expect(byKey.meta!.status).toBe('active');
    expect(final.failureReason).toBe('Google Ads: Headline too long.');
    // The platform refused the account's token: the connection now needs reconnecting.
    expect(await connectionStatus('linkedin')).toBe('needs_reconnect');
    await reconnect('linkedin');
  });

  it('retries after a rate limit, after the retry-after the platform asked for, then is active', async () => {
    await sandbox.injectFailure('meta', 'rate_limit', { operation: 'launch', retryAfterSeconds: 1 });
    const id = await draft('Rate Limited Launch', ['meta', 'google']);
    const started = Date.now();
    expect((await launch(id)).status).toBe(200);
    const waiting = await waitFor(id, (d) => d.platforms[0]!.lastError !== null || settled(d));
    expect(waiting.platforms[0]).toMatchObject({ key: 'meta', status: 'pending', attempts: 1 });
    expect(waiting.platforms[0]!.lastError).toMatch(/Meta is limiting requests; retry after 1 s/);
    expect(waiting.platforms[0]!.nextAttemptAt).not.toBeNull();

    const final = await waitFor(id, settled);
    expect(final.status).toBe('active');
    expect(Date.now() - started).toBeGreaterThanOrEqual(1000);
    expect(final.platforms[0]).toMatchObject({ key: 'meta', status: 'active', attempts: 2, lastError: null });
    const records = await sandboxRecordsOf(id);
    expect(records.filter((r) => r.platformKey === 'meta')).toHaveLength(1);
  });

  it('a long retry-after continues in a follow-up job instead of holding the worker', async () => {
    const patient = await startJobs({ inlineWaitMs: 0, concurrency: 1 });
    await stopJobs(jobs); // only `patient` works now
    try {
      await sandbox.injectFailure('google', 'rate_limit', { operation: 'launch', retryAfterSeconds: 1 });
      const id = await draft('Follow-up Launch', ['google']);
      expect((await launch(id)).status).toBe(200);
      const final = await waitFor(id, settled);
      expect(final.status).toBe('active');
      const { rows } = await db.$client.query(
        `SELECT count(*)::int AS n FROM pgboss.job WHERE name = $1 AND data->>'campaignId' = $2`,
        [QUEUES.launch, id],
      );
      expect(rows[0].n).toBeGreaterThan(1); // the request's job, then follow-ups for retry and review
    } finally {
      await stopJobs(patient);
      jobs = await startJobs();
      demo = await signedIn(db, 'demo', { jobs, connectors: withRules(connectors) });
    }
  });

  it('gives up after the maximum attempts of an outage, with exponential backoff between them', async () => {
    await sandbox.injectFailure('pinterest', 'unavailable', { operation: 'launch', times: 5 });
    const id = await draft('Outage Launch', ['pinterest']);
    const started = Date.now();
    expect((await launch(id)).status).toBe(200);
    const final = await waitFor(id, settled);
    expect(Date.now() - started).toBeGreaterThanOrEqual(50 + 100 + 200 + 400);
    expect(final.status).toBe('failed');
    expect(final.platforms[0]).toMatchObject({ status: 'failed', attempts: 5, externalId: null });
    expect(final.platforms[0]!.lastError).toMatch(/did not answer in time\. Gave up after 5 attempts\./);
  });

  it('a worker stopped mid-launch loses nothing: a new one finishes without launching a platform twice', async () => {
    // Google hangs (a worker killed during the call); Meta is launched first.
    await sandbox.injectFailure('google', 'hang', { operation: 'launch' });
    const id = await draft('Restart Safe', ['meta', 'google']);
    expect((await launch(id)).status).toBe(200);
    const hangConsumed = async () =>
      (await db.select().from(t.sandboxFailures).where(eq(t.sandboxFailures.kind, 'hang')))[0]!.remaining ===
      0;
    const until = Date.now() + 10_000;
    while (!(await hangConsumed())) {
      if (Date.now() > until) throw new Error('Google was never called');
      await new Promise((r) => setTimeout(r, 20));
    }
    // Google's call is in flight; Meta's campaign exists and its id is stored.
    expect((await detail(id)).platforms[0]!.externalId).not.toBeNull();

    await stopJobs(jobs);
    const midway = await detail(id);
    expect(midway.status).toBe('launching');
    expect(midway.platforms[0]!.externalId).not.toBeNull();
    expect(midway.platforms[1]!.externalId).toBeNull();

    // The stopped worker's job went back to pg-boss as a retry.
    const { rows } = await db.$client.query(
      `SELECT state, retry_count FROM pgboss.job WHERE name = $1 AND data->>'campaignId' = $2`,
      [QUEUES.launch, id],
    );
    expect(rows).toEqual([{ state: 'retry', retry_count: 0 }]);

    jobs = await startJobs(); // "the server restarted"
    demo = await signedIn(db, 'demo', { jobs, connectors: withRules(connectors) });
    const final = await waitFor(id, settled);
    expect(final.status).toBe('active');
    expect(final.platforms[0]!.externalId).toBe(midway.platforms[0]!.externalId);
    const records = await sandboxRecordsOf(id);
    expect(records.map((r) => [r.platformKey, r.launches])).toEqual([
      ['meta', 1],
      ['google', 1],
    ]);
  });

  it('a crashed worker (its job left active, its lock gone) is recovered by the next start, not after expiry', async () => {
    await stopJobs(jobs);
    const id = await draft('Crash Safe', ['meta']);
    expect((await launch(id)).status).toBe(200);
    // A worker fetched the job, then its process died (no graceful stop, no lock held any more).
    const crashed = new CampaignJobs(db, { ...FAST, concurrency: 0 });
    await crashed.ready();
    const [job] = await crashed.boss.fetch<{ campaignId: string }>(QUEUES.launch);
    await crashed.stop();
    expect(job!.data.campaignId).toBe(id);
    await db.$client.query(`UPDATE pgboss.job SET started_on = now() - interval '1 minute' WHERE id = $1`, [
      job!.id,
    ]);
    expect((await detail(id)).status).toBe('launching');

    jobs = await startJobs(); // its start-up sweep fails the orphan, pg-boss retries it
    demo = await signedIn(db, 'demo', { jobs, connectors: withRules(connectors) });
    const final = await waitFor(id, settled);
    expect(final.status).toBe('active');
    const { rows } = await db.$client.query(`SELECT retry_count FROM pgboss.job WHERE id = $1`, [job!.id]);
    expect(rows[0].retry_count).toBe(1);
  });

  it('a relaunch after a rejection keeps the active platforms and submits the rejected one again', async () => {
    const id = await draft('Relaunch reject-meta', ['meta', 'google']);
    expect((await launch(id)).status).toBe(200);
    const failed = await waitFor(id, settled);
    expect(failed.status).toBe('failed');
    const googleId = failed.platforms[1]!.externalId;
    // Fix the name, launch again.
    expect((await demo.patch(`/api/campaigns/${id}`, { name: 'Relaunch fixed' })).status).toBe(200);
    expect((await launch(id)).status).toBe(200);
    const final = await waitFor(id, settled);
    expect(final.status).toBe('active');
    expect(final.platforms[1]!.externalId).toBe(googleId);
    const records = await sandboxRecordsOf(id);
    const meta = records.filter((r) => r.platformKey === 'meta');
    expect(meta.map((r) => r.status)).toEqual(['deleted', 'active']); // the rejected one was removed
    expect(final.platforms[0]!.externalId).toBe(meta[1]!.externalId);
  });

  it('a job that keeps failing unexpectedly ends in the dead-letter queue: the campaign fails', async () => {
    const broken = new Map(connectors);
    broken.set(
      'google',
      Object.assign(Object.create(connectors.get('google')!), {
        validate: async () => {
          throw new Error('connector bug');
        },
      }),
    );
    await stopJobs(jobs); // only the broken runner works now
    const brokenJobs = await new CampaignJobs(db, { ...FAST, retryLimit: 1 }).start(
      broken,
      testConnectionAccess(db),
    );
    running.add(brokenJobs);
    try {
      const client = await signedIn(db, 'demo', { jobs: brokenJobs });
      const id = await draft('Broken Connector', ['google']);
      expect((await launch(id, client)).status).toBe(200);
      const final = await waitFor(id, settled);
      expect(final.status).toBe('failed');
      expect(final.platforms[0]).toMatchObject({
        status: 'failed',
        lastError: 'Launching stopped after repeated errors. Launch the campaign again to retry.',
      });
      const jobsOf = async () =>
        (
          await db.$client.query(
            `SELECT name, state FROM pgboss.job WHERE data->>'campaignId' = $1 ORDER BY created_on`,
            [id],
          )
        ).rows;
      // pg-boss records the dead letter's completion just after its handler returned.
      const until = Date.now() + 5000;
      while ((await jobsOf()).some((job) => job.state === 'active') && Date.now() < until) {
        await new Promise((r) => setTimeout(r, 20));
      }
      expect(await jobsOf()).toEqual([
        { name: QUEUES.launch, state: 'failed' },
        { name: QUEUES.failed, state: 'completed' },
      ]);
    } finally {
      await stopJobs(brokenJobs);
      jobs = await startJobs();
      demo = await signedIn(db, 'demo', { jobs, connectors: withRules(connectors) });
    }
  });
});

describe('delete job', () => {
  it('removes the campaign on every platform, then the campaign itself', async () => {
    const id = await draft('Delete Me', ['meta', 'snapchat']);
    expect((await launch(id)).status).toBe(200);
    await waitFor(id, settled);
    const res = await demo.post('/data/campaigns/delete', { campaignId: id });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true });

    const until = Date.now() + 10_000;
    while ((await demo.get(`/data/campaigns/get?campaignId=${id}`)).status !== 404) {
      if (Date.now() > until) throw new Error('not deleted');
      await new Promise((r) => setTimeout(r, 40));
    }
    expect((await demo.get(`/api/campaigns/${id}`)).status).toBe(404);
    expect(await db.select().from(t.campaignPlatforms).where(eq(t.campaignPlatforms.campaignId, id))).toEqual(
      [],
    );
    const records = await sandboxRecordsOf(id);
    expect(records.map((r) => [r.platformKey, r.status])).toEqual([
      ['meta', 'deleted'],
      ['snapchat', 'deleted'],
    ]);
  });

  it('deletes a draft that never reached a platform', async () => {
    const id = await draft('Never Launched', ['google']);
    expect((await demo.post('/data/campaigns/delete', { campaignId: id })).status).toBe(200);
    const until = Date.now() + 10_000;
    while ((await demo.get(`/api/campaigns/${id}`)).status !== 404) {
      if (Date.now() > until) throw new Error('not deleted');
      await new Promise((r) => setTimeout(r, 40));
    }
  });

  it('retries a rate-limited delete; an expired credential leaves the campaign failed with the reason', async () => {
    const id = await draft('Hard To Delete', ['meta', 'google']);
    expect((await launch(id)).status).toBe(200);
    await waitFor(id, settled);
    await sandbox.injectFailure('meta', 'rate_limit', { operation: 'delete', retryAfterSeconds: 1 });
    await sandbox.injectFailure('google', 'expired_credential', { operation: 'delete' });
    expect((await demo.post('/data/campaigns/delete', { campaignId: id })).status).toBe(200);
    const final = await waitFor(id, settled);
    expect(final.status).toBe('failed');
    expect(final.platforms[0]).toMatchObject({ key: 'meta', status: 'deleted', attempts: 2 });
    expect(final.platforms[1]).toMatchObject({ key: 'google', status: 'failed' });
    expect(final.failureReason).toMatch(
      /^Google Ads: Could not delete the campaign on Google Ads: The connection/,
    );

    // Until reconnected, deleting again fails at once, naming the platform to reconnect.
    expect(await connectionStatus('google')).toBe('needs_reconnect');
    expect((await demo.post('/data/campaigns/delete', { campaignId: id })).status).toBe(200);
    const refused = await waitFor(id, settled);
    expect(refused.failureReason).toContain('Google Ads needs reconnecting: reconnect it under Platforms.');

    // Reconnected: deleting again finishes the job.
    await reconnect('google');
    expect((await demo.post('/data/campaigns/delete', { campaignId: id })).status).toBe(200);
    const until = Date.now() + 10_000;
    while ((await demo.get(`/api/campaigns/${id}`)).status !== 404) {
      if (Date.now() > until) throw new Error('not deleted');
      await new Promise((r) => setTimeout(r, 40));
    }
    const records = await sandboxRecordsOf(id);
    expect(records.map((r) => r.status)).toEqual(['deleted', 'deleted']);
  });

  it('a delete during a launch waits for the launch step, then removes what was created', async () => {
    const id = await draft('Launch Then Delete', ['meta', 'google', 'tiktok']);
    expect((await launch(id)).status).toBe(200);
    await waitFor(id, (d) => d.platforms.some((p) => p.externalId !== null));
    expect((await demo.post('/data/campaigns/delete', { campaignId: id })).status).toBe(200);
    const until = Date.now() + 10_000;
    while ((await demo.get(`/api/campaigns/${id}`)).status !== 404) {
      if (Date.now() > until) throw new Error('not deleted');
      await new Promise((r) => setTimeout(r, 40));
    }
    const records = await sandboxRecordsOf(id);
    expect(records.length).toBeGreaterThan(0);
    expect(records.every((r) => r.status === 'deleted')).toBe(true);
  });
});

describe('pause and resume jobs', () => {
  async function launched(name: string, platforms: string[]) {
    const id = await draft(name, platforms);
    expect((await launch(id)).status).toBe(200);
    await waitFor(id, (d) => d.status === 'active');
    return id;
  }
  const statusesOf = (d: CampaignDetail) => d.platforms.map((p) => [p.key, p.status]);

  it('pauses every platform, then resumes every one; the platforms follow one by one', async () => {
    const id = await launched('Pause Me', ['meta', 'google', 'tiktok']);
    const paused = await demo.post('/data/campaigns/pause', { campaignId: id });
    expect(paused.body).toEqual({ success: true, status: 'pausing' });
    const done = await waitFor(id, (d) => d.status === 'paused');
    expect(statusesOf(done)).toEqual([
      ['meta', 'paused'],
      ['google', 'paused'],
      ['tiktok', 'paused'],
    ]);
    expect((await sandboxRecordsOf(id)).map((r) => r.status)).toEqual(['paused', 'paused', 'paused']);
    expect((await demo.post('/data/campaigns/resume', { campaignId: id })).body.status).toBe('resuming');
    const resumed = await waitFor(id, (d) => d.status === 'active');
    expect(statusesOf(resumed).every(([, status]) => status === 'active')).toBe(true);
    expect((await sandboxRecordsOf(id)).every((r) => r.status === 'active')).toBe(true);
  });

  it('a platform that refuses leaves the campaign active, with its reason; pausing again finishes it', async () => {
    const id = await launched('Stubborn Pause', ['meta', 'tiktok']);
    await sandbox.injectFailure('tiktok', 'expired_credential', {
      operation: 'pause',
      message: 'Token revoked.',
    });
    await demo.post('/data/campaigns/pause', { campaignId: id });
    const back = await waitFor(id, (d) => d.status !== 'pausing');
    expect(back.status).toBe('active');
    expect(back.platforms.find((p) => p.key === 'meta')?.status).toBe('paused');
    const tiktok = back.platforms.find((p) => p.key === 'tiktok')!;
    expect(tiktok.status).toBe('active');
    expect(tiktok.lastError).toMatch(/^Could not pause the campaign on TikTok: /);
    expect(await connectionStatus('tiktok')).toBe('needs_reconnect');
    await reconnect('tiktok');
    expect((await demo.post('/data/campaigns/pause', { campaignId: id })).status).toBe(200);
    const paused = await waitFor(id, (d) => d.status === 'paused');
    expect(paused.platforms.every((p) => p.status === 'paused' && p.lastError === null)).toBe(true);
  });

  it('a rate-limited platform is retried, and the pause completes', async () => {
    const id = await launched('Busy Platform', ['google']);
    await sandbox.injectFailure('google', 'rate_limit', { operation: 'pause', retryAfterSeconds: 0 });
    await demo.post('/data/campaigns/pause', { campaignId: id });
    const paused = await waitFor(id, (d) => d.status === 'paused');
    expect(paused.platforms[0]).toMatchObject({ status: 'paused', attempts: 2, lastError: null });
  });

  it('completes campaigns whose end date has passed, running or paused, through the chart', async () => {
    const running = await launched('Ended Running', ['meta']);
    const pausedId = await launched('Ended Paused', ['meta']);
    await demo.post('/data/campaigns/pause', { campaignId: pausedId });
    await waitFor(pausedId, (d) => d.status === 'paused');
    const draftId = await draft('Ended Draft', ['meta']);
    const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    for (const id of [running, pausedId, draftId]) {
      await db
        .update(t.campaigns)
        .set({ startDate: '2020-01-01', endDate: yesterday })
        .where(eq(t.campaigns.id, id));
      // A campaign completes when its last flight has ended.
      await db
        .update(t.campaignFlights)
        .set({ startDate: '2020-01-01', endDate: yesterday })
        .where(eq(t.campaignFlights.campaignId, id));
    }
    expect(await jobs.completeEnded()).toBeGreaterThanOrEqual(2);
    expect((await detail(running)).status).toBe('completed');
    expect((await detail(pausedId)).status).toBe('completed');
    expect((await detail(draftId)).status).toBe('draft');
  });
});

describe('honest status: scheduled until the first flight, one platform at a time (issue 28)', () => {
  async function launchedOn(name: string, platforms: string[], startDate = future(0)) {
    const id = await draft(name, platforms, { startDate });
    expect((await launch(id)).status).toBe(200);
    await waitFor(id, settled);
    return id;
  }
  const statusesOf = (d: CampaignDetail) => Object.fromEntries(d.platforms.map((p) => [p.key, p.status]));
  const onePlatform = (id: string, platform: string, action: 'pause' | 'resume', client = demo) =>
    client.post(`/api/campaigns/${id}/platforms/${platform}/${action}`, {});
  const notBusy = (d: CampaignDetail) => d.status !== 'pausing' && d.status !== 'resuming';
  async function sandboxStatuses(id: string) {
    return Object.fromEntries((await sandboxRecordsOf(id)).map((r) => [r.platformKey, r.status]));
  }

  it('is scheduled when launched before its first flight, and active from its start (the schedule)', async () => {
    const id = await launchedOn('Next Week', ['meta', 'tiktok'], future(3));
    const scheduled = await detail(id);
    expect(scheduled.status).toBe('scheduled');
    expect(statusesOf(scheduled)).toEqual({ meta: 'scheduled', tiktok: 'scheduled' });
    // On the platforms already: the bookings are firm.
    const booked = await db.select().from(t.bookings).where(eq(t.bookings.campaignId, id));
    expect(booked.map((b) => b.status)).toEqual(['confirmed', 'confirmed']);
    // The day before its start, the schedule leaves it alone; on the day, it is active.
    await jobs.completeEnded(future(2));
    expect((await detail(id)).status).toBe('scheduled');
    await jobs.completeEnded(future(3));
    const started = await detail(id);
    expect(started.status).toBe('active');
    expect(statusesOf(started)).toEqual({ meta: 'active', tiktok: 'active' });
  });

  it('a scheduled campaign pauses and resumes as an active one does, and is scheduled again', async () => {
    const id = await launchedOn('Scheduled Pause', ['meta'], future(5));
    expect((await demo.post('/data/campaigns/pause', { campaignId: id })).body.status).toBe('pausing');
    expect((await waitFor(id, notBusy)).status).toBe('paused');
    await demo.post('/data/campaigns/resume', { campaignId: id });
    const back = await waitFor(id, notBusy);
    expect(back.status).toBe('scheduled');
    expect(statusesOf(back)).toEqual({ meta: 'scheduled' });
  });

  it('pauses TikTok alone: Meta keeps running; the campaign follows its placements', async () => {
    const id = await launchedOn('TikTok Alone', ['meta', 'tiktok']);
    const paused = await onePlatform(id, 'tiktok', 'pause');
    expect(paused.status, JSON.stringify(paused.body)).toBe(202);
    expect(paused.body).toEqual({ success: true, status: 'pausing' });
    const one = await waitFor(id, notBusy);
    expect(one.status).toBe('active');
    expect(statusesOf(one)).toEqual({ meta: 'active', tiktok: 'paused' });
    expect(await sandboxStatuses(id)).toEqual({ meta: 'active', tiktok: 'paused' });

    // Asked again: TikTok is paused already.
    const again = await onePlatform(id, 'tiktok', 'pause');
    expect(again.status).toBe(409);
    expect(again.body.businessError.message).toBe('TikTok is already paused.');
    expect((await onePlatform(id, 'meta', 'resume')).body.businessError.message).toBe(
      'Meta is not paused, so it cannot be resumed.',
    );

    // Meta too: nothing runs any more, so the campaign is paused.
    expect((await onePlatform(id, 'meta', 'pause')).status).toBe(202);
    const both = await waitFor(id, notBusy);
    expect(both.status).toBe('paused');
    expect(statusesOf(both)).toEqual({ meta: 'paused', tiktok: 'paused' });

    // TikTok again: it runs, so the campaign is active; Meta stays paused.
    expect((await onePlatform(id, 'tiktok', 'resume')).body).toEqual({ success: true, status: 'resuming' });
    const resumed = await waitFor(id, notBusy);
    expect(resumed.status).toBe('active');
    expect(statusesOf(resumed)).toEqual({ meta: 'paused', tiktok: 'active' });
    expect(await sandboxStatuses(id)).toEqual({ meta: 'paused', tiktok: 'active' });
  });

  it('a platform that refuses keeps its reason; the campaign keeps running', async () => {
    const id = await launchedOn('TikTok Refuses', ['meta', 'tiktok']);
    await sandbox.injectFailure('tiktok', 'validation', { operation: 'pause', message: 'Not now.' });
    expect((await onePlatform(id, 'tiktok', 'pause')).status).toBe(202);
    const back = await waitFor(id, notBusy);
    expect(back.status).toBe('active');
    expect(statusesOf(back)).toEqual({ meta: 'active', tiktok: 'active' });
    expect(back.platforms.find((p) => p.key === 'tiktok')!.lastError).toMatch(
      /^Could not pause the campaign on TikTok: /,
    );
    expect(back.platforms.find((p) => p.key === 'meta')!.lastError).toBeNull();
  });

  it('a scheduled campaign paused on one platform stays scheduled', async () => {
    const id = await launchedOn('Scheduled TikTok', ['meta', 'tiktok'], future(4));
    expect((await onePlatform(id, 'tiktok', 'pause')).status).toBe(202);
    const one = await waitFor(id, notBusy);
    expect(one.status).toBe('scheduled');
    expect(statusesOf(one)).toEqual({ meta: 'scheduled', tiktok: 'paused' });
    // At its start the waiting placement becomes active; the one paused on its own stays paused.
    await jobs.completeEnded(future(4));
    const started = await detail(id);
    expect(started.status).toBe('active');
    expect(statusesOf(started)).toEqual({ meta: 'active', tiktok: 'paused' });
  });

  it('resuming one platform asks for the step-up; pausing one does not', async () => {
    const strict = await signedIn(db, 'demo', {
      jobs,
      connectors: withRules(connectors),
      enforceStepUp: true,
    });
    const id = await launchedOn('Strict TikTok', ['meta', 'tiktok']);
    expect((await onePlatform(id, 'tiktok', 'pause', strict)).status).toBe(202);
    await waitFor(id, notBusy);
    const resume = await onePlatform(id, 'tiktok', 'resume', strict);
    expect(resume.status).toBe(403);
    expect(resume.body.errorCode).toBe('CHALLENGE_REQUIRED');
    expect(resume.body.challenge).toBeTruthy();
    expect(statusesOf(await detail(id))).toEqual({ meta: 'active', tiktok: 'paused' });
  });

  it('answers a platform the campaign is not on, and another tenant’s campaign, like missing ones', async () => {
    const id = await launchedOn('Missing Platform', ['meta']);
    for (const platform of ['pinterest', 'nowhere']) {
      const res = await onePlatform(id, platform, 'pause');
      expect(res.status).toBe(404);
      expect(res.body.message).toBe("Sorry, we couldn't find that platform on this campaign.");
    }
    const rival = await signedIn(db, 'rival', { jobs, connectors: withRules(connectors) });
    const res = await onePlatform(id, 'meta', 'pause', rival);
    expect(res.status).toBe(404);
    expect(res.body.message).toBe("Sorry, we couldn't find that campaign.");
    expect((await detail(id)).status).toBe('active');
    // A draft has nothing on the platforms to pause.
    const planned = await draft('Still A Draft', ['meta']);
    const refused = await onePlatform(planned, 'meta', 'pause');
    expect(refused.status).toBe(409);
    expect(refused.body.businessError.message).toBe(
      'Only active or scheduled campaigns can be paused on one platform. This campaign is draft.',
    );
  });
});

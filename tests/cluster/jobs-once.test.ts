import { connect } from '@server/db/connect';
import { CampaignJobs, type JobsSettings } from '@server/jobs';
import { createConnectors } from '@server/platforms';
import { SandboxControl } from '@server/platforms/sandbox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase } from '../support/db';
import { signedIn, type TestClient, testConnectionAccess } from '../support/http';
import { future, planCampaign, withRules } from '../support/planning';

/**
 * Two API processes each run job workers on one database (WEB_CONCURRENCY=2, or two machines): every
 * launch still runs exactly once. Each "process" here has its own connection pool and its own pg-boss,
 * as separate processes would; they share nothing but PostgreSQL.
 */
const FAST: Partial<JobsSettings> = {
  pollingIntervalSeconds: 0.5,
  concurrency: 2,
  supervise: false,
  retryDelaySeconds: 0,
  retryBackoff: false,
  statusPollMs: 30,
  inlineWaitMs: 2000,
  backoffBaseMs: 50,
  lockRetryMs: 100,
};
const SANDBOX = { connectors: {}, sandbox: { delayMs: 5, reviewMs: 40, hangMs: 20_000 } };

const { db, url } = await freshDatabase();
const other = connect(url, { max: 5 });
const runners: CampaignJobs[] = [];
let demo: TestClient;

beforeAll(async () => {
  runners.push(
    await new CampaignJobs(db, FAST).start(createConnectors(db, SANDBOX), testConnectionAccess(db)),
  );
  runners.push(
    await new CampaignJobs(other, FAST).start(createConnectors(other, SANDBOX), testConnectionAccess(other)),
  );
  // The API of the first process enqueues; both processes' workers compete for the jobs.
  demo = await signedIn(db, 'demo', {
    jobs: runners[0]!,
    connectors: withRules(createConnectors(db, SANDBOX)),
  });
});
afterAll(async () => {
  for (const runner of runners) await runner.stop();
  await other.$client.end();
});

describe('jobs across processes', () => {
  it('launches every campaign once on every platform, whichever process takes each job', async () => {
    const platforms = ['meta', 'google', 'tiktok'];
    const ids: string[] = [];
    for (let i = 0; i < 6; i++) {
      const { id } = await planCampaign(demo, {
        db,
        objectiveId: 2,
        name: `Once ${i}`,
        platforms,
        startDate: future(0),
        endDate: future(30),
        budgetMinor: 300_000,
      });
      ids.push(id);
    }
    for (const id of ids)
      expect((await demo.post(`/planning/wizard/${id}/review`, { campaignId: id })).status).toBe(200);

    await expect
      .poll(
        async () =>
          (
            await db.$client.query(
              `SELECT count(*)::int AS n FROM campaigns WHERE id = ANY($1) AND status = 'active'`,
              [ids],
            )
          ).rows[0].n,
        { timeout: 30_000, interval: 200 },
      )
      .toBe(ids.length);
    const { rows } = await db.$client.query(
      `SELECT s.launch_requests FROM sandbox_platform_campaigns s
       JOIN campaign_platforms p ON p.external_id = s.external_id WHERE p.campaign_id = ANY($1)`,
      [ids],
    );
    expect(rows).toHaveLength(ids.length * platforms.length);
    expect(rows.every((row) => row.launch_requests === 1)).toBe(true);
    // Both processes did some of the work: it is shared, not done twice.
    expect(runners.map((runner) => runner.passesRun > 0)).toEqual([true, true]);
  }, 60_000);

  it('applies every change once on every platform, whichever process takes each update', async () => {
    const { rows: live } = await db.$client.query(
      `SELECT id FROM campaigns WHERE name LIKE 'Once %' AND status = 'active'`,
    );
    expect(live.length).toBeGreaterThan(0);
    for (const { id } of live) {
      const plan = (await demo.get(`/planning/wizard/${id}`, { accept: 'application/json' })).body;
      const saved = await demo.put(`/planning/wizard/${id}/audience`, {
        version: plan.campaign.version,
        ...plan.audience,
        ageMin: plan.audience.ageMin + 1,
      });
      expect(saved.status).toBe(200);
      expect((await demo.post(`/planning/wizard/${id}/apply`, {})).status).toBe(202);
    }
    const ids = live.map((row) => row.id);
    await expect
      .poll(
        async () =>
          (
            await db.$client.query(
              `SELECT count(*)::int AS n FROM campaign_platforms p JOIN campaigns c ON c.id = p.campaign_id
               WHERE c.id = ANY($1) AND p.applied_hash IS DISTINCT FROM c.live_hash`,
              [ids],
            )
          ).rows[0].n,
        { timeout: 30_000, interval: 200 },
      )
      .toBe(0);
    const { rows } = await db.$client.query(
      `SELECT jsonb_array_length(s.applied_updates) AS applied FROM sandbox_platform_campaigns s
       JOIN campaign_platforms p ON p.external_id = s.external_id WHERE p.campaign_id = ANY($1)`,
      [ids],
    );
    expect(rows.map((row) => row.applied)).toEqual(rows.map(() => 1));
  }, 60_000);

  // Last: it stops both processes' workers, as a crash would.
  it('a worker cut off after the platform took the change: another sends it again and the platform has it once', async () => {
    const { rows } = await db.$client.query(
      `SELECT id FROM campaigns WHERE name LIKE 'Once %' AND status = 'active' LIMIT 1`,
    );
    const id = rows[0].id as string;
    const plan = (await demo.get(`/planning/wizard/${id}`, { accept: 'application/json' })).body;
    expect(
      (
        await demo.put(`/planning/wizard/${id}/audience`, {
          version: plan.campaign.version,
          ...plan.audience,
          ageMax: plan.audience.ageMax - 1,
        })
      ).status,
    ).toBe(200);
    // Meta takes the change, then its answer never comes: the worker is cut off before it writes it down.
    await new SandboxControl(db).injectFailure('meta', 'hang', { operation: 'updated' });
    expect((await demo.post(`/planning/wizard/${id}/apply`, {})).status).toBe(202);
    const metaRecord = async () =>
      (
        await db.$client.query(
          `SELECT s.applied_updates, s.update_requests FROM sandbox_platform_campaigns s
           JOIN campaign_platforms p ON p.external_id = s.external_id
           WHERE p.campaign_id = $1 AND p.platform_key = 'meta'`,
          [id],
        )
      ).rows[0] as { applied_updates: string[]; update_requests: number };
    const before = (await metaRecord()).applied_updates.length;
    await expect
      .poll(async () => (await metaRecord()).applied_updates.length, { timeout: 30_000 })
      .toBe(before + 1);
    const owed = async () =>
      (
        await db.$client.query(
          `SELECT count(*)::int AS n FROM campaign_platforms p JOIN campaigns c ON c.id = p.campaign_id
           WHERE c.id = $1 AND p.applied_hash IS DISTINCT FROM c.live_hash`,
          [id],
        )
      ).rows[0].n as number;
    // Meta has the change, but the worker has not written it down: it is cut off now (both processes stop).
    const metaRow = await db.$client.query(
      `SELECT p.applied_hash = c.live_hash AS recorded FROM campaign_platforms p JOIN campaigns c ON c.id = p.campaign_id
       WHERE c.id = $1 AND p.platform_key = 'meta'`,
      [id],
    );
    expect(metaRow.rows[0].recorded).toBe(false);
    await Promise.all(runners.map((runner) => runner.stop()));

    // Another process's worker takes the job up again and sends the same update key.
    const survivor = await new CampaignJobs(other, FAST).start(
      createConnectors(other, SANDBOX),
      testConnectionAccess(other),
    );
    runners.push(survivor);
    await expect.poll(owed, { timeout: 30_000, interval: 200 }).toBe(0);
    const after = await metaRecord();
    expect(after.applied_updates).toHaveLength(before + 1);
    expect(after.update_requests).toBeGreaterThanOrEqual(2);
  }, 90_000);
});

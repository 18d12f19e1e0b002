import type { CampaignDetail } from '@contract/campaigns';
import * as t from '@server/db/schema';
import { CampaignJobs } from '@server/jobs';
import { and, eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { connectThroughConsent } from '../connections/flow';
import { newPlanner } from '../connections/planner';
import { platformConnectors } from '../support/connectors';
import { freshDatabase } from '../support/db';
import { type TestClient, testConnectionAccess } from '../support/http';
import { planCampaign, withRules } from '../support/planning';
import { platformRecords } from '../support/platformRecords';

const { db } = await freshDatabase();
const connectors = platformConnectors(db, { delayMs: 0, reviewMs: 30 });
const jobs = await new CampaignJobs(db, {
  pollingIntervalSeconds: 0.5,
  retryDelaySeconds: 0,
  statusPollMs: 30,
  backoffBaseMs: 50,
}).start(connectors, testConnectionAccess(db));
afterAll(() => jobs.stop());

const launch = (client: TestClient, id: string) =>
  client.post(`/planning/wizard/${id}/review`, { campaignId: id });

async function plannerWithPlan(platforms: string[]) {
  const planner = await newPlanner(db);
  const { id } = await planCampaign(planner.client, { db, platforms, name: 'Connection check' });
  return { ...planner, id };
}

describe('launching needs the planned platforms connected', () => {
  it('pre-flight names each platform that is not connected; the launch gate refuses, naming them', async () => {
    const { client, id } = await plannerWithPlan(['meta', 'google']);
    await connectThroughConsent(client, 'meta');
    const preflight = await client.get(`/planning/wizard/${id}/preflight`);
    expect(preflight.body).toEqual([
      expect.objectContaining({ platform: 'meta', result: 'passed' }),
      {
        platform: 'google',
        displayName: 'Google Ads',
        result: 'not_connected',
        connection: 'not_connected',
        message: 'Google Ads is not connected: connect it under Platforms.',
      },
    ]);
    const refused = await launch(client, id);
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({
      errorCode: 'PLATFORMS_NOT_CONNECTED',
      message: 'Connect Google Ads under Platforms before launching: Google Ads is not connected.',
    });
    const [campaign] = await db.select().from(t.campaigns).where(eq(t.campaigns.id, id));
    expect(campaign!.status).toBe('draft');
  });

  it('a connection needing reconnecting is named as such', async () => {
    const { client, id, accountId } = await plannerWithPlan(['meta']);
    await connectThroughConsent(client, 'meta');
    await db
      .update(t.platformConnections)
      .set({ status: 'needs_reconnect', problem: 'Access was revoked on Meta.' })
      .where(eq(t.platformConnections.accountId, accountId));
    const preflight = await client.get(`/planning/wizard/${id}/preflight`);
    expect(preflight.body[0]).toMatchObject({
      result: 'not_connected',
      connection: 'needs_reconnect',
      message: 'Meta needs reconnecting: reconnect it under Platforms.',
    });
    expect((await launch(client, id)).body.message).toBe(
      'Connect Meta under Platforms before launching: Meta needs reconnecting.',
    );
  });

  it("launches with the account's own connection, and fails a placement whose platform was disconnected meanwhile", async () => {
    const planner = await newPlanner(db, { jobs, connectors: withRules(connectors) });
    const jobClient = planner.client;
    await connectThroughConsent(jobClient, 'meta');
    await connectThroughConsent(jobClient, 'tiktok');
    const { id } = await planCampaign(jobClient, {
      db,
      platforms: ['meta', 'tiktok'],
      name: 'Own connection',
    });
    // Disconnected after the gate let the launch through (another tab): the job names it.
    const started = await launch(jobClient, id);
    expect(started.status).toBe(200);
    await db
      .delete(t.platformConnections)
      .where(
        and(
          eq(t.platformConnections.accountId, planner.accountId),
          eq(t.platformConnections.platformKey, 'tiktok'),
        ),
      );
    const until = Date.now() + 15_000;
    let detail: CampaignDetail;
    for (;;) {
      detail = (await jobClient.get<CampaignDetail>(`/data/campaigns/detail?campaignId=${id}`)).body;
      if (detail.status !== 'launching' || Date.now() > until) break;
      await new Promise((r) => setTimeout(r, 50));
    }
    const byKey = Object.fromEntries(detail.platforms.map((p) => [p.key, p]));
    expect(byKey.tiktok).toMatchObject({
      status: 'failed',
      lastError: 'TikTok is not connected: connect it under Platforms.',
    });
    expect(byKey.meta!.status).not.toBe('failed');
    // Meta holds the campaign, launched under the planner's chosen ad account's token.
    const records = await platformRecords(db, id);
    expect(records.filter((r) => r.platformKey === 'meta').map((r) => r.externalId)).toEqual([
      byKey.meta!.externalId,
    ]);
  });
});

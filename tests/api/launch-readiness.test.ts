import type { LaunchReadiness } from '@contract/campaigns';
import { beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase } from '../support/db';
import { signedIn, type TestClient } from '../support/http';
import { planCampaign, testConnectors } from '../support/planning';

/**
 * Issue 28: a draft that cannot launch says why before anyone confirms. `GET
 * /data/campaigns/launch-readiness` answers the launch gate's own refusal with the step that fixes it.
 */

const { db } = await freshDatabase();
let demo: TestClient;
let rival: TestClient;

beforeAll(async () => {
  demo = await signedIn(db, 'demo', { connectors: testConnectors(db) });
  rival = await signedIn(db, 'rival', { connectors: testConnectors(db) });
});

const readiness = (ids: string[]) =>
  demo.get<LaunchReadiness>(
    `/data/campaigns/launch-readiness?${ids.map((id) => `campaignId=${id}`).join('&')}`,
  );

describe('GET /data/campaigns/launch-readiness', () => {
  it('names what a draft lacks and the step that fixes it, the same words the launch refuses with', async () => {
    const { id } = await planCampaign(demo, { db, until: 'schedule', name: 'No ads yet' });
    const res = await readiness([id]);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual([
      { campaignId: id, blocker: { message: expect.stringMatching(/ad/i), step: 'creative' } },
    ]);
    const launch = await demo.post<{ message: string }>(`/planning/wizard/${id}/review`, { campaignId: id });
    expect(launch.status).toBe(422);
    expect(launch.body.message).toBe(res.body[0]!.blocker!.message);
  });

  it('a plan missing its schedule is sent to the schedule step', async () => {
    const { id } = await planCampaign(demo, { db, until: 'audience', name: 'No flights yet' });
    const [entry] = (await readiness([id])).body;
    expect(entry?.blocker?.step).toBe('schedule');
  });

  it('a complete plan can launch: no blocker', async () => {
    const { id } = await planCampaign(demo, { db, name: 'Ready to go' });
    expect((await readiness([id])).body).toEqual([{ campaignId: id, blocker: null }]);
  });

  it('leaves out campaigns that cannot launch in their status, and other tenants’ and unknown ids', async () => {
    const { id } = await planCampaign(demo, { db, until: 'overview', name: 'Just started' });
    const active = (await demo.get<{ id: string }[]>('/api/campaigns?status=active&_end=1')).body[0]!.id;
    const foreign = (await rival.get<{ id: string }[]>('/api/campaigns?_end=1')).body[0]!.id;
    const res = await readiness([active, foreign, 'not-an-id', id]);
    expect(res.status).toBe(200);
    expect(res.body.map((entry) => entry.campaignId)).toEqual([id]);
    expect(res.body[0]?.blocker?.step).toBe('platforms');
  });

  it('asks for at least one campaign', async () => {
    const res = await demo.get<{ validationErrors: Record<string, unknown> }>(
      '/data/campaigns/launch-readiness',
    );
    expect(res.status).toBe(400);
    expect(res.body.validationErrors).toHaveProperty('campaignId');
  });
});

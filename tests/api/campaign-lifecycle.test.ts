import { CAMPAIGN_STATUSES } from '@contract/reference';
import * as t from '@server/db/schema';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase } from '../support/db';
import { TestClient as Client, signedIn, type TestClient, testApp } from '../support/http';
import { planCampaign } from '../support/planning';

/**
 * The campaign lifecycle as a caller meets it: every (status × action) pair — PATCH of each field, launch,
 * pause, resume, duplicate, delete — against real PostgreSQL. The expectations are written out here from
 * the lifecycle's rules (not read from the chart), so a chart that drifts fails this matrix.
 */

const { db } = await freshDatabase();
let demo: TestClient;
let customerId: string;

beforeAll(async () => {
  demo = await signedIn(db, 'demo');
  const customers = await demo.get<{ id: string }[]>('/api/customers?_end=1');
  customerId = customers.body[0]!.id;
});

const future = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

type Status = (typeof CAMPAIGN_STATUSES)[number];
const ALL_FIELDS = [
  'name',
  'customerId',
  'objectiveId',
  'startDate',
  'endDate',
  'budgetMinor',
  'currency',
  'platforms',
] as const;
type Field = (typeof ALL_FIELDS)[number];

/** Which fields a planner may change in each status. */
const EDITABLE: Record<Status, readonly Field[]> = {
  draft: ALL_FIELDS,
  failed: ALL_FIELDS,
  launching: [],
  // What may change while scheduled is what may change while active.
  scheduled: ['name', 'customerId'],
  active: ['name', 'customerId'],
  pausing: [],
  paused: ['name', 'customerId'],
  resuming: [],
  completed: ['name', 'customerId'],
  deleting: [],
};
const BUSY: readonly Status[] = ['launching', 'pausing', 'resuming', 'deleting'];

/** Where each action takes a campaign from each status (absent: refused with 409). */
const ACTIONS: Record<string, Partial<Record<Status, Status>>> = {
  launch: { draft: 'launching', failed: 'launching' },
  pause: { active: 'pausing', scheduled: 'pausing' },
  resume: { paused: 'resuming' },
  // One platform (TikTok) of the two: its placement runs while the campaign does, is paused while it is.
  'pause TikTok': { active: 'pausing', scheduled: 'pausing' },
  'resume TikTok': { paused: 'resuming' },
  delete: {
    draft: 'deleting',
    launching: 'deleting',
    scheduled: 'deleting',
    active: 'deleting',
    pausing: 'deleting',
    paused: 'deleting',
    resuming: 'deleting',
    completed: 'deleting',
    failed: 'deleting',
    // Asking again while deleting is accepted and changes nothing.
    deleting: 'deleting',
  },
  duplicate: {
    draft: 'draft',
    launching: 'launching',
    scheduled: 'scheduled',
    active: 'active',
    pausing: 'pausing',
    paused: 'paused',
    resuming: 'resuming',
    completed: 'completed',
    failed: 'failed',
  },
};

const NEW_VALUES: Record<Field, unknown> = {
  name: 'Renamed in the matrix',
  customerId: null,
  objectiveId: 2,
  startDate: future(4),
  endDate: future(45),
  budgetMinor: 123_400,
  currency: 'GBP',
  platforms: ['meta'],
};

/** A complete campaign in `status`, with placements as the jobs would have left them. */
async function campaignIn(status: Status): Promise<string> {
  const { id } = await planCampaign(demo, {
    db,
    objectiveId: 1,
    name: `Matrix ${status}`,
    customerId,
    platforms: ['meta', 'tiktok'],
    startDate: future(2),
    endDate: future(30),
    budgetMinor: 500_000,
  });
  await db.update(t.campaigns).set({ status }).where(eq(t.campaigns.id, id));
  const placement = (
    {
      draft: null,
      launching: 'in_review',
      failed: 'rejected',
      paused: 'paused',
      scheduled: 'scheduled',
    } as const
  )[status as 'draft'];
  if (placement !== null) {
    await db.insert(t.campaignPlatforms).values(
      ['meta', 'tiktok'].map((platformKey) => ({
        campaignId: id,
        platformKey,
        externalId: `${platformKey}_${id.slice(0, 8)}`,
        status:
          status === 'deleting' ? 'deleting' : status === 'resuming' ? 'paused' : (placement ?? 'active'),
      })),
    );
  }
  return id;
}

const rowOf = async (id: string) => (await db.select().from(t.campaigns).where(eq(t.campaigns.id, id)))[0]!;

async function act(action: string, id: string) {
  switch (action) {
    case 'launch':
      return demo.post(`/planning/wizard/${id}/review`, { campaignId: id });
    case 'duplicate':
      return demo.post('/data/campaigns/duplicate', { campaignId: id, name: 'Matrix copy' });
    case 'pause TikTok':
      return demo.post(`/api/campaigns/${id}/platforms/tiktok/pause`, {});
    case 'resume TikTok':
      return demo.post(`/api/campaigns/${id}/platforms/tiktok/resume`, {});
    default:
      return demo.post(`/data/campaigns/${action}`, { campaignId: id });
  }
}

describe('campaign lifecycle: every status × action', () => {
  for (const status of CAMPAIGN_STATUSES) {
    describe(status, () => {
      for (const field of ALL_FIELDS) {
        const allowed = EDITABLE[status].includes(field);
        it(`PATCH ${field}: ${allowed ? 'changes it' : 'refused with 409'}`, async () => {
          const id = await campaignIn(status);
          const before = await rowOf(id);
          const res = await demo.patch(`/api/campaigns/${id}`, { [field]: NEW_VALUES[field] });
          const after = await rowOf(id);
          if (allowed) {
            expect(res.status).toBe(200);
            expect(res.body[field]).toEqual(NEW_VALUES[field]);
            expect(after.status).toBe(status);
          } else {
            expect(res.status).toBe(409);
            expect(res.body.errorCode).toBe(
              BUSY.includes(status) ? 'CAMPAIGN_BUSY' : 'CAMPAIGN_FIELD_LOCKED',
            );
            expect(res.body.businessError.message).toMatch(/^This campaign is /);
            expect(after).toEqual(before);
          }
        });
      }

      it('PATCH status: 400 naming the field, nothing changes', async () => {
        const id = await campaignIn(status);
        const before = await rowOf(id);
        const res = await demo.patch(`/api/campaigns/${id}`, { status: 'active', name: 'Sneaky' });
        expect(res.status).toBe(400);
        expect(res.body.validationErrors.status.message).toMatch(/status cannot be set/);
        expect(await rowOf(id)).toEqual(before);
      });

      for (const [action, outcomes] of Object.entries(ACTIONS)) {
        const to = outcomes[status];
        it(`${action}: ${to ? `→ ${to}` : 'refused with 409'}`, async () => {
          const id = await campaignIn(status);
          const before = await rowOf(id);
          const res = await act(action, id);
          if (to) {
            expect(res.status, JSON.stringify(res.body)).toBe(
              action === 'duplicate' ? 201 : action.endsWith('TikTok') ? 202 : 200,
            );
            expect((await rowOf(id)).status).toBe(to);
            if (action === 'duplicate') expect((await rowOf(res.body.campaignId)).status).toBe('draft');
          } else {
            expect(res.status, JSON.stringify(res.body)).toBe(409);
            expect(res.body.businessError.message).toBe(res.body.message);
            expect(await rowOf(id)).toEqual(before);
          }
        });
      }
    });
  }
});

describe('campaign lifecycle: the rules hold outside the matrix', () => {
  it('refuses status on create too, and a database write outside the set', async () => {
    const res = await demo.post('/api/campaigns', { name: 'Born active', status: 'active' });
    expect(res.status).toBe(400);
    expect(res.body.validationErrors.status.message).toMatch(/status cannot be set/);
    const id = await campaignIn('draft');
    await expect(
      db.update(t.campaigns).set({ status: 'live' }).where(eq(t.campaigns.id, id)),
    ).rejects.toMatchObject({ cause: { constraint: 'campaigns_status_check' } });
    await expect(
      db.insert(t.campaignPlatforms).values({ campaignId: id, platformKey: 'meta', status: 'live' }),
    ).rejects.toMatchObject({ cause: { constraint: 'campaign_platforms_status_check' } });
  });

  it('resume asks for a step-up; pause does not (it stops spend at once)', async () => {
    const strict = await new Client(testApp(db, { enforceStepUp: true })).signIn('demo@flightplan.test');
    const paused = await campaignIn('paused');
    const resume = await strict.post('/data/campaigns/resume', { campaignId: paused });
    expect(resume.status).toBe(403);
    expect(resume.body.errorCode).toBe('CHALLENGE_REQUIRED');
    expect((await rowOf(paused)).status).toBe('paused');
    const active = await campaignIn('active');
    expect((await strict.post('/data/campaigns/pause', { campaignId: active })).status).toBe(200);
    expect((await rowOf(active)).status).toBe('pausing');
  });

  it('answers another tenant’s campaign like a missing one', async () => {
    const rival = await signedIn(db, 'rival');
    const id = await campaignIn('active');
    for (const action of ['pause', 'resume']) {
      const res = await rival.post(`/data/campaigns/${action}`, { campaignId: id });
      expect(res.status).toBe(404);
      expect(res.body.message).toBe("Sorry, we couldn't find that campaign.");
    }
    expect((await rowOf(id)).status).toBe('active');
  });
});

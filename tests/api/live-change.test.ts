import type { PlanChange } from '@contract/planning';
import { type Audience, addDays, type Plan, type ScheduleStepBody, todayUtc } from '@contract/planning';
import { STEP_UP_HEADER } from '@contract/stepUp';
import * as t from '@server/db/schema';
import { CampaignJobs } from '@server/jobs';
import { loadCampaign } from '@server/jobs/common';
import { platformRequest } from '@server/planning/adSet';
import { SandboxControl } from '@server/platforms/sandbox';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { connectThroughConsent } from '../connections/flow';
import { newPlanner } from '../connections/planner';
import { platformConnectors, usesRealConnector } from '../support/connectors';
import { freshDatabase } from '../support/db';
import { type TestClient, testConnectionAccess } from '../support/http';
import { AUDIENCE, planCampaign, withRules } from '../support/planning';
import { platformRecords } from '../support/platformRecords';
import { challengeOf, verifyByEmail } from '../support/stepUp';

/**
 * Changing a live campaign (issue 28): step saves on an active campaign make a draft over what runs;
 * Apply changes (step-up bound to the change's hash, the sign-off gate) sends it to each platform by the
 * update job, once; delivered days and spent money stay; bookings follow the applied amounts.
 */

const { db } = await freshDatabase();
const connectors = withRules(platformConnectors(db, { delayMs: 0, reviewMs: 30 }));
const sandbox = new SandboxControl(db);
const jobs = await new CampaignJobs(db, {
  pollingIntervalSeconds: 0.5,
  retryDelaySeconds: 0,
  statusPollMs: 30,
  backoffBaseMs: 50,
  maxAttempts: 2,
}).start(connectors, testConnectionAccess(db));
afterAll(() => jobs.stop());

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((r) => setTimeout(r, 50));
  }
}

const statusOf = async (id: string) =>
  (await db.select().from(t.campaigns).where(eq(t.campaigns.id, id)))[0]!.status;

/** A planner with Meta and TikTok connected and a campaign live on both. */
async function liveCampaign(
  name = 'Live change',
  options: { enforceStepUp?: boolean; audience?: Audience } = {},
) {
  const { audience, ...appOptions } = options;
  const planner = await newPlanner(db, { jobs, connectors, ...appOptions });
  await connectThroughConsent(planner.client, 'meta');
  await connectThroughConsent(planner.client, 'tiktok');
  const { id } = await planCampaign(planner.client, {
    db,
    name,
    platforms: ['meta', 'tiktok'],
    budgetMinor: 200_000,
    ...(audience ? { audience } : {}),
  });
  const launched = await planner.client.post(`/planning/wizard/${id}/review`, { campaignId: id });
  if (launched.status === 403) {
    const token = await verifyByEmail(db, planner.client, (await challengeOf(launched)).token, planner.email);
    const again = await planner.client.post(
      `/planning/wizard/${id}/review`,
      { campaignId: id },
      { [STEP_UP_HEADER]: token },
    );
    expect(again.status).toBe(200);
  } else expect(launched.status).toBe(200);
  // Its flights start in two days: it is live, scheduled (a scheduled campaign takes changes as an active one).
  expect(
    await until(
      () => statusOf(id),
      (s) => s === 'scheduled',
    ),
  ).toBe('scheduled');
  return { ...planner, id };
}

const planOf = async (client: TestClient, id: string) =>
  (await client.get<Plan>(`/planning/wizard/${id}`, { accept: 'application/json' })).body;
const changeOf = async (client: TestClient, id: string) =>
  (await client.get<PlanChange>(`/planning/wizard/${id}/change`)).body;

/** Meta's amount raised by `extra` (its flight and the total with it) and every flight to `endDate`. */
async function raiseMeta(client: TestClient, id: string, extra: number, endDate?: string) {
  let plan = await planOf(client, id);
  const allocations = {
    ...plan.allocations,
    meta: { ...plan.allocations.meta!, amountMinor: plan.allocations.meta!.amountMinor + extra },
  };
  const platforms = await client.put<Plan>(`/planning/wizard/${id}/platforms`, {
    version: plan.campaign.version,
    platforms: plan.platforms,
    budgetMinor: plan.campaign.budgetMinor + extra,
    splitMode: 'amount',
    allocations,
  });
  expect(platforms.status, JSON.stringify(platforms.body)).toBe(200);
  plan = platforms.body;
  const end = endDate ?? plan.campaign.endDate!;
  const schedule = await client.put<Plan>(`/planning/wizard/${id}/schedule`, {
    version: plan.campaign.version,
    startDate: plan.campaign.startDate,
    endDate: end,
    flights: plan.flights.map((f) => ({
      id: f.id,
      platform: f.platform,
      startDate: f.startDate,
      endDate: end,
      amountMinor: f.platform === 'meta' ? f.amountMinor + extra : f.amountMinor,
      pacing: f.pacing,
    })),
  });
  expect(schedule.status, JSON.stringify(schedule.body)).toBe(200);
  return schedule.body;
}

/** What Meta holds for the campaign: the sandbox's record, or the Graph stand-in's objects (real connector). */
const metaRecord = async (id: string) =>
  (await platformRecords(db, id)).filter((r) => r.platformKey === 'meta' && r.status !== 'deleted').at(-1)!;

describe('a live campaign takes changes as a draft over what runs', () => {
  it('saves into the change, shows it against what runs, and leaves the platforms and bookings alone', async () => {
    const { client, id } = await liveCampaign();
    // Launched before live plans were kept (no live hash): nothing is on its way, the platforms run the plan.
    await db.update(t.campaigns).set({ liveHash: null }).where(eq(t.campaigns.id, id));
    await db
      .update(t.campaignPlatforms)
      .set({ appliedHash: null })
      .where(eq(t.campaignPlatforms.campaignId, id));
    const baseline = await changeOf(client, id);
    expect(baseline.state).toBe('none');
    expect(baseline.platforms.every((p) => p.upToDate && !p.updating)).toBe(true);
    const before = await metaRecord(id);
    const bookingsBefore = await db.select().from(t.bookings).where(eq(t.bookings.campaignId, id));
    expect((await changeOf(client, id)).state).toBe('none');

    const newEnd = addDays((await planOf(client, id)).campaign.endDate!, 14);
    const plan = await raiseMeta(client, id, 50_000, newEnd);
    expect(plan.campaign).toMatchObject({ status: 'scheduled', budgetMinor: 250_000, endDate: newEnd });

    const change = await changeOf(client, id);
    expect(change.state).toBe('draft');
    expect(change.draftHash).not.toBe(change.liveHash);
    expect(JSON.stringify(change.diff)).toContain('250000');
    expect(change.platforms.map((p) => [p.platform, p.upToDate])).toEqual([
      ['meta', true],
      ['tiktok', true],
    ]);
    // Nothing reached the platforms, and the bookings still say what runs.
    expect((await metaRecord(id)).snapshot).toEqual(before.snapshot);
    const bookingsNow = await db.select().from(t.bookings).where(eq(t.bookings.campaignId, id));
    expect(bookingsNow.map((b) => b.amountMinor).sort()).toEqual(
      bookingsBefore.map((b) => b.amountMinor).sort(),
    );

    // The objective and currency stay as launched: the chart refuses them by name.
    const overview = await client.put(`/planning/wizard/${id}/overview`, {
      version: plan.campaign.version,
      name: plan.campaign.name,
      objectiveId: 1,
      customerId: plan.campaign.customerId,
      currency: plan.campaign.currency,
    });
    expect(overview.status).toBe(409);
    expect(overview.body.message).toMatch(/^This campaign is scheduled, so its objective cannot change/);
    // A platform added to a running campaign would be a launch there: refused, naming what it runs on.
    const added = await client.put(`/planning/wizard/${id}/platforms`, {
      version: plan.campaign.version,
      platforms: ['meta', 'tiktok', 'google'],
      budgetMinor: plan.campaign.budgetMinor,
      splitMode: 'amount',
      allocations: {
        ...plan.allocations,
        google: { amountMinor: 10_000, bidStrategy: 'lowest_cost', costCapMinor: null },
      },
    });
    expect(added.status).toBe(400);
    expect(added.body.validationErrors.platforms.message).toBe(
      'A running campaign keeps its platforms (Meta and TikTok): plan another campaign for a new one',
    );
  });

  it('Apply changes needs the step-up bound to the change, then runs on each platform once; bookings follow', async () => {
    const { client, id, email } = await liveCampaign('Apply with step-up', { enforceStepUp: true });
    const newEnd = addDays((await planOf(client, id)).campaign.endDate!, 7);
    await raiseMeta(client, id, 40_000, newEnd);
    const change = await changeOf(client, id);

    const asked = await client.post(`/planning/wizard/${id}/apply`, { hash: change.draftHash });
    const challenge = await challengeOf(asked);
    expect(challenge.description).toBe(
      `Apply changes to campaign Apply with step-up on Meta and TikTok: budget €2,400.00, ending ${newEnd}`,
    );
    expect((await changeOf(client, id)).state).toBe('draft');
    const token = await verifyByEmail(db, client, challenge.token, email);

    // A hash that is not the plan's is refused before anything is sent.
    const stale = await client.post(
      `/planning/wizard/${id}/apply`,
      { hash: 'a'.repeat(64) },
      { [STEP_UP_HEADER]: token },
    );
    expect(stale.status).toBe(409);
    expect(stale.body.errorCode).toBe('CHANGE_EDITED_SINCE_REVIEW');

    const applied = await client.post(
      `/planning/wizard/${id}/apply`,
      { hash: change.draftHash },
      { [STEP_UP_HEADER]: token },
    );
    expect(applied.status, JSON.stringify(applied.body)).toBe(202);
    expect(applied.body).toEqual({ status: 'applying', hash: change.draftHash });

    const settled = await until(
      () => changeOf(client, id),
      (c) => c.state === 'none',
    );
    expect(settled).toMatchObject({ state: 'none', liveHash: change.draftHash, diff: null });
    expect(settled.platforms.every((p) => p.upToDate)).toBe(true);
    const meta = await metaRecord(id);
    expect(meta).toMatchObject({ budgetMinor: 140_000, endDate: newEnd });
    expect(meta.appliedUpdates).toHaveLength(1);
    expect(await statusOf(id)).toBe('scheduled');
    const booked = await db
      .select()
      .from(t.bookings)
      .where(and(eq(t.bookings.campaignId, id), eq(t.bookings.platformKey, 'meta')));
    expect(booked.map((b) => [b.amountMinor, b.endDate, b.status])).toEqual([[140_000, newEnd, 'confirmed']]);

    // Applying again with nothing new: refused before any step-up, nothing sent.
    const again = await client.post(`/planning/wizard/${id}/apply`, {});
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({
      errorCode: 'CHANGE_NOTHING_TO_APPLY',
      message: 'There is nothing to apply: the platforms run the plan as it is.',
    });
  });

  it('a platform that refuses keeps what it ran, with its reason; Apply again retries only it', async () => {
    const { client, id } = await liveCampaign('Partly applied');
    await raiseMeta(client, id, 30_000);
    // TikTok takes Meta's raise too: give it a raise of its own.
    let plan = await planOf(client, id);
    await sandbox.injectFailure('tiktok', 'validation', {
      operation: 'update',
      message: 'TikTok does not allow a budget change within 15 minutes of the last one.',
    });
    const tiktokRaise = await client.put<Plan>(`/planning/wizard/${id}/platforms`, {
      version: plan.campaign.version,
      platforms: plan.platforms,
      budgetMinor: plan.campaign.budgetMinor + 10_000,
      splitMode: 'amount',
      allocations: {
        ...plan.allocations,
        tiktok: { ...plan.allocations.tiktok!, amountMinor: plan.allocations.tiktok!.amountMinor + 10_000 },
      },
    });
    expect(tiktokRaise.status).toBe(200);
    plan = tiktokRaise.body;
    const scheduled = await client.put<Plan>(`/planning/wizard/${id}/schedule`, {
      version: plan.campaign.version,
      startDate: plan.campaign.startDate,
      endDate: plan.campaign.endDate,
      flights: plan.flights.map((f) => ({
        id: f.id,
        platform: f.platform,
        startDate: f.startDate,
        endDate: f.endDate,
        amountMinor: plan.allocations[f.platform]!.amountMinor,
        pacing: f.pacing,
      })),
    });
    expect(scheduled.status, JSON.stringify(scheduled.body)).toBe(200);

    expect((await client.post(`/planning/wizard/${id}/apply`, {})).status).toBe(202);
    const refused = await until(
      () => changeOf(client, id),
      (c) => c.state !== 'applying',
    );
    expect(refused.state).toBe('refused');
    const byKey = Object.fromEntries(refused.platforms.map((p) => [p.platform, p]));
    expect(byKey.meta).toMatchObject({ upToDate: true, error: null });
    expect(byKey.tiktok).toMatchObject({
      upToDate: false,
      updating: false,
      error:
        'TikTok did not take the change: TikTok does not allow a budget change within 15 minutes of the last one.',
    });
    // The campaign page never claims TikTok runs the change.
    const detail = await client.get<{ platforms: { key: string; changeNote?: string | null }[] }>(
      `/data/campaigns/detail?campaignId=${id}`,
    );
    expect(detail.body.platforms.map((p) => [p.key, p.changeNote ?? null])).toEqual([
      ['meta', null],
      ['tiktok', byKey.tiktok!.error],
    ]);
    // The planners hear of it in their inbox.
    const inbox = await client.get<{ items: { title: string }[] }>('/api/notifications');
    expect(JSON.stringify(inbox.body)).toContain('Partly applied did not take the change on TikTok');

    expect((await client.post(`/planning/wizard/${id}/apply`, {})).status).toBe(202);
    const retried = await until(
      () => changeOf(client, id),
      (c) => c.state === 'none',
    );
    expect(retried.platforms.every((p) => p.upToDate)).toBe(true);
    expect((await metaRecord(id)).appliedUpdates).toHaveLength(1);
  });

  it('days already delivered are locked and no amount goes below what is spent', async () => {
    const { client, id, accountId } = await liveCampaign('Delivered days');
    // The campaign has run for five days: its start moved into the past, with delivery on those days.
    const today = todayUtc();
    const start = addDays(today, -5);
    await db.update(t.campaigns).set({ startDate: start }).where(eq(t.campaigns.id, id));
    await db.update(t.campaignFlights).set({ startDate: start }).where(eq(t.campaignFlights.campaignId, id));
    for (let d = 5; d >= 1; d--)
      await db.insert(t.deliveryDaily).values({
        accountId,
        campaignId: id,
        platformKey: 'meta',
        date: addDays(today, -d),
        spendMinor: 20_000,
      });
    const plan = await planOf(client, id);
    const flights: ScheduleStepBody['flights'] = plan.flights.map((f) => ({
      id: f.id,
      platform: f.platform,
      startDate: f.startDate,
      endDate: f.endDate,
      amountMinor: f.amountMinor,
      pacing: f.pacing,
    }));
    const meta = flights.findIndex((f) => f.platform === 'meta');
    const save = (changed: typeof flights) =>
      client.put(`/planning/wizard/${id}/schedule`, {
        version: plan.campaign.version,
        startDate: plan.campaign.startDate,
        endDate: plan.campaign.endDate,
        flights: changed,
      });
    const moved = await save(flights.map((f, i) => (i === meta ? { ...f, startDate: today } : f)));
    expect(moved.status).toBe(400);
    expect(moved.body.validationErrors[`flights.${meta}.startDate`].message).toBe(
      `This flight started on ${start}: its start cannot move`,
    );
    const shortened = await save(
      flights.map((f, i) => (i === meta ? { ...f, endDate: addDays(today, -3) } : f)),
    );
    expect(shortened.status).toBe(400);
    expect(shortened.body.validationErrors[`flights.${meta}.endDate`].message).toBe(
      `Days up to ${addDays(today, -1)} are delivered: end on ${addDays(today, -1)} or later`,
    );
    const removed = await save(flights.filter((_, i) => i !== meta));
    expect(removed.status).toBe(400);
    const added = await save([
      ...flights,
      {
        platform: 'tiktok',
        startDate: addDays(today, -2),
        endDate: today,
        amountMinor: 1_000,
        pacing: 'even',
      },
    ]);
    expect(added.status).toBe(400);
    expect(added.body.validationErrors[`flights.${flights.length}.startDate`].message).toBe(
      `Add flights from ${today}: the days before are delivered`,
    );
    // Meta spent €1,000.00: its share cannot go below it.
    const below = await client.put(`/planning/wizard/${id}/platforms`, {
      version: plan.campaign.version,
      platforms: plan.platforms,
      budgetMinor: plan.campaign.budgetMinor,
      splitMode: 'amount',
      allocations: {
        meta: { ...plan.allocations.meta!, amountMinor: 90_000 },
        tiktok: { ...plan.allocations.tiktok!, amountMinor: plan.campaign.budgetMinor - 90_000 },
      },
    });
    expect(below.status).toBe(400);
    expect(below.body.validationErrors['allocations.meta.amountMinor'].message).toBe(
      'Meta has spent €1,000.00: plan at least that',
    );
    const flightRows = await db
      .select()
      .from(t.campaignFlights)
      .where(eq(t.campaignFlights.campaignId, id))
      .orderBy(asc(t.campaignFlights.position));
    expect(flightRows.map((f) => f.startDate)).toEqual([start, start]);
  });

  it('nothing changes while a change is on its way, and the sign-off gate applies', async () => {
    // Enqueue-only jobs: the update stays on its way.
    const planner = await newPlanner(db, { connectors });
    await connectThroughConsent(planner.client, 'meta');
    const { id } = await planCampaign(planner.client, { db, name: 'On its way', platforms: ['meta'] });
    await db.update(t.campaigns).set({ status: 'active' }).where(eq(t.campaigns.id, id));
    await db
      .insert(t.campaignPlatforms)
      .values({ campaignId: id, platformKey: 'meta', status: 'active', externalId: 'meta_x' });
    const plan = await raiseMeta(planner.client, id, 1_000);

    // The organization asks for sign-off: applying an unapproved change is refused, naming the revision.
    await db
      .update(t.organizations)
      .set({ launchNeedsSignOff: true })
      .where(
        eq(
          t.organizations.id,
          (await db.select().from(t.accounts).where(eq(t.accounts.id, planner.accountId)))[0]!.organizationId,
        ),
      );
    const gated = await planner.client.post(`/planning/wizard/${id}/apply`, {});
    expect(gated.status).toBe(409);
    expect(gated.body.errorCode).toBe('SIGN_OFF_REQUIRED');
    await db.update(t.organizations).set({ launchNeedsSignOff: false });

    expect((await planner.client.post(`/planning/wizard/${id}/apply`, { extra: 1 })).status).toBe(400);
    expect((await planner.client.post(`/planning/wizard/${id}/apply`, {})).status).toBe(202);
    expect((await changeOf(planner.client, id)).state).toBe('applying');
    const edit = await planner.client.put(`/planning/wizard/${id}/audience`, {
      version: plan.campaign.version,
      ...plan.audience,
    });
    expect(edit.status).toBe(409);
    expect(edit.body.message).toBe(
      'Changes are being applied on the ad platforms. Try again when they have arrived.',
    );
  });
});

describe('the review of a live change asks each platform about it', () => {
  it('a changed audience reads by name on both sides: what runs and the draft', async () => {
    // Launched with Travel; the change replaces it with Beaches: Travel's name comes from what runs.
    const { client, id } = await liveCampaign('Live interests', {
      audience: { ...AUDIENCE, interests: { meta: ['6003639161770'] } },
    });
    const plan = await planOf(client, id);
    const saved = await client.put(`/planning/wizard/${id}/audience`, {
      version: plan.campaign.version,
      ...plan.audience,
      interests: { meta: ['6003469750945'] },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const change = await changeOf(client, id);
    expect(change.state).toBe('draft');
    expect((change.diff as { audience: unknown[] }).audience).toEqual([
      { field: 'interests', before: { meta: ['6003639161770'] }, after: { meta: ['6003469750945'] } },
    ]);
    expect(change.interestNames).toEqual({ meta: { '6003639161770': 'Travel', '6003469750945': 'Beaches' } });
  });

  it('validates the change as an update and passes on what the platform warns about', async () => {
    const { client, id } = await liveCampaign('Warned change');
    const unchanged = await client.get<{ platform: string; warnings?: string[] }[]>(
      `/planning/wizard/${id}/preflight`,
    );
    expect(unchanged.body.map((c) => [c.platform, c.warnings])).toEqual([
      ['meta', []],
      ['tiktok', []],
    ]);
    await raiseMeta(client, id, 60_000);
    const checks = await client.get<{ platform: string; result: string; warnings?: string[] }[]>(
      `/planning/wizard/${id}/preflight`,
    );
    const meta = checks.body.find((c) => c.platform === 'meta')!;
    expect(meta.result).toBe('passed');
    expect(meta.warnings).toEqual([
      'Meta: the budget moves from €1,000.00 to €1,600.00, more than 20 %: the learning phase starts again.',
    ]);
    expect(checks.body.find((c) => c.platform === 'tiktok')!.warnings).toEqual([]);
  });
});

describe('the sandbox applies an update key once', () => {
  it('a retried update (the same key) changes nothing and is counted', async () => {
    const { id } = await liveCampaign('Retried update');
    const record = await metaRecord(id);
    const meta = connectors.get('meta')!;
    const credentials = await testConnectionAccess(db).credentialsFor(
      (await db.select().from(t.campaigns).where(eq(t.campaigns.id, id)))[0]!.accountId,
      'meta',
    );
    // What the update job sends: the plan as it runs, under an update key.
    const request = {
      ...(await platformRequest(db, meta, (await loadCampaign(db, id))!, 'retry-key', { credentials })),
      name: 'First send',
    };
    await meta.update(record.externalId, request, { credentials });
    const first = await metaRecord(id);
    await meta.update(record.externalId, { ...request, name: 'Second send' }, { credentials });
    const after = await metaRecord(id);
    expect(after.appliedUpdates).toEqual(['retry-key']);
    // The second send changed nothing on the platform.
    expect(after.snapshot).toEqual(first.snapshot);
    if (!usesRealConnector('meta')) {
      // Only the in-process sandbox counts the requests it received (Meta's API keeps no such count) and
      // keeps our request's name (the Graph connector leaves the campaign's name, which holds its reference).
      expect(after.updateRequests).toBe(2);
      expect(after.plan).toMatchObject({ name: 'First send' });
    }
  });
});

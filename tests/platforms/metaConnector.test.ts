import { sandboxPlatformCampaigns } from '@server/db/schema';
import {
  type PlatformAd,
  type PlatformCampaignRequest,
  PlatformError,
  SandboxConnector,
  SandboxControl,
} from '@server/platforms';
import { GraphConnector } from '@server/platforms/meta/graphConnector';
import { resetSandboxClock } from '@server/platforms/sandbox/clock';
import { graphAdAccountId } from '@server/platforms/sandbox/graph/wire';
import { issueSandboxTokens } from '@server/platforms/sandbox/oauthTokens';
import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { requestProblems, responseProblems } from '../contract/meta/reference';
import { freshDatabase } from '../support/db';
import {
  META_GRAPH_SETTINGS,
  META_GRAPH_URL,
  metaGrant,
  metaGraphApp,
  metaShortLivedToken,
} from '../support/metaGraphApp';
import { endReviews, LONG_REVIEW_MS } from '../support/reviews';

/**
 * The Meta connector (`graph`) against the local Graph API stand-in, over HTTP in-process: the real
 * connector code and the real wire formats (docs/platforms/meta.md).
 */

const { db } = await freshDatabase();
const control = new SandboxControl(db);
const REVIEW_MS = LONG_REVIEW_MS;
const { connector, exchanges, fetch } = metaGraphApp(db, { delayMs: 0, reviewMs: REVIEW_MS });

afterEach(async () => {
  await control.clearFailures();
  await resetSandboxClock(db);
});

type Json = Record<string, unknown>;

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

const AD: PlatformAd = {
  name: 'Spring look',
  format: 'single_image',
  texts: {
    primaryText: ['New season, new colours.'],
    headline: ['Spring is here'],
    description: ['Free returns'],
  },
  destination: 'https://shop.example/spring?utm_source=meta&utm_medium=paid_social&utm_campaign=spring',
  callToAction: 'SHOP_NOW',
  media: [
    {
      assetId: '00000000-0000-4000-8000-0000000000a1',
      kind: 'image',
      mimeType: 'image/png',
      width: 1080,
      height: 1080,
      durationMs: null,
      byteSize: 20_000,
      url: '/api/assets/00000000-0000-4000-8000-0000000000a1/file',
      focalX: 0.5,
      focalY: 0.5,
      crops: [],
    },
  ],
};

function request(over: Partial<PlatformCampaignRequest> = {}): PlatformCampaignRequest {
  return {
    reference: `ref-${Math.random().toString(16).slice(2)}`,
    campaignId: '00000000-0000-4000-8000-000000000001',
    name: 'Spring sale',
    objectiveId: 2,
    startDate: day(1),
    endDate: day(10),
    budgetMinor: 100_000,
    currency: 'EUR',
    adSet: {
      audience: {
        locations: ['DE', 'AT'],
        ageMin: 25,
        ageMax: 54,
        genders: ['female'],
        languages: ['de'],
        interests: ['6003639161770'],
      },
      bidStrategy: 'lowest_cost',
      costCapMinor: null,
      flights: [
        { startDate: day(1), endDate: day(5), amountMinor: 50_000, pacing: 'even' },
        { startDate: day(6), endDate: day(10), amountMinor: 50_000, pacing: 'front_loaded' },
      ],
    },
    ads: [AD],
    ...over,
  };
}

/** Reads until `done`, ending the reviews under way first (they last until a test ends them). */
async function until<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  await endReviews(db);
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('launch', () => {
  it('creates the campaign, an ad set per flight, the image, creative and ads, in review then active', async () => {
    const credentials = await metaGrant(db);
    exchanges.length = 0;
    const campaign = await connector.launch(request(), { credentials });
    expect(campaign).toEqual({
      externalId: expect.stringMatching(/^\d+$/),
      status: 'in_review',
      reason: null,
    });

    const posts = exchanges.filter((e) => e.method === 'POST').map((e) => e.url.replace(/^.*\/v27\.0\//, ''));
    const act = credentials.externalAccountId;
    expect(posts).toEqual([
      `${act}/campaigns`,
      `${act}/adsets`,
      `${act}/adimages`,
      `${act}/adcreatives`,
      `${act}/ads`,
      `${act}/adsets`,
      `${act}/adimages`,
      `${act}/adcreatives`,
      `${act}/ads`,
      campaign.externalId,
    ]);
    const adSet = exchanges.find((e) => e.url.endsWith('/adsets') && e.method === 'POST')!;
    expect(adSet.params).toMatchObject({
      lifetime_budget: '50000',
      billing_event: 'IMPRESSIONS',
      bid_strategy: 'LOWEST_COST_WITHOUT_CAP',
    });
    expect(JSON.parse(adSet.params.targeting!)).toMatchObject({
      geo_locations: { countries: ['DE', 'AT'] },
      age_min: 25,
      age_max: 54,
      genders: [2],
      flexible_spec: [{ interests: [{ id: '6003639161770' }] }],
      targeting_automation: { advantage_audience: 0 },
    });

    const active = await until(
      () => connector.status(campaign.externalId, { credentials }),
      (c) => c.status !== 'in_review',
    );
    expect(active.status).toBe('active');
  });

  it('a video ad waits for Meta to process the video, then carries its preferred thumbnail', async () => {
    const credentials = await metaGrant(db);
    const video: PlatformAd = {
      ...AD,
      name: 'Spring film',
      format: 'video',
      texts: { primaryText: ['New season, new colours.'], headline: ['Spring is here'] },
      media: [
        {
          ...AD.media[0]!,
          assetId: '00000000-0000-4000-8000-0000000000v1',
          kind: 'video',
          mimeType: 'video/mp4',
          width: 1080,
          height: 1920,
          durationMs: 15_000,
        },
      ],
    };
    const plan = request({ ads: [video] });
    plan.adSet!.flights = [plan.adSet!.flights[0]!];
    exchanges.length = 0;
    await connector.launch(plan, { credentials });
    // Another launch with the same video (or a retry) uses the upload Meta already processed.
    await connector.launch({ ...plan, reference: `${plan.reference}-again` }, { credentials });
    expect(exchanges.filter((e) => e.url.endsWith('/advideos'))).toHaveLength(1);
    const videoId = String((exchanges.find((e) => e.url.endsWith('/advideos'))!.body as { id: string }).id);
    const asked = exchanges
      .filter((e) => e.method === 'GET' && e.url.includes(`/${videoId}`))
      .map((e) => [e.url.replace(/^.*\/v27\.0\//, ''), JSON.stringify(e.body).includes('"processing"')]);
    // Processing when first asked, then ready; then its thumbnails (the second launch: ready at once).
    expect(asked).toEqual([
      [videoId, true],
      [videoId, false],
      [`${videoId}/thumbnails`, false],
      [videoId, false],
      [`${videoId}/thumbnails`, false],
    ]);
    const creative = exchanges.find((e) => e.url.endsWith('/adcreatives'))!;
    expect(JSON.parse(creative.params.object_story_spec!).video_data).toMatchObject({
      video_id: videoId,
      image_url: expect.stringMatching(new RegExp(`^https://.*/${videoId}_1\\.jpg$`)),
    });

    // A file Meta cannot read ends its processing in error: the planner is asked for another file.
    const unreadable = new GraphConnector('meta', 'Meta', META_GRAPH_SETTINGS, fetch, {
      readMedia: { original: async () => new TextEncoder().encode('not a movie'), cropped: async () => null },
    });
    await expect(
      unreadable.launch({ ...plan, reference: `${plan.reference}-b` }, { credentials }),
    ).rejects.toMatchObject({
      kind: 'validation',
      message: expect.stringMatching(
        /^Meta could not process the video \d+: upload it again, or another file\.$/,
      ),
    });
  });

  it('launching twice with one reference gives the same campaign, found by reference too', async () => {
    const credentials = await metaGrant(db);
    const plan = request();
    const first = await connector.launch(plan, { credentials });
    const second = await connector.launch(plan, { credentials });
    expect(second.externalId).toBe(first.externalId);
    expect((await connector.findByReference(plan.reference, { credentials }))?.externalId).toBe(
      first.externalId,
    );
    expect(await connector.findByReference('never-launched', { credentials })).toBeNull();
  });

  it('a campaign named "reject" is disapproved in review, with the review feedback as reason', async () => {
    const credentials = await metaGrant(db);
    const campaign = await connector.launch(request({ name: 'Spring reject-meta' }), { credentials });
    const settled = await until(
      () => connector.status(campaign.externalId, { credentials }),
      (c) => c.status !== 'in_review',
    );
    expect(settled.status).toBe('rejected');
    expect(settled.reason).toContain('do not comply with its advertising policies');
  });
});

describe('errors', () => {
  it('an expired token is credentials_expired', async () => {
    const credentials = await metaGrant(db);
    await control.injectFailure('meta', 'expired_credential', { operation: 'launch' });
    await expect(connector.launch(request(), { credentials })).rejects.toMatchObject({
      kind: 'credentials_expired',
    });
  });

  it('throttling is rate_limited with the header wait', async () => {
    const credentials = await metaGrant(db);
    await control.injectFailure('meta', 'rate_limit', { operation: 'launch', retryAfterSeconds: 7 });
    const error = await connector.launch(request(), { credentials }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PlatformError);
    expect(error).toMatchObject({ kind: 'rate_limited', retryAfterSeconds: 7 });
    await control.injectFailure('meta', 'rate_limit', { operation: 'launch', retryAfterSeconds: 120 });
    await expect(connector.launch(request(), { credentials })).rejects.toMatchObject({
      kind: 'rate_limited',
      retryAfterSeconds: 120,
    });
  });
});

const live = async (plan: PlatformCampaignRequest, credentials: Awaited<ReturnType<typeof metaGrant>>) => {
  const campaign = await connector.launch(plan, { credentials });
  return until(
    () => connector.status(campaign.externalId, { credentials }),
    (c) => c.status !== 'in_review',
  );
};

describe('connect', () => {
  async function shortLivedToken(scope: string) {
    const token = await metaShortLivedToken(db, fetch, scope);
    expect(token).toEqual({ access_token: expect.any(String), token_type: 'bearer', expires_in: 7200 });
    return String(token.access_token);
  }

  it('exchanges for a 60-day token, reads its permissions and offers the active ad accounts', async () => {
    const accessToken = await shortLivedToken('ads_management ads_read business_management');
    const grant = await connector.completeGrant({
      accessToken,
      refreshToken: null,
      accessExpiresAt: new Date(Date.now() + 7_200_000),
      refreshExpiresAt: null,
      scope: 'ads_management ads_read business_management',
    });
    expect(grant.tokens.accessToken).not.toBe(accessToken);
    expect(grant.tokens.refreshToken).toBeNull();
    const days = (grant.tokens.accessExpiresAt.getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(59);
    expect(grant.tokens.scope.split(' ')).toEqual(expect.arrayContaining(['ads_management', 'ads_read']));
    expect(grant.adAccounts).toEqual([
      {
        id: expect.stringMatching(/^act_\d+$/),
        name: 'Main account',
        currency: 'EUR',
        managerId: null,
        managerName: null,
      },
    ]);

    // Disconnect hands the grant back (DELETE /me/permissions): the token stops working.
    await connector.revokeGrant(grant.tokens.accessToken);
    const credentials = { accessToken: grant.tokens.accessToken, externalAccountId: grant.adAccounts[0]!.id };
    await expect(connector.findByReference('x', { credentials })).rejects.toMatchObject({
      kind: 'credentials_expired',
    });
  });

  it('refuses a grant without ads_read, naming it', async () => {
    const accessToken = await shortLivedToken('ads_management');
    const error = await connector
      .completeGrant({
        accessToken,
        refreshToken: null,
        accessExpiresAt: new Date(),
        refreshExpiresAt: null,
        scope: '',
      })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ kind: 'credentials_expired' });
    expect((error as Error).message).toContain('ads_read');
  });
});

describe('pre-flight and refusals', () => {
  it('the campaign validates (validate_only) without creating anything', async () => {
    const credentials = await metaGrant(db);
    const plan = request();
    exchanges.length = 0;
    await connector.validate(plan, { credentials, purpose: 'preflight' });
    const post = exchanges.find((e) => e.method === 'POST')!;
    expect(post.params.execution_options).toBe('["validate_only"]');
    expect(post.body).toEqual({ success: true });
    expect(await connector.findByReference(plan.reference, { credentials })).toBeNull();
  });

  it('before the campaign exists, checks the ad sets’ targeting against the ad account: a retired interest is refused', async () => {
    const credentials = await metaGrant(db);
    const plan = request();
    plan.adSet!.audience.interests = ['6003000000001'];
    exchanges.length = 0;
    await expect(connector.validate(plan, { credentials, purpose: 'preflight' })).rejects.toMatchObject({
      kind: 'validation',
      message: expect.stringContaining('6003000000001'),
    });
    expect(exchanges.some((e) => e.method === 'GET' && e.url.includes('/delivery_estimate'))).toBe(true);
    expect(exchanges.filter((e) => e.method === 'POST' && !e.params.execution_options)).toEqual([]);
  });

  it('refuses a plan in another currency than the ad account bills in, before creating anything', async () => {
    const credentials = await metaGrant(db);
    const plan = request({ currency: 'USD' });
    exchanges.length = 0;
    const message = `Meta bills the ad account ${credentials.externalAccountId} in EUR, and this plan is in USD: plan in EUR, or connect an ad account that bills in USD.`;
    await expect(connector.validate(plan, { credentials, purpose: 'preflight' })).rejects.toMatchObject({
      kind: 'validation',
      message,
    });
    await expect(connector.launch(plan, { credentials })).rejects.toMatchObject({
      kind: 'validation',
      message,
    });
    expect(exchanges.filter((e) => e.method === 'POST')).toEqual([]);
    expect(await connector.findByReference(plan.reference, { credentials })).toBeNull();
  });

  it('refuses an ad set the platform refuses, in its words', async () => {
    const credentials = await metaGrant(db);
    const plan = request({ objectiveId: 4 });
    plan.adSet!.audience.ageMin = 16;
    await expect(connector.launch(plan, { credentials })).rejects.toMatchObject({
      kind: 'validation',
      message: 'Meta targets people 18 and over for Leads campaigns, not from 16.',
    });
  });

  it('refuses an ad that breaks the creative specs', async () => {
    const credentials = await metaGrant(db);
    const plan = request({ ads: [{ ...AD, texts: { ...AD.texts, headline: ['x'.repeat(300)] } }] });
    await expect(connector.launch(plan, { credentials })).rejects.toMatchObject({ kind: 'validation' });
  });

  it('an injected validation failure answers code 100 in Meta words', async () => {
    const credentials = await metaGrant(db);
    await control.injectFailure('meta', 'validation', {
      operation: 'preflight',
      message: 'The ad text is too long.',
    });
    await expect(connector.validate(request(), { credentials, purpose: 'preflight' })).rejects.toMatchObject({
      kind: 'validation',
      message: 'The ad text is too long.',
    });
  });
});

describe('running campaigns', () => {
  it('pauses, resumes and deletes; a deleted campaign is not found', async () => {
    const credentials = await metaGrant(db);
    const campaign = await live(request(), credentials);
    expect(await connector.pause(campaign.externalId, { credentials })).toMatchObject({ status: 'paused' });
    expect(await connector.resume(campaign.externalId, { credentials })).toMatchObject({ status: 'active' });
    await connector.delete(campaign.externalId, { credentials });
    expect(await connector.status(campaign.externalId, { credentials })).toMatchObject({ status: 'deleted' });
    await expect(connector.delete(campaign.externalId, { credentials })).rejects.toMatchObject({
      kind: 'not_found',
    });
    await expect(connector.status('120299999999999999', { credentials })).rejects.toMatchObject({
      kind: 'not_found',
    });
  });

  it('updates budgets and ads as field changes, once per update reference, with the warnings first', async () => {
    const credentials = await metaGrant(db);
    const plan = request();
    const campaign = await live(plan, credentials);
    const changed: PlatformCampaignRequest = {
      ...plan,
      reference: `update-${Math.random()}`,
      budgetMinor: 160_000,
      adSet: {
        ...plan.adSet!,
        flights: [
          { ...plan.adSet!.flights[0]!, amountMinor: 80_000 },
          { ...plan.adSet!.flights[1]!, amountMinor: 80_000 },
        ],
      },
      ads: [AD, { ...AD, name: 'Summer look' }],
    };
    const warnings = await connector.validateUpdate(campaign.externalId, changed, { credentials });
    expect(warnings).toContain(
      'Meta: the budget moves from €500.00 to €800.00, more than 20 %: the learning phase starts again.',
    );

    exchanges.length = 0;
    await connector.update(campaign.externalId, changed, { credentials });
    const adSetUpdates = exchanges.filter(
      (e) => e.method === 'POST' && /\/\d+$/.test(e.url) && e.params.lifetime_budget,
    );
    expect(adSetUpdates.map((e) => e.params.lifetime_budget)).toEqual(['80000', '80000']);
    expect(exchanges.filter((e) => e.method === 'POST' && e.url.endsWith('/ads'))).toHaveLength(2);

    exchanges.length = 0;
    await connector.update(campaign.externalId, changed, { credentials });
    expect(exchanges.filter((e) => e.method === 'POST')).toHaveLength(0);
  });
});

describe('changing the ads of a live campaign', () => {
  /** The campaign's ads as Meta holds them: name, status, and the headline of each one's creative. */
  const adsOf = async (campaignId: string, accessToken: string) => {
    const url = new URL(`${META_GRAPH_URL}/${META_GRAPH_SETTINGS.version}/${campaignId}/ads`);
    url.searchParams.set('fields', 'id,name,status,creative');
    url.searchParams.set('limit', '100');
    url.searchParams.set('access_token', accessToken);
    const answer = (await (await fetch(url.toString(), { method: 'GET' })).json()) as {
      data: { name: string; status: string; creative?: { id: string } }[];
    };
    return Promise.all(
      answer.data.map(async (ad) => {
        const creative = new URL(`${META_GRAPH_URL}/${META_GRAPH_SETTINGS.version}/${ad.creative?.id}`);
        creative.searchParams.set('fields', 'object_story_spec');
        creative.searchParams.set('access_token', accessToken);
        const spec = (await (await fetch(creative.toString(), { method: 'GET' })).json()) as Json;
        return { ...ad, story: JSON.stringify(spec.object_story_spec) };
      }),
    );
  };
  const running = (ads: Awaited<ReturnType<typeof adsOf>>) =>
    ads.filter((ad) => ad.status === 'ACTIVE').map((ad) => ad.name.replace(/ (· [0-9a-f]+|#\d+)$/, ''));

  it('runs exactly the plan’s ads: a changed ad replaces its old self, a removed one pauses, one brought back resumes', async () => {
    const credentials = await metaGrant(db);
    const summer: PlatformAd = { ...AD, name: 'Summer look' };
    const plan = request({
      ads: [AD, summer],
      adSet: { ...request().adSet!, flights: [request().adSet!.flights[0]!] },
    });
    const campaign = await live(plan, credentials);
    expect(running(await adsOf(campaign.externalId, credentials.accessToken)).sort()).toEqual([
      'Spring look',
      'Summer look',
    ]);

    // The first ad's headline is rewritten; the second is taken out.
    const rewritten: PlatformAd = { ...AD, texts: { ...AD.texts, headline: ['Spring, delivered free'] } };
    await connector.update(
      campaign.externalId,
      { ...plan, reference: `u1-${Math.random()}`, ads: [rewritten] },
      { credentials },
    );
    let ads = await adsOf(campaign.externalId, credentials.accessToken);
    expect(running(ads)).toEqual(['Spring look']);
    const live1 = ads.find((ad) => ad.status === 'ACTIVE')!;
    expect(live1.story).toContain('Spring, delivered free');

    // Back to the plan as launched: its two ads run again, resumed rather than made anew.
    const before = ads.length;
    await connector.update(
      campaign.externalId,
      { ...plan, reference: `u2-${Math.random()}` },
      { credentials },
    );
    ads = await adsOf(campaign.externalId, credentials.accessToken);
    expect(running(ads).sort()).toEqual(['Spring look', 'Summer look']);
    expect(ads).toHaveLength(before);
  });
});

describe('delivery', () => {
  it('reports what the in-process sandbox reports for the same plan, restatements included', async () => {
    const credentials = await metaGrant(db);
    const plan = request({
      startDate: day(0),
      adSet: {
        ...request().adSet!,
        flights: [
          { startDate: day(0), endDate: day(4), amountMinor: 50_000, pacing: 'even' },
          { startDate: day(5), endDate: day(10), amountMinor: 50_000, pacing: 'front_loaded' },
        ],
      },
    });
    const graph = await live(plan, credentials);
    const sandbox = new SandboxConnector('meta', 'Meta', db, { delayMs: 0, reviewMs: REVIEW_MS });
    const sandboxCredentials = await metaGrant(db, 'meta-act-compare');
    const sandboxCampaign = await sandbox.launch(plan, {
      credentials: { ...sandboxCredentials, externalAccountId: 'meta-act-compare' },
    });
    const sbxOptions = { credentials: { ...sandboxCredentials, externalAccountId: 'meta-act-compare' } };
    await until(
      () => sandbox.status(sandboxCampaign.externalId, sbxOptions),
      (c) => c.status === 'active',
    );
    // The generator draws from the campaign's id: the same id on both, so the same numbers.
    await db
      .update(sandboxPlatformCampaigns)
      .set({ externalId: graph.externalId })
      .where(eq(sandboxPlatformCampaigns.externalId, sandboxCampaign.externalId));
    sandboxCampaign.externalId = graph.externalId;

    await control.advanceClock(4);
    const first = await connector.delivery(
      { externalIds: [graph.externalId], since: day(0) },
      { credentials },
    );
    const expected = await sandbox.delivery(
      { externalIds: [sandboxCampaign.externalId], since: day(0) },
      sbxOptions,
    );
    expect(first.rows.length).toBeGreaterThan(0);
    expect(first.rows.map(({ date, counts }) => ({ date, counts }))).toEqual(
      expected.rows.map(({ date, counts }) => ({ date, counts })),
    );
    expect(first.through).toBe(expected.through);

    await control.advanceClock(1);
    const later = await connector.delivery(
      { externalIds: [graph.externalId], since: day(0) },
      { credentials },
    );
    const restated = await sandbox.delivery(
      { externalIds: [sandboxCampaign.externalId], since: day(0) },
      sbxOptions,
    );
    expect(later.rows.map(({ date, counts }) => ({ date, counts }))).toEqual(
      restated.rows.map(({ date, counts }) => ({ date, counts })),
    );
    // A later sync restates recent days: the same day reads differently now.
    const before = new Map(first.rows.map((r) => [r.date, r.counts]));
    expect(
      later.rows.some(
        (r) => before.has(r.date) && JSON.stringify(before.get(r.date)) !== JSON.stringify(r.counts),
      ),
    ).toBe(true);
    expect(later.through).toBe(restated.through);
    const insights = exchanges.filter((e) => e.url.endsWith('/insights')).at(-1)!;
    expect(insights.params).toMatchObject({ level: 'campaign', time_increment: '1' });
  });

  it('reads a long range as an asynchronous report run, with the same figures', async () => {
    const credentials = await metaGrant(db);
    const plan = request({
      startDate: day(0),
      adSet: {
        ...request().adSet!,
        flights: [{ startDate: day(0), endDate: day(10), amountMinor: 100_000, pacing: 'even' }],
      },
    });
    const campaign = await live(plan, credentials);
    await control.advanceClock(3);
    const short = await connector.delivery(
      { externalIds: [campaign.externalId], since: day(0) },
      { credentials },
    );
    expect(short.rows.length).toBeGreaterThan(0);
    exchanges.length = 0;
    // 40 days back: more than Meta answers comfortably at once.
    const long = await connector.delivery(
      { externalIds: [campaign.externalId], since: day(-40) },
      { credentials },
    );
    expect(long).toEqual(short);
    const calls = exchanges.map(
      (e) => `${e.method} ${e.url.replace(/^.*\/v27\.0\//, '').replace(/\?.*$/, '')}`,
    );
    const act = credentials.externalAccountId;
    expect(calls[0]).toBe(`POST ${act}/insights`);
    const run = calls[1]!.replace(/^GET /, '');
    expect(run).toMatch(/^\d+$/);
    expect(calls.slice(1)).toEqual([`GET ${run}`, `GET ${run}/insights`]);
    expect(exchanges[0]!.params).toMatchObject({ level: 'campaign', time_increment: '1' });
    // As the published reference has them, both ways.
    expect(exchanges.flatMap((e) => [...requestProblems(e), ...responseProblems(e)])).toEqual([]);
  });

  it('another ad account sees nothing of the campaign', async () => {
    const credentials = await metaGrant(db);
    const campaign = await live(request(), credentials);
    const other = await metaGrant(db);
    await expect(connector.status(campaign.externalId, { credentials: other })).rejects.toMatchObject({
      kind: 'not_found',
    });
    const report = await connector.delivery(
      { externalIds: [campaign.externalId], since: day(-3) },
      { credentials: other },
    );
    expect(report.rows).toEqual([]);
  });
});

describe('access', () => {
  it('an expired token is answered with code 190 and is credentials_expired', async () => {
    const hoursAgo = new Date(Date.now() - 3 * 3_600_000);
    const tokens = await issueSandboxTokens(
      db,
      {
        platformKey: 'meta',
        clientId: 'flightplan',
        externalAccountId: 'meta-act-expired',
        scope: 'ads_management ads_read',
      },
      hoursAgo,
      { accessMs: 3_600_000, refreshMs: 3_600_000 },
    );
    const credentials = {
      accessToken: tokens.accessToken,
      externalAccountId: graphAdAccountId('meta-act-expired'),
    };
    exchanges.length = 0;
    await expect(connector.status('120200000000000001', { credentials })).rejects.toMatchObject({
      kind: 'credentials_expired',
    });
    expect(exchanges[0]!.body).toMatchObject({
      error: { code: 190, error_subcode: 463, type: 'OAuthException' },
    });
  });

  it('a revoked grant is credentials_expired', async () => {
    const credentials = await metaGrant(db);
    await control.revokeGrants('meta', credentials.sandboxAccountId);
    await expect(connector.launch(request(), { credentials })).rejects.toMatchObject({
      kind: 'credentials_expired',
    });
  });
});

describe('planning', () => {
  it('searches interests and reads them back by id, in the order asked', async () => {
    const found = await connector.searchInterests('travel', 5);
    expect(found[0]).toMatchObject({ id: '6003639161770', name: 'Travel', path: ['Hobbies and activities'] });
    const byId = await connector.interestsByIds(['6003469750945', 'nope', '6003639161770']);
    expect(byId.map((i) => i.name)).toEqual(['Beaches', 'Travel']);
  });

  it('estimates the audience from the delivery estimate of the ad account', async () => {
    const credentials = await metaGrant(db);
    const query = { objectiveId: 2, audience: request().adSet!.audience, dailyBudgetMinor: null };
    const estimate = await connector.estimateAudience(query, { credentials });
    const sandbox = await new SandboxConnector('meta', 'Meta', db, {
      delayMs: 0,
      reviewMs: 0,
    }).estimateAudience(query);
    expect(estimate).toEqual(sandbox);
    await expect(
      connector.estimateAudience(
        { ...query, audience: { ...query.audience, interests: ['404'] } },
        { credentials },
      ),
    ).rejects.toMatchObject({ kind: 'validation' });
  });
});

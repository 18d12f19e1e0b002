import { randomUUID } from 'node:crypto';
import { CAMPAIGN_NOT_FOUND_MESSAGE } from '@contract/campaigns';
import type { Ad } from '@contract/creative';
import { completedSteps, type Plan, type PreflightCheck, type RulesByPlatform } from '@contract/planning';
import { PLATFORMS } from '@contract/reference';
import * as t from '@server/db/schema';
import { platformRequest } from '@server/planning/adSet';
import { SANDBOX_CREATIVE } from '@server/platforms/sandbox/data/creative';
import { FITS_ALL_IMAGE } from '@tooling/fixtures/creative';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { platformConnectors } from '../support/connectors';
import { accountOfCampaign, insertAsset } from '../support/creative';
import { freshDatabase } from '../support/db';
import { signedIn, TestClient, testApp } from '../support/http';
import { planCampaign, TEST_RULES, testConnectors, withRules } from '../support/planning';

/**
 * The creative step's save (PUT /planning/wizard/{id}/creative) against real PostgreSQL: the ads checked
 * against each platform's specs with the facts of the account's own assets, written in order with their
 * ids kept; the launch gate and the platforms' own word on the ads at pre-flight.
 */

const { db } = await freshDatabase();
let demo: TestClient;
let rival: TestClient;
let rivalCampaignId: string;

beforeAll(async () => {
  demo = await signedIn(db, 'demo', { connectors: testConnectors(db) });
  rival = await signedIn(db, 'rival', { connectors: testConnectors(db) });
  rivalCampaignId = (await rival.get<{ id: string }[]>('/api/campaigns?_end=1')).body[0]!.id;
});

const JSON_ACCEPT = { accept: 'application/json' };
const getPlan = async (id: string, client = demo) =>
  (await client.get<Plan>(`/planning/wizard/${id}`, JSON_ACCEPT)).body;
const putCreative = (id: string, version: number, ads: unknown[], client = demo) =>
  client.put(`/planning/wizard/${id}/creative`, { version, ads });
const sent = (plan: Plan): Ad[] => plan.ads.map((ad) => ({ ...ad }));

describe('PUT /planning/wizard/{id}/creative', () => {
  it('saves the ads in order with their assets, keeps the ids of the plan’s ads, drops the ads not sent', async () => {
    const { id, plan } = await planCampaign(demo, { db, platforms: ['meta', 'google'] });
    expect(plan.ads.map((ad) => [ad.platform, ad.format])).toEqual([
      ['meta', 'single_image'],
      ['google', 'single_image'],
    ]);
    expect(plan.assets.map((a) => [a.kind, a.width, a.height])).toEqual([['image', 1215, 2160]]);
    const [meta, google] = sent(plan);
    const second = {
      ...meta!,
      id: undefined,
      name: 'Second Meta ad',
      assets: [{ ...meta!.assets[0]!, focalY: 0.2 }],
    };
    const res = await putCreative(id, plan.campaign.version, [google, second, meta]);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const saved = res.body as Plan;
    expect(saved.campaign.version).toBe(plan.campaign.version + 1);
    expect(saved.ads.map((ad) => ad.name)).toEqual(['Google Ads ad', 'Second Meta ad', 'Meta ad']);
    expect(saved.ads[0]!.id).toBe(google!.id);
    expect(saved.ads[2]!.id).toBe(meta!.id);
    expect(saved.ads[1]!.id).not.toBe(meta!.id);
    expect(saved.ads[1]!.assets).toEqual([{ assetId: meta!.assets[0]!.assetId, focalX: 0.5, focalY: 0.2 }]);
    expect(await getPlan(id)).toEqual(saved);

    const fewer = await putCreative(id, saved.campaign.version, [saved.ads[1], saved.ads[0]]);
    expect(fewer.status).toBe(200);
    expect(fewer.body.ads.map((ad: Ad) => ad.id)).toEqual([saved.ads[1]!.id, saved.ads[0]!.id]);
    const rows = await db.select().from(t.campaignAds).where(eq(t.campaignAds.campaignId, id));
    expect(rows).toHaveLength(2);
  });

  it('names each invalid field at its dot path (400) and saves nothing', async () => {
    const { id, plan } = await planCampaign(demo, {
      db,
      platforms: ['meta', 'tiktok'],
      budgetMinor: 200_000,
    });
    const [meta, tiktok] = sent(plan);
    const missingAsset = randomUUID();
    const otherPlan = await planCampaign(demo, { db, platforms: ['meta'] });
    const cases: [unknown[], string, string | RegExp][] = [
      [
        [{ ...meta, texts: { ...meta!.texts, primaryText: ['x'.repeat(2201)] } }, tiktok],
        'ads.0.texts.primaryText',
        'Meta allows at most 2,200 characters here (this has 2,201)',
      ],
      [
        [meta, { ...tiktok, texts: { ...tiktok!.texts, adText: ['👋🏽'.repeat(101)] } }],
        'ads.1.texts.adText',
        'TikTok allows at most 100 characters here (this has 101)',
      ],
      [[{ ...meta, destinationUrl: 'http://example.com' }, tiktok], 'ads.0.destinationUrl', /https:\/\//],
      [
        [{ ...meta, callToAction: 'BUY_IT' }, tiktok],
        'ads.0.callToAction',
        "Choose one of Meta's calls to action",
      ],
      [
        [{ ...meta, format: 'responsive_search' }, tiktok],
        'ads.0.format',
        'Meta does not run responsive search ad ads',
      ],
      [[meta, { ...tiktok, platform: 'google' }], 'ads.1.platform', 'Google Ads is not in this plan'],
      [
        [{ ...meta, assets: [{ assetId: missingAsset, focalX: 0.5, focalY: 0.5 }] }, tiktok],
        'ads.0.assets.0.assetId',
        'Asset not found',
      ],
      [
        [{ ...meta, assets: [{ assetId: 'not-a-uuid', focalX: 0.5, focalY: 0.5 }] }, tiktok],
        'ads.0.assets.0.assetId',
        'Choose an asset from the library',
      ],
      [
        [{ ...meta, assets: [{ ...meta!.assets[0], focalX: 2 }] }, tiktok],
        'ads.0.assets.0.focalX',
        'Pick the focal point inside the picture',
      ],
      [[meta, { ...tiktok, id: randomUUID() }], 'ads.1.id', 'Unknown ad'],
      [[meta, { ...tiktok, id: otherPlan.plan.ads[0]!.id }], 'ads.1.id', 'Unknown ad'],
      [[meta, { ...tiktok, id: 'nope' }], 'ads.1.id', 'Unknown ad'],
      [[{ ...meta, name: '' }, tiktok], 'ads.0.name', 'Name the ad'],
    ];
    for (const [ads, path, message] of cases) {
      const res = await putCreative(id, plan.campaign.version, ads);
      expect([path, res.status], JSON.stringify(res.body)).toEqual([path, 400]);
      expect(res.body.validationErrors?.[path]?.message, path).toMatch(message);
    }
    expect(await getPlan(id)).toEqual(plan);
  });

  it('saves ads still incomplete (200) and refuses only a rule broken as typed (400); the launch waits (422)', async () => {
    const { id, plan } = await planCampaign(demo, {
      db,
      platforms: ['meta', 'tiktok'],
      budgetMinor: 200_000,
    });
    const [meta] = sent(plan);
    // Meta's ad begun (no primary text, picture or destination yet), TikTok's not at all.
    const begun = { ...meta!, texts: { ...meta!.texts, primaryText: [] }, assets: [], destinationUrl: '' };
    const res = await putCreative(id, plan.campaign.version, [begun]);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const saved = res.body as Plan;
    expect(saved.ads.map((ad) => [ad.platform, ad.texts.primaryText, ad.assets, ad.destinationUrl])).toEqual([
      ['meta', [], [], ''],
    ]);
    expect(await getPlan(id)).toEqual(saved);
    expect(completedSteps(saved, TEST_RULES, new Date().toISOString().slice(0, 10))).not.toContain(
      'creative',
    );

    const tooLong = await putCreative(id, saved.campaign.version, [
      { ...begun, texts: { ...begun.texts, primaryText: ['x'.repeat(2201)] } },
    ]);
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.validationErrors).toEqual({
      'ads.0.texts.primaryText': { message: 'Meta allows at most 2,200 characters here (this has 2,201)' },
    });
    expect(await getPlan(id)).toEqual(saved);

    const launch = await demo.post(`/planning/wizard/${id}/review`, {});
    expect([launch.status, launch.body.errorCode]).toEqual([422, 'CAMPAIGN_INCOMPLETE']);
    expect((await getPlan(id)).campaign.status).toBe('draft');
  });

  it("answers an asset of another account exactly like a missing one: 'Asset not found'", async () => {
    const { id, plan } = await planCampaign(demo, { db, platforms: ['meta'] });
    const foreign = await insertAsset(db, await accountOfCampaign(db, rivalCampaignId), FITS_ALL_IMAGE);
    const answers = [];
    for (const assetId of [foreign, randomUUID()]) {
      const res = await putCreative(id, plan.campaign.version, [
        { ...sent(plan)[0], assets: [{ assetId, focalX: 0.5, focalY: 0.5 }] },
      ]);
      expect(res.status).toBe(400);
      answers.push(res.body.validationErrors);
    }
    expect(answers[0]).toEqual({ 'ads.0.assets.0.assetId': { message: 'Asset not found' } });
    expect(answers[1]).toEqual(answers[0]);
  });

  it('refuses a picture too small for a placement, naming the placement and the pixels', async () => {
    const { id, plan } = await planCampaign(demo, { db, platforms: ['snapchat'] });
    const small = await insertAsset(db, await accountOfCampaign(db, id), {
      ...FITS_ALL_IMAGE,
      width: 720,
      height: 1280,
    });
    const res = await putCreative(id, plan.campaign.version, [
      { ...sent(plan)[0], assets: [{ assetId: small, focalX: 0.5, focalY: 0.5 }] },
    ]);
    expect(res.status).toBe(400);
    expect(res.body.validationErrors['ads.0.assets.0.assetId'].message).toBe(
      'Snapchat Between Stories and Spotlight needs at least 1080 × 1920 pixels at 9:16; this picture gives 720 × 1280',
    );
  });

  it('refuses a stale version (409), a foreign or missing campaign (404), other methods (405)', async () => {
    const { id, plan } = await planCampaign(demo, { db, platforms: ['meta'] });
    const ads = sent(plan);
    expect((await putCreative(id, plan.campaign.version, ads)).status).toBe(200);
    const stale = await putCreative(id, plan.campaign.version, ads);
    expect([stale.status, stale.body.errorCode]).toEqual([409, 'PLAN_VERSION_CONFLICT']);
    for (const other of [rivalCampaignId, randomUUID(), 'x']) {
      const res = await putCreative(other, 1, ads);
      expect([res.status, res.body]).toEqual([404, { message: CAMPAIGN_NOT_FOUND_MESSAGE }]);
    }
    for (const method of ['GET', 'POST', 'PATCH', 'DELETE']) {
      const res = await demo.request(
        method,
        `/planning/wizard/${id}/creative`,
        method === 'GET' ? undefined : {},
        JSON_ACCEPT,
      );
      expect([method, res.status, res.headers.get('allow')]).toEqual([method, 405, 'PUT']);
    }
  });

  it('is locked on a completed campaign (409 CAMPAIGN_FIELD_LOCKED) and changes nothing', async () => {
    // A live campaign's ads change as a change to apply (tests/api/live-change.test.ts); a completed one's not.
    const { id, plan } = await planCampaign(demo, { db, platforms: ['meta'] });
    await db.update(t.campaigns).set({ status: 'completed' }).where(eq(t.campaigns.id, id));
    const res = await putCreative(id, plan.campaign.version, [{ ...sent(plan)[0], name: 'Changed' }]);
    expect([res.status, res.body.errorCode]).toEqual([409, 'CAMPAIGN_FIELD_LOCKED']);
    const live = await getPlan(id);
    expect(live.ads.map((ad) => ad.name)).toEqual(['Meta ad']);
    expect(live.editableSteps).not.toContain('creative');
  });
});

describe('the creative step in the rest of the plan', () => {
  it('dropping a platform in the platforms step drops its ads in the same save', async () => {
    const { id, plan } = await planCampaign(demo, {
      db,
      platforms: ['meta', 'google', 'linkedin'],
      budgetMinor: 300_000,
    });
    expect(plan.ads.map((ad) => ad.platform)).toEqual(['meta', 'google', 'linkedin']);
    const res = await demo.put(`/planning/wizard/${id}/platforms`, {
      version: plan.campaign.version,
      platforms: ['meta', 'linkedin'],
      budgetMinor: 200_000,
      splitMode: 'amount',
      allocations: { meta: plan.allocations.meta, linkedin: plan.allocations.linkedin },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.ads.map((ad: Ad) => ad.platform)).toEqual(['meta', 'linkedin']);
    expect(res.body.ads.map((ad: Ad) => ad.id)).toEqual([plan.ads[0]!.id, plan.ads[2]!.id]);
  });

  it('refuses to launch a plan without an ad for each platform (422), naming them', async () => {
    const { id } = await planCampaign(demo, { db, platforms: ['meta', 'google'], until: 'schedule' });
    const res = await demo.post(`/planning/wizard/${id}/review`, {});
    expect([res.status, res.body.errorCode]).toEqual([422, 'CAMPAIGN_INCOMPLETE']);
    expect(res.body.businessError.message).toBe('Add an ad for Meta and Google Ads');
    expect((await getPlan(id)).campaign.status).toBe('draft');
  });

  it('sends each platform its ads: final URL with UTM, each picture with its facts, file path and crops', async () => {
    const { id, plan } = await planCampaign(demo, { db, name: 'Spring Sale', platforms: ['meta', 'google'] });
    const connectors = testConnectors(db);
    const request = await platformRequest(
      db,
      connectors.get('meta')!,
      { ...plan.campaign, platforms: plan.platforms },
      'ref',
    );
    const asset = plan.assets[0]!;
    expect(request.ads).toEqual([
      {
        name: 'Meta ad',
        format: 'single_image',
        texts: plan.ads[0]!.texts,
        destination:
          'https://example.com/offer?utm_source=facebook&utm_medium=paid_social&utm_campaign=spring_sale&utm_content=meta_ad',
        callToAction: plan.ads[0]!.callToAction,
        media: [
          {
            assetId: asset.id,
            kind: 'image',
            mimeType: 'image/png',
            width: 1215,
            height: 2160,
            durationMs: null,
            byteSize: 400_000,
            url: `/api/assets/${asset.id}/file`,
            focalX: 0.5,
            focalY: 0.5,
            // Facebook Feed 1:1, 4:5, 1.91:1; Instagram Feed 4:5, 1:1; Stories 9:16: each ratio once.
            crops: [
              { aspect: '1:1', left: 0, top: 473, width: 1215, height: 1215 },
              { aspect: '4:5', left: 0, top: 321, width: 1215, height: 1519 },
              { aspect: '1.91:1', left: 0, top: 762, width: 1215, height: 636 },
              { aspect: '9:16', left: 0, top: 0, width: 1215, height: 2160 },
            ],
          },
        ],
      },
    ]);
    expect(id).toBe(plan.campaign.id);
  });

  it("shows the platform's refusal of an ad at pre-flight when our specs were looser than the platform's", async () => {
    // Our rules let TikTok's ad text run to 200 characters; the sandbox platform keeps its own 100.
    const tiktok = TEST_RULES.tiktok!;
    const loose: RulesByPlatform = {
      ...TEST_RULES,
      tiktok: {
        ...tiktok,
        creative: {
          ...tiktok.creative,
          formats: tiktok.creative.formats.map((f) => ({
            ...f,
            texts: f.texts.map((x) => (x.key === 'adText' ? { ...x, maxLength: 200 } : x)),
          })),
        },
      },
    };
    const client = await signedIn(db, 'demo', {
      connectors: withRules(platformConnectors(db, { delayMs: 0, reviewMs: 50 }), loose),
    });
    const { id, plan } = await planCampaign(client, {
      db,
      rules: loose,
      platforms: ['tiktok'],
      budgetMinor: 100_000,
    });
    const ad = sent(plan)[0]!;
    const saved = await putCreative(
      id,
      plan.campaign.version,
      [{ ...ad, texts: { ...ad.texts, adText: ['a'.repeat(104)] } }],
      client,
    );
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const res = await client.get<PreflightCheck[]>(`/planning/wizard/${id}/preflight`, JSON_ACCEPT);
    expect(res.body).toEqual([
      {
        platform: 'tiktok',
        displayName: 'TikTok',
        result: 'refused',
        message: 'Ad "TikTok ad": TikTok allows at most 100 characters here (this has 104)',
      },
    ]);
  });

  it('a duplicate keeps the ads of its source', async () => {
    const { id, plan } = await planCampaign(demo, { db, platforms: ['meta'] });
    const copy = await demo.post<{ campaignId: string }>('/data/campaigns/duplicate', {
      campaignId: id,
      name: 'Copy',
    });
    expect(copy.status, JSON.stringify(copy.body)).toBe(201);
    const copied = await getPlan(copy.body.campaignId);
    expect(copied.ads.map(({ id: _id, ...ad }) => ad)).toEqual(plan.ads.map(({ id: _id, ...ad }) => ad));
    expect(copied.ads[0]!.id).not.toBe(plan.ads[0]!.id);
  });
});

describe('GET /planning/creative-specs', () => {
  it("answers every platform's creative specs by key, for signed-in people, GET only", async () => {
    const res = await demo.get('/planning/creative-specs', JSON_ACCEPT);
    expect(res.status).toBe(200);
    expect(res.body).toEqual(SANDBOX_CREATIVE);
    expect(Object.keys(res.body)).toEqual(PLATFORMS.map((p) => p.key));
    expect(res.headers.get('cache-control')).toBe('private, max-age=300');
    const anonymous = await new TestClient(testApp(db)).get('/planning/creative-specs', JSON_ACCEPT);
    expect(anonymous.status).toBe(401);
    const post = await demo.post('/planning/creative-specs', {});
    expect([post.status, post.headers.get('allow')]).toEqual([405, 'GET']);
  });
});

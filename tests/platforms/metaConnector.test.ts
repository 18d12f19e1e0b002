import {
  type PlatformAd,
  type PlatformCampaignRequest,
  PlatformError,
  SandboxControl,
} from '@server/platforms';
import { afterEach, describe, expect, it } from 'vitest';
import { freshDatabase } from '../support/db';
import { metaGrant, metaGraphApp } from '../support/metaGraphApp';

/**
 * The Meta connector (`graph`) against the local Graph API stand-in, over HTTP in-process: the real
 * connector code and the real wire formats (docs/platforms/meta.md).
 */

const { db } = await freshDatabase();
const control = new SandboxControl(db);
const REVIEW_MS = 300;
const { connector, exchanges } = metaGraphApp(db, { delayMs: 0, reviewMs: REVIEW_MS });

afterEach(() => control.clearFailures());

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

const AD: PlatformAd = {
  name: 'Spring look',
  format: 'single_image',
  texts: { primaryText: ['New season, new colours.'], headline: ['Spring is here'], description: ['Free returns'] },
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

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
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
    expect(campaign).toEqual({ externalId: expect.stringMatching(/^\d+$/), status: 'in_review', reason: null });

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
    expect(adSet.params).toMatchObject({ lifetime_budget: '50000', billing_event: 'IMPRESSIONS', bid_strategy: 'LOWEST_COST_WITHOUT_CAP' });
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

  it('launching twice with one reference gives the same campaign, found by reference too', async () => {
    const credentials = await metaGrant(db);
    const plan = request();
    const first = await connector.launch(plan, { credentials });
    const second = await connector.launch(plan, { credentials });
    expect(second.externalId).toBe(first.externalId);
    expect((await connector.findByReference(plan.reference, { credentials }))?.externalId).toBe(first.externalId);
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
    await expect(connector.launch(request(), { credentials })).rejects.toMatchObject({ kind: 'credentials_expired' });
  });

  it('throttling is rate_limited with the header wait', async () => {
    const credentials = await metaGrant(db);
    await control.injectFailure('meta', 'rate_limit', { operation: 'launch', retryAfterSeconds: 7 });
    const error = await connector.launch(request(), { credentials }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PlatformError);
    expect(error).toMatchObject({ kind: 'rate_limited', retryAfterSeconds: 7 });
    await control.injectFailure('meta', 'rate_limit', { operation: 'launch', retryAfterSeconds: 120 });
    await expect(connector.launch(request(), { credentials })).rejects.toMatchObject({ kind: 'rate_limited', retryAfterSeconds: 120 });
  });
});

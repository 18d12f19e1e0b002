import type { PlatformCampaignRequest } from '@server/platforms';
import { describe, expect, it } from 'vitest';
import { freshDatabase } from '../../support/db';
import { googleAdsApp } from '../../support/googleAdsApp';
import { checkErrorBody, checkRequest, checkResponse } from './check';

/**
 * Every request the Google Ads connector sends in a full scenario, and every answer of the stand-in, checked
 * against the facts of Google's published reference (reference.ts): so the two cannot drift together.
 */

const { db } = await freshDatabase();
const google = googleAdsApp(db, { reviewMs: 30 });
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

function plan(reference: string, ad: 'search' | 'display', cap = false): PlatformCampaignRequest {
  const startDate = day(1);
  const endDate = day(20);
  return {
    reference,
    campaignId: '00000000-0000-4000-8000-000000000029',
    name: 'Contract campaign',
    objectiveId: ad === 'search' ? 6 : 1,
    startDate,
    endDate,
    budgetMinor: 40_000,
    currency: 'EUR',
    adSet: {
      audience: {
        locations: ['DE', 'AT'],
        ageMin: 25,
        ageMax: 44,
        genders: ['female'],
        languages: ['de', 'en'],
        interests: ['97160', '84791'],
      },
      bidStrategy: cap ? 'cost_cap' : 'lowest_cost',
      costCapMinor: cap ? 250 : null,
      flights: [{ startDate, endDate, amountMinor: 40_000, pacing: 'even' }],
    },
    ads: [
      ad === 'search'
        ? {
            name: 'Search',
            format: 'responsive_search',
            texts: {
              headline: ['One headline', 'Two headline', 'Three headline'],
              description: ['First description.', 'Second description.'],
              path: ['shoes', 'sale'],
            },
            destination: 'https://example.com/?utm_source=google',
            callToAction: 'AUTOMATED',
            media: [],
          }
        : {
            name: 'Display',
            format: 'single_image',
            texts: {
              headline: ['Spring'],
              longHeadline: ['Spring, delivered'],
              description: ['New season.'],
              businessName: ['Shop'],
            },
            destination: 'https://example.com/?utm_source=google',
            callToAction: 'LEARN_MORE',
            media: [
              {
                assetId: 'a1',
                kind: 'image',
                mimeType: 'image/png',
                width: 1200,
                height: 628,
                durationMs: null,
                byteSize: 1000,
                url: '/api/assets/a1/file',
                focalX: 0.5,
                focalY: 0.5,
                crops: [],
              },
            ],
          },
    ],
  };
}

describe('Google Ads contract: the connector’s requests and the stand-in’s answers', () => {
  it('a full scenario keeps to the published reference', async () => {
    const connector = google.connector;
    const { tokens, credentials } = await google.grant();
    await connector.completeGrant(tokens);
    const options = { credentials };
    // The segments, read from user_interest (once: the second search is answered from the catalog).
    await connector.searchInterests('travel', 5, options);
    await connector.interestsByIds(['97160'], options);
    const search = plan('contract-search', 'search', true);
    await connector.validate(search, { ...options, purpose: 'preflight' });
    const launched = await connector.launch(search, options);
    await connector.launch(plan('contract-display', 'display'), options);
    await expect
      .poll(async () => (await connector.status(launched.externalId, options)).status)
      .toBe('active');
    const changed = { ...search, reference: 'u1', budgetMinor: 60_000, endDate: day(25) };
    changed.adSet = {
      ...search.adSet!,
      audience: { ...search.adSet!.audience, locations: ['DE'], genders: [] },
    };
    changed.adSet.flights = [{ ...search.adSet!.flights[0]!, endDate: day(25), amountMinor: 60_000 }];
    changed.ads = [{ ...search.ads[0]!, texts: { ...search.ads[0]!.texts, path: ['shoes'] } }];
    await connector.validateUpdate(launched.externalId, changed, options);
    await connector.update(launched.externalId, changed, options);
    await connector.pause(launched.externalId, options);
    await connector.resume(launched.externalId, options);
    await google.control.advanceClock(4);
    await connector.delivery({ externalIds: [launched.externalId], since: day(0) }, options);
    await connector.findByReference('contract-search', options);
    await connector.delete(launched.externalId, options);
    // Refusals, as Google answers them.
    await connector.status('123', options).catch(() => {});
    const bad = plan('contract-bad', 'search');
    bad.adSet!.audience.interests = ['5'];
    await connector.validate(bad, options).catch(() => {});
    const cheap = plan('contract-cheap', 'search');
    cheap.budgetMinor = 50;
    cheap.adSet!.flights = [{ ...cheap.adSet!.flights[0]!, amountMinor: 50 }];
    await connector.validate(cheap, options).catch(() => {});
    await google.control.injectFailure('google', 'rate_limit', {
      operation: 'delivery',
      retryAfterSeconds: 9,
    });
    await connector.delivery({ externalIds: [launched.externalId], since: day(0) }, options).catch(() => {});
    await google.control.injectFailure('google', 'unavailable', { operation: 'status' });
    await connector.status(launched.externalId, options).catch(() => {});

    const calls = new Set(google.exchanges.map((e) => new URL(e.url).pathname.split('/').at(-1)));
    expect([...calls].sort()).toEqual([
      'customers:listAccessibleCustomers',
      'googleAds:mutate',
      'googleAds:search',
      'googleAds:searchStream',
    ]);
    const mutates = google.exchanges
      .filter((e) => e.url.endsWith('googleAds:mutate'))
      .map((e) => JSON.stringify(e.body));
    // Creates with temporary ids, an asset upload, criteria removed and created, a status update, a remove.
    expect(
      google.exchanges.filter((e) => JSON.stringify(e.body).includes('FROM user_interest')),
      'one read of the segments',
    ).toHaveLength(1);
    for (const seen of [
      'campaignBudgets/-1"',
      '"imageAsset"',
      '"remove":"customers/',
      '"updateMask":"status"',
      '"validateOnly":true',
    ])
      expect(
        mutates.some((body) => body.includes(seen)),
        seen,
      ).toBe(true);
    expect(google.exchanges.some((e) => e.status === 429)).toBe(true);
    expect(google.exchanges.some((e) => e.status === 400)).toBe(true);
    expect(
      google.exchanges.some(
        (e) => e.status === 200 && JSON.stringify(e.response).includes('partialFailureError'),
      ),
      'an operation refused in partial-failure mode',
    ).toBe(true);
    expect(google.exchanges.some((e) => e.status === 503)).toBe(true);
    const problems = google.exchanges.flatMap((e) => [
      ...checkRequest(e).map((p) => `request ${e.method} ${e.url}: ${p}`),
      ...checkResponse(e).map((p) => `response ${e.status} ${e.url}: ${p}`),
    ]);
    expect(problems).toEqual([]);
  });

  it('the checks catch what the reference refuses', () => {
    const url = 'http://localhost/sandbox/google-ads/v25/customers/1234567890/googleAds:mutate';
    const headers = { authorization: 'Bearer x', 'developer-token': 'd', 'content-type': 'application/json' };
    const campaign = (create: Record<string, unknown>) => ({
      method: 'POST',
      url,
      headers,
      body: { mutateOperations: [{ campaignOperation: { create } }] },
    });
    const valid = {
      name: 'C',
      advertisingChannelType: 'SEARCH',
      campaignBudget: 'customers/1234567890/campaignBudgets/1',
      containsEuPoliticalAdvertising: 'DOES_NOT_CONTAIN_EU_POLITICAL_ADVERTISING',
      targetSpend: {},
      startDateTime: '2030-01-01 00:00:00',
    };
    expect(checkRequest(campaign(valid))).toEqual([]);
    const { containsEuPoliticalAdvertising: _, ...undeclared } = valid;
    expect(checkRequest(campaign(undeclared)).join()).toContain('containsEuPoliticalAdvertising: required');
    expect(checkRequest(campaign({ ...valid, advertisingChannelType: 'VIDEO' })).join()).toContain('VIDEO');
    expect(checkRequest(campaign({ ...valid, startDate: '2030-01-01' })).join()).toContain(
      'startDate: no such field',
    );
    expect(checkRequest(campaign({ ...valid, startDateTime: '2030-01-01' })).join()).toContain(
      'does not match',
    );
    expect(
      checkRequest({
        method: 'POST',
        url,
        headers,
        body: {
          mutateOperations: [{ campaignBudgetOperation: { create: { amountMicros: 5_000_000 } } }],
        },
      }).join(),
    ).toContain('int64 must be a decimal string');
    expect(
      checkRequest({
        method: 'POST',
        url: url.replace('googleAds:mutate', 'googleAds:search'),
        headers,
        body: { query: 'SELECT campaign.cost FROM campaign' },
      }).join(),
    ).toContain('campaign.cost cannot be queried');
    expect(
      checkErrorBody(429, { error: { code: 429, status: 'RESOURCE_EXHAUSTED', message: 'x' } }, false),
    ).toContain('error.details: a GoogleAdsFailure expected');
  });
});

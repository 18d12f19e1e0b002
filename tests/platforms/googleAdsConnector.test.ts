import type { PlatformCampaignRequest } from '@server/platforms';
import { PlatformError } from '@server/platforms';
import { describe, expect, it } from 'vitest';
import { freshDatabase } from '../support/db';
import { googleAdsApp } from '../support/googleAdsApp';
import { endReviews, LONG_REVIEW_MS } from '../support/reviews';

/**
 * The Google Ads connector (`googleads`) against the local Google Ads API stand-in, over HTTP in-process:
 * the grant's accounts, launch, pre-flight, review, update, pause/resume, delete, delivery, and the errors.
 */

const { db } = await freshDatabase();
const google = googleAdsApp(db, { reviewMs: LONG_REVIEW_MS });

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
let n = 0;

function request(overrides: Partial<PlatformCampaignRequest> = {}): PlatformCampaignRequest {
  n += 1;
  const startDate = day(0);
  const endDate = day(29);
  return {
    reference: `ref-${n}-${Math.random().toString(36).slice(2)}`,
    campaignId: '00000000-0000-4000-8000-000000000029',
    name: 'Spring sale',
    objectiveId: 2,
    startDate,
    endDate,
    budgetMinor: 30_000,
    currency: 'EUR',
    adSet: {
      audience: {
        locations: ['DE'],
        ageMin: 18,
        ageMax: 65,
        genders: [],
        languages: ['de'],
        interests: ['97160'],
      },
      bidStrategy: 'lowest_cost',
      costCapMinor: null,
      flights: [{ startDate, endDate, amountMinor: 30_000, pacing: 'even' }],
    },
    ads: [
      {
        name: 'Search ad',
        format: 'responsive_search',
        texts: {
          headline: ['Spring sale', 'Shoes for spring', 'Free delivery'],
          description: ['Everything for the new season.', 'Order today, wear tomorrow.'],
          path: ['shoes'],
        },
        destination: 'https://example.com/spring?utm_source=google&utm_medium=cpc',
        callToAction: 'AUTOMATED',
        media: [],
      },
    ],
    ...overrides,
  };
}

type Json = Record<string, unknown>;

const failureOf = async (promise: Promise<unknown>) => {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(PlatformError);
  return error as PlatformError;
};

describe('Google Ads connector: the grant', () => {
  it('lists the manager’s client accounts, each with its manager', async () => {
    const { tokens, hierarchy } = await google.grant();
    const { tokens: kept, adAccounts } = await google.connector.completeGrant(tokens);
    expect(kept).toEqual(tokens);
    expect(adAccounts).toEqual(
      hierarchy.clients.map((client) => ({
        id: client.id,
        name: client.descriptiveName,
        currency: 'EUR',
        managerId: hierarchy.manager.id,
        managerName: hierarchy.manager.descriptiveName,
      })),
    );
  });

  it('refuses a grant without the adwords scope, naming it', async () => {
    const { tokens } = await google.grant('ads_read');
    const error = await failureOf(google.connector.completeGrant(tokens));
    expect(error.kind).toBe('credentials_expired');
    expect(error.message).toContain('https://www.googleapis.com/auth/adwords');
  });
});

describe('Google Ads connector: campaigns', () => {
  it('launches once per reference, in review, then active; found by its reference', async () => {
    const { credentials } = await google.grant();
    const options = { credentials };
    const plan = request();
    const launched = await google.connector.launch(plan, options);
    expect(launched.status).toBe('in_review');
    expect(launched.externalId).toMatch(/^\d+$/);
    const again = await google.connector.launch(plan, options);
    expect(again.externalId).toBe(launched.externalId);
    expect((await google.connector.findByReference(plan.reference, options))?.externalId).toBe(
      launched.externalId,
    );
    await endReviews(db);

    await expect
      .poll(async () => (await google.connector.status(launched.externalId, options)).status)
      .toBe('active');
    const mutate = google.exchanges.find(
      (e) =>
        e.url.endsWith('googleAds:mutate') && (e.body as { validateOnly?: boolean }).validateOnly === false,
    )!;
    const ops = (mutate.body as { mutateOperations: Record<string, { create?: Record<string, unknown> }>[] })
      .mutateOperations;
    // 300.00 over 30 days: 10.00 a day, in micros.
    expect(ops[0]!.campaignBudgetOperation!.create!.amountMicros).toBe('10000000');
    expect(ops[1]!.campaignOperation!.create).toMatchObject({
      status: 'PAUSED',
      advertisingChannelType: 'SEARCH',
      containsEuPoliticalAdvertising: 'DOES_NOT_CONTAIN_EU_POLITICAL_ADVERTISING',
      targetSpend: {},
      endDateTime: `${plan.endDate} 23:59:59`,
    });
    expect(mutate.headers['login-customer-id']).toBe(credentials.managerAccountId);
  });

  it('launches a display campaign with image assets', async () => {
    const { credentials } = await google.grant();
    const launched = await google.connector.launch(displayPlan(), { credentials });
    expect(launched.status).toBe('in_review');
  });

  const displayPlan = () =>
    request({
      objectiveId: 1,
      ads: [
        {
          name: 'Display ad',
          format: 'single_image',
          texts: {
            headline: ['Spring sale'],
            longHeadline: ['Everything for spring, delivered free'],
            description: ['New season, new shoes.'],
            businessName: ['Shoe shop'],
          },
          destination: 'https://example.com/spring?utm_source=google',
          callToAction: 'SHOP_NOW',
          media: [
            {
              assetId: 'asset-1',
              kind: 'image',
              mimeType: 'image/png',
              width: 1200,
              height: 628,
              durationMs: null,
              byteSize: 20_000,
              url: '/api/assets/asset-1/file',
              focalX: 0.5,
              focalY: 0.5,
              crops: [],
            },
          ],
        },
      ],
    });

  it('refuses in pre-flight what Google would refuse, naming the problem', async () => {
    const { credentials } = await google.grant();
    const options = { credentials, purpose: 'preflight' as const };
    const cheap = request({ budgetMinor: 1500 });
    cheap.adSet!.flights = [{ ...cheap.adSet!.flights[0]!, amountMinor: 1500 }];
    const low = await failureOf(google.connector.validate(cheap, options));
    expect(low.kind).toBe('validation');
    expect(low.message).toMatch(/minimum/);
    const plan = request();
    plan.adSet!.audience.interests = ['1'];
    const interest = await failureOf(google.connector.validate(plan, options));
    expect(interest.kind).toBe('validation');
    expect(interest.message).toContain('user_interest');
    // Asked with partialFailure, Google checks every operation: each problem is said, not only the first.
    const twice = request();
    twice.adSet!.audience.interests = ['1', '2'];
    const both = await failureOf(google.connector.validate(twice, options));
    expect(both.kind).toBe('validation');
    expect(both.message).toMatch(
      /^2 problems: Invalid user interest\. \(.*user_interest_category: 1\); Invalid user interest\. \(.*: 2\)$/,
    );
    const mutate = google.exchanges.findLast((e) => e.url.endsWith('googleAds:mutate'))!;
    expect(mutate.body).toMatchObject({ partialFailure: true, validateOnly: true });
    expect(mutate.status).toBe(200);
    await google.connector.validate(request(), options);
  });

  it('names the problem, not what follows from it: an ad whose image Google refused is not "not found" too', async () => {
    const { credentials } = await google.grant();
    // The image's bytes arrive broken: Google refuses the asset, and so cannot find it for the ad either.
    const breakingImages = google.fresh((fetch) => async (url, init) => {
      if (!url.endsWith('googleAds:mutate') || typeof init.body !== 'string') return fetch(url, init);
      const body = JSON.parse(init.body) as { mutateOperations: { assetOperation?: { create?: Json } }[] };
      for (const operation of body.mutateOperations) {
        const image = operation.assetOperation?.create?.imageAsset as Json | undefined;
        if (image) image.data = Buffer.from('not an image').toString('base64');
      }
      return fetch(url, { ...init, body: JSON.stringify(body) });
    });
    const refused = await failureOf(
      breakingImages.validate(displayPlan(), { credentials, purpose: 'preflight' as const }),
    );
    expect(refused.kind).toBe('validation');
    // Both crops (1.91:1 and 1:1) are refused; the ad that uses them is not listed.
    const image = String.raw`The image is not valid\. \(mutate_operations\[\d+\]\.asset_operation\.create\.image_asset\.data\)`;
    expect(refused.message).toMatch(new RegExp(`^2 problems: ${image}; ${image}$`));
    // Google's answer did list the ad as well: the connector leaves out what follows from the refusal.
    const answer = google.exchanges.findLast((e) => e.url.endsWith('googleAds:mutate'))!;
    expect(JSON.stringify(answer.response)).toContain('RESOURCE_NOT_FOUND');
  });

  it('searches the segments Google offers the connected customer, with their parents as the path', async () => {
    const { credentials } = await google.grant();
    const options = { credentials };
    const notConnected = await failureOf(google.connector.searchInterests('beach', 5));
    expect(notConnected.kind).toBe('credentials_expired');
    expect(notConnected.message).toBe(
      'Google Ads lists its audience segments for a connected ad account: connect Google Ads under Platforms first.',
    );

    const before = google.exchanges.length;
    const beaches = await google.connector.searchInterests('beach', 5, options);
    expect(beaches).toEqual([
      { id: '84791', name: 'Beaches', path: ['Affinity segments', 'Travel', 'Travel'], audienceSize: 0 },
    ]);
    // A parent segment is a segment too (Google targets it), found by its own name.
    const travel = await google.connector.searchInterests('travel', 10, options);
    const parents = travel.filter((i) => Number(i.id) >= 90_000_000);
    expect(parents.map((i) => i.name)).toContain('Travel');
    const inMarket = await google.connector.searchInterests('fashion', 10, options);
    expect(inMarket.every((i) => i.path[0] === 'In-market segments')).toBe(true);
    expect(await google.connector.interestsByIds(['97160', '999', parents[0]!.id], options)).toEqual([
      expect.objectContaining({ id: '97160', name: 'Travel' }),
      expect.objectContaining({ id: parents[0]!.id }),
    ]);
    const reads = google.exchanges
      .slice(before)
      .filter((e) => JSON.stringify(e.body).includes('FROM user_interest'));
    expect(reads, 'the segments are read once an hour, not per search').toHaveLength(1);

    // What the search offers, a launch may target: the parent segment passes pre-flight.
    const plan = request();
    plan.adSet!.audience.interests = [parents[0]!.id];
    await google.connector.validate(plan, { ...options, purpose: 'preflight' });
    const unknown = await failureOf(
      google.connector.estimateAudience(
        { objectiveId: 2, audience: { ...plan.adSet!.audience, interests: ['999'] }, dailyBudgetMinor: null },
        options,
      ),
    );
    expect(unknown.kind).toBe('validation');
  });

  it('a segments read that fails is the platform failing, tried again next time; a caller waits only as long as it may', async () => {
    const { credentials } = await google.grant();
    let mode: 'fail' | 'refuse' | 'hang' | 'answer' = 'fail';
    const segmentsRead = (init: RequestInit) => String(init.body ?? '').includes('FROM user_interest');
    const connector = google.fresh((fetch) => (url, init) => {
      if (!segmentsRead(init) || mode === 'answer') return fetch(url, init);
      if (mode === 'fail') return new Response('{}', { status: 503 });
      if (mode === 'refuse')
        return fetch(url, {
          ...init,
          body: JSON.stringify({ query: 'SELECT nothing.at_all FROM user_interest' }),
        });
      return new Promise<Response>(() => {});
    });
    const failed = await failureOf(connector.searchInterests('beach', 5, { credentials }));
    expect(failed.kind).toBe('unavailable');
    // Google refusing our own query is not the planner's input either.
    mode = 'refuse';
    const refused = await failureOf(connector.searchInterests('beach', 5, { credentials }));
    expect(refused.kind).toBe('unavailable');
    expect(refused.message).toMatch(/^Google Ads did not list its audience segments: /);
    // The failed reads were not kept: once Google answers, the same connector's search does.
    mode = 'answer';
    expect((await connector.searchInterests('beach', 5, { credentials })).map((i) => i.name)).toEqual([
      'Beaches',
    ]);
    // A read that hangs: each caller stops at its own signal, with its reason, not at the shared read's bound.
    mode = 'hang';
    const hanging = google.fresh(
      (fetch) => (url, init) => (segmentsRead(init) ? new Promise<Response>(() => {}) : fetch(url, init)),
    );
    const gaveUp = new AbortController();
    const first = hanging.searchInterests('beach', 5, { credentials, signal: gaveUp.signal });
    const joined = new AbortController();
    const second = hanging.searchInterests('travel', 5, { credentials, signal: joined.signal });
    gaveUp.abort(new Error('the browser left'));
    await expect(first).rejects.toThrow('the browser left');
    joined.abort(new Error('the second browser left'));
    await expect(second).rejects.toThrow('the second browser left');
  });

  it('refuses a plan in another currency than the customer bills in, before creating anything', async () => {
    const { credentials } = await google.grant();
    const plan = request({ currency: 'USD' });
    const message = `Google Ads bills the customer ${credentials.externalAccountId} in EUR, and this plan is in USD: plan in EUR, or connect a client account that bills in USD.`;
    const before = google.exchanges.length;
    await expect(
      google.connector.validate(plan, { credentials, purpose: 'preflight' }),
    ).rejects.toMatchObject({ kind: 'validation', message });
    await expect(google.connector.launch(plan, { credentials })).rejects.toMatchObject({
      kind: 'validation',
      message,
    });
    expect(google.exchanges.slice(before).filter((e) => e.url.endsWith('googleAds:mutate'))).toEqual([]);
  });

  it('shows a disapproved ad as rejected with the policy reason', async () => {
    const { credentials } = await google.grant();
    const launched = await google.connector.launch(request({ name: 'Summer reject-google' }), {
      credentials,
    });
    await endReviews(db);

    await expect
      .poll(async () => (await google.connector.status(launched.externalId, { credentials })).status)
      .toBe('rejected');
    const { reason } = await google.connector.status(launched.externalId, { credentials });
    expect(reason).toContain('reject');
  });

  it('updates budget and ads with warnings first; the same update again changes nothing', async () => {
    const { credentials } = await google.grant();
    const options = { credentials };
    const plan = request();
    const { externalId } = await google.connector.launch(plan, options);
    await endReviews(db);

    await expect.poll(async () => (await google.connector.status(externalId, options)).status).toBe('active');
    const changed = {
      ...plan,
      reference: 'update-1',
      budgetMinor: 60_000,
      ads: [
        {
          ...plan.ads[0]!,
          texts: { ...plan.ads[0]!.texts, headline: ['Spring sale', 'New shoes', 'Free returns'] },
        },
      ],
    };
    changed.adSet = { ...plan.adSet!, flights: [{ ...plan.adSet!.flights[0]!, amountMinor: 60_000 }] };
    const warnings = await google.connector.validateUpdate(externalId, changed, options);
    expect(warnings.join('\n')).toMatch(/budget moves from €10\.00 to €20\.00/);
    expect(warnings.join('\n')).toMatch(/policy review/);
    const before = google.exchanges.length;
    await google.connector.update(externalId, changed, options);
    const mutates = google.exchanges.slice(before).filter((e) => e.url.endsWith('googleAds:mutate'));
    expect(mutates).toHaveLength(1);
    const after = google.exchanges.length;
    await google.connector.update(externalId, changed, options);
    expect(google.exchanges.slice(after).filter((e) => e.url.endsWith('googleAds:mutate'))).toHaveLength(0);
    expect(await google.connector.validateUpdate(externalId, changed, options)).toEqual([]);
  });

  it('a change keeps the ads it leaves as they are: only a new or rewritten ad is created, a removed one removed', async () => {
    const { credentials } = await google.grant();
    const options = { credentials };
    const base = request();
    const first = base.ads[0]!;
    const second = {
      ...first,
      name: 'Summer ad',
      texts: { ...first.texts, headline: ['Summer', 'Sandals', 'Sun'] },
    };
    const plan = { ...base, ads: [first, second] };
    const { externalId } = await google.connector.launch(plan, options);
    /** What the change's mutate did to ads: [removed, created]. */
    const adOperationsOf = async (ads: PlatformCampaignRequest['ads'], reference: string) => {
      const before = google.exchanges.length;
      await google.connector.update(externalId, { ...plan, reference, ads }, options);
      const mutate = google.exchanges.slice(before).find((e) => e.url.endsWith('googleAds:mutate'));
      const operations = ((mutate?.body as { mutateOperations?: unknown[] } | null)?.mutateOperations ??
        []) as Record<string, { remove?: string; create?: unknown }>[];
      const adOperations = operations.flatMap((o) => (o.adGroupAdOperation ? [o.adGroupAdOperation] : []));
      return [adOperations.filter((o) => o.remove).length, adOperations.filter((o) => o.create).length];
    };

    // The second ad taken out: it alone is removed; the first keeps running as it is.
    expect(await adOperationsOf([first], 'ads-1')).toEqual([1, 0]);
    // The first rewritten: the old one goes, the new one is created.
    const rewritten = {
      ...first,
      texts: { ...first.texts, headline: ['Spring sale', 'New shoes', 'Free returns'] },
    };
    expect(await adOperationsOf([rewritten], 'ads-2')).toEqual([1, 1]);
    // An ad added beside it: created alone.
    expect(await adOperationsOf([rewritten, second], 'ads-3')).toEqual([0, 1]);
  });

  it('a display ad is recognised by its pictures too: adding an ad uploads only its own', async () => {
    const { credentials } = await google.grant();
    const options = { credentials };
    const plan = displayPlan();
    const { externalId } = await google.connector.launch(plan, options);
    const other = {
      ...plan.ads[0]!,
      name: 'Second display ad',
      texts: { ...plan.ads[0]!.texts, headline: ['Summer'] },
    };
    const before = google.exchanges.length;
    await google.connector.update(
      externalId,
      { ...plan, reference: 'display-1', ads: [plan.ads[0]!, other] },
      options,
    );
    const mutate = google.exchanges.slice(before).find((e) => e.url.endsWith('googleAds:mutate'))!;
    const kinds = (
      ((mutate.body as { mutateOperations?: unknown[] } | null)?.mutateOperations ?? []) as Record<
        string,
        { remove?: string }
      >[]
    ).map((o) => `${Object.keys(o)[0]}${Object.values(o)[0]?.remove ? ' remove' : ''}`);
    expect(kinds.filter((k) => k.startsWith('assetOperation'))).toHaveLength(2);
    expect(kinds.filter((k) => k.startsWith('adGroupAdOperation'))).toEqual(['adGroupAdOperation']);
  });

  it('pauses, resumes and deletes', async () => {
    const { credentials } = await google.grant();
    const options = { credentials };
    const { externalId } = await google.connector.launch(request(), options);
    await endReviews(db);

    await expect.poll(async () => (await google.connector.status(externalId, options)).status).toBe('active');
    expect((await google.connector.pause(externalId, options)).status).toBe('paused');
    expect((await google.connector.status(externalId, options)).status).toBe('paused');
    expect((await google.connector.resume(externalId, options)).status).toBe('active');
    await google.connector.delete(externalId, options);
    expect((await google.connector.status(externalId, options)).status).toBe('deleted');
    expect((await failureOf(google.connector.delete(externalId, options))).kind).toBe('not_found');
    expect((await failureOf(google.connector.status('999', options))).kind).toBe('not_found');
  });

  it('reads delivery per day, restated as days pass', async () => {
    const { credentials } = await google.grant();
    const options = { credentials };
    const { externalId } = await google.connector.launch(request(), options);
    await endReviews(db);

    await expect.poll(async () => (await google.connector.status(externalId, options)).status).toBe('active');
    const since = day(0);
    await google.control.advanceClock(3);
    const first = await google.connector.delivery({ externalIds: [externalId], since }, options);
    expect(first.through).toBe(day(2));
    expect(first.rows.length).toBeGreaterThan(0);
    expect(first.rows.every((r) => r.externalId === externalId && r.counts.spendMinor > 0)).toBe(true);
    await google.control.advanceClock(3);
    const later = await google.connector.delivery({ externalIds: [externalId], since }, options);
    expect(later.through).toBe(day(5));
    const restated = later.rows.find((r) => r.date === first.rows.at(-1)!.date)!;
    expect(restated.counts).not.toEqual(first.rows.at(-1)!.counts);
  });
});

describe('Google Ads connector: errors', () => {
  it('a revoked or expired token is credentials_expired', async () => {
    const { credentials, adAccountId } = await google.grant();
    const { externalId } = await google.connector.launch(request(), { credentials });
    await google.control.injectFailure('google', 'expired_credential', { operation: 'status' });
    const expired = await failureOf(google.connector.status(externalId, { credentials }));
    expect(expired.kind).toBe('credentials_expired');
    expect(expired.message).toContain('OAUTH_TOKEN_EXPIRED');
    await google.control.revokeGrants('google', adAccountId);
    const revoked = await failureOf(google.connector.status(externalId, { credentials }));
    expect(revoked.kind).toBe('credentials_expired');
    expect(revoked.message).toContain('OAUTH_TOKEN_REVOKED');
  });

  it('throttling is rate_limited with the retry delay Google gives', async () => {
    const { credentials } = await google.grant();
    await google.control.injectFailure('google', 'rate_limit', { operation: 'launch', retryAfterSeconds: 7 });
    const error = await failureOf(google.connector.launch(request(), { credentials }));
    expect(error.kind).toBe('rate_limited');
    expect(error.retryAfterSeconds).toBe(7);
  });

  it('a 5xx is unavailable', async () => {
    const { credentials } = await google.grant();
    await google.control.injectFailure('google', 'unavailable', { operation: 'launch' });
    expect((await failureOf(google.connector.launch(request(), { credentials }))).kind).toBe('unavailable');
  });
});

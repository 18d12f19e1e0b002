import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { PlatformCampaignRequest, PlatformCredentials } from '@server/platforms';
import { PlatformError } from '@server/platforms';
import { describe, expect, it } from 'vitest';
import { freshDatabase } from '../../support/db';
import { googleAdsApp } from '../../support/googleAdsApp';
import { RECORDED_BASE, RECORDED_DEVELOPER_TOKEN, RECORDED_TOKEN, type Recording } from './exchanges';

/**
 * Records exchanges/*.json from the stand-in (RECORD_GOOGLE_ADS_EXCHANGES=1 npx vitest run
 * tests/contract/google/record.test.ts): each connector call with what went over the wire, normalised (the
 * production base URL, a fixed token and developer token), then reviewed against reference.ts by hand.
 */
const RECORD = process.env.RECORD_GOOGLE_ADS_EXCHANGES === '1';

describe.skipIf(!RECORD)('record Google Ads exchanges', async () => {
  const { db } = await freshDatabase();
  const google = googleAdsApp(db, { reviewMs: 30 });
  const dir = path.join(import.meta.dirname, 'exchanges');
  let c = google.connector;
  mkdirSync(dir, { recursive: true });

  const save = async (
    file: string,
    title: string,
    credentials: PlatformCredentials,
    method: string,
    args: unknown[],
    run: () => Promise<unknown>,
  ) => {
    // Each recording is replayed by a new connector: it starts from one too, with nothing remembered.
    c = google.fresh();
    const from = google.exchanges.length;
    let outcome: Recording['outcome'];
    try {
      outcome = { result: (await run()) ?? null };
    } catch (error) {
      if (!(error instanceof PlatformError)) throw error;
      outcome = {
        error: { kind: error.kind, retryAfterSeconds: error.retryAfterSeconds, message: error.message },
      };
    }
    const token = credentials.accessToken;
    const recording: Recording = {
      title,
      call: { method, args },
      credentials: { ...credentials, accessToken: RECORDED_TOKEN },
      exchanges: google.exchanges.slice(from).map((e) => ({
        ...e,
        url: e.url.replace(/^http:\/\/localhost\/sandbox\/google-ads/, RECORDED_BASE),
        headers: Object.fromEntries(
          Object.entries(e.headers).map(([k, v]) => [
            k,
            v.replace(token, RECORDED_TOKEN).replace(google.developerToken, RECORDED_DEVELOPER_TOKEN),
          ]),
        ),
        response: JSON.parse(JSON.stringify(e.response).replaceAll(token, RECORDED_TOKEN)),
        ...(e.date ? { date: e.date } : {}),
      })),
      outcome: JSON.parse(JSON.stringify(outcome).replaceAll(token, RECORDED_TOKEN)),
    };
    const text = JSON.stringify(recording, null, 2).replace(
      /sbx_rt_[A-Za-z0-9_-]+/g,
      'recorded-refresh-token',
    );
    writeFileSync(path.join(dir, `${file}.json`), `${text}\n`);
  };

  const startDate = '2031-03-01';
  const endDate = '2031-03-30';
  const plan: PlatformCampaignRequest = {
    reference: 'recorded-reference-1',
    campaignId: '00000000-0000-4000-8000-000000000029',
    name: 'Recorded campaign',
    objectiveId: 2,
    startDate,
    endDate,
    budgetMinor: 60_000,
    currency: 'EUR',
    adSet: {
      audience: {
        locations: ['DE'],
        ageMin: 25,
        ageMax: 54,
        genders: [],
        languages: ['de'],
        interests: ['97160'],
      },
      bidStrategy: 'lowest_cost',
      costCapMinor: null,
      flights: [{ startDate, endDate, amountMinor: 60_000, pacing: 'even' }],
    },
    ads: [
      {
        name: 'Search',
        format: 'responsive_search',
        texts: {
          headline: ['Recorded one', 'Recorded two', 'Recorded three'],
          description: ['First description.', 'Second description.'],
          path: ['shoes'],
        },
        destination: 'https://example.com/?utm_source=google&utm_medium=cpc',
        callToAction: 'AUTOMATED',
        media: [],
      },
    ],
  };

  it('records every operation', async () => {
    const { tokens, credentials } = await google.grant();
    const o = { credentials };
    await save(
      'complete-grant',
      'completeGrant: listAccessibleCustomers, the manager, its clients',
      credentials,
      'completeGrant',
      [{ ...tokens, accessToken: RECORDED_TOKEN }],
      () => c.completeGrant(tokens),
    );
    await save(
      'search-interests',
      'searchInterests: the segments read from user_interest by GAQL, searched here',
      credentials,
      'searchInterests',
      ['beach', 5],
      () => c.searchInterests('beach', 5, o),
    );
    await save(
      'validate',
      'validate: the launch mutate with validateOnly',
      credentials,
      'validate',
      [plan],
      () => c.validate(plan, o),
    );
    let id = '';
    await save(
      'launch',
      'launch: find by reference (none), then one googleAds:mutate with temporary ids',
      credentials,
      'launch',
      [plan],
      async () => {
        const launched = await c.launch(plan, o);
        id = launched.externalId;
        return launched;
      },
    );
    await save('status-in-review', 'status: ads under review', credentials, 'status', [id], () =>
      c.status(id, o),
    );
    await expect.poll(async () => (await c.status(id, o)).status).toBe('active');
    await save('status-active', 'status: approved and enabled', credentials, 'status', [id], () =>
      c.status(id, o),
    );
    await save(
      'find-by-reference',
      'findByReference: GAQL LIKE on the campaign name',
      credentials,
      'findByReference',
      [plan.reference],
      () => c.findByReference(plan.reference, o),
    );
    const changed = { ...plan, reference: 'recorded-update-1', budgetMinor: 90_000 };
    changed.adSet = { ...plan.adSet!, flights: [{ ...plan.adSet!.flights[0]!, amountMinor: 90_000 }] };
    await save(
      'validate-update',
      'validateUpdate: reads, the mutate with validateOnly, warnings',
      credentials,
      'validateUpdate',
      [id, changed],
      () => c.validateUpdate(id, changed, o),
    );
    await save(
      'update',
      'update: the budget change as an update with updateMask',
      credentials,
      'update',
      [id, changed],
      () => c.update(id, changed, o),
    );
    await save('pause', 'pause: status PAUSED with updateMask status', credentials, 'pause', [id], () =>
      c.pause(id, o),
    );
    await save('resume', 'resume: status ENABLED', credentials, 'resume', [id], () => c.resume(id, o));
    const today = new Date().toISOString().slice(0, 10);
    const last = new Date(Date.now() + 29 * 86_400_000).toISOString().slice(0, 10);
    const running = {
      ...plan,
      reference: 'recorded-running',
      startDate: today,
      endDate: last,
      adSet: { ...plan.adSet!, flights: [{ ...plan.adSet!.flights[0]!, startDate: today, endDate: last }] },
    };
    const live = await c.launch(running, o);
    await expect.poll(async () => (await c.status(live.externalId, o)).status).toBe('active');
    await google.control.advanceClock(3);
    const asked = { externalIds: [live.externalId, id], since: today };
    await save(
      'delivery',
      'delivery: the account day from the Date header, searchStream segmented by date',
      credentials,
      'delivery',
      [asked],
      () => c.delivery(asked, o),
    );
    await save('delete', 'delete: the campaign remove', credentials, 'delete', [id], () => c.delete(id, o));
    await save(
      'delete-not-found',
      'delete of a campaign Google does not know: not_found',
      credentials,
      'delete',
      ['4242'],
      () => c.delete('4242', o),
    );
    const bad = {
      ...plan,
      reference: 'recorded-bad',
      adSet: { ...plan.adSet!, audience: { ...plan.adSet!.audience, interests: ['5'] } },
    };
    await save(
      'validate-field-error',
      'validate refused: criterionError.INVALID_USER_INTEREST with its field path',
      credentials,
      'validate',
      [bad],
      () => c.validate(bad, o),
    );
    const rejected = { ...plan, reference: 'recorded-reject', name: 'Recorded reject-google' };
    const launched = await c.launch(rejected, o);
    await expect.poll(async () => (await c.status(launched.externalId, o)).status).toBe('rejected');
    await save(
      'status-rejected',
      'status: an ad disapproved, the policy topic as the reason',
      credentials,
      'status',
      [launched.externalId],
      () => c.status(launched.externalId, o),
    );
  });
});

import {
  type PlatformAdSet,
  type PlatformCampaignRequest,
  PlatformError,
  SandboxConnector,
  SandboxControl,
} from '@server/platforms';
import { afterEach, describe, expect, it } from 'vitest';
import { withSandboxAccess } from '../support/connections';
import { freshDatabase } from '../support/db';

/**
 * The sandbox refuses a launch's ad set as the platform would (docs/planning.md, "Lifecycle and
 * bookings"): each rule with the message that names it, through `validate` and `launch`.
 */

const { db } = await freshDatabase();
const control = new SandboxControl(db);
const options = { delayMs: 0, reviewMs: 60_000 };
const connector = (key: string, name: string) =>
  withSandboxAccess(db, new SandboxConnector(key, name, db, options));
const meta = connector('meta', 'Meta');
const linkedin = connector('linkedin', 'LinkedIn');
const pinterest = connector('pinterest', 'Pinterest');
const tiktok = connector('tiktok', 'TikTok');

afterEach(() => control.clearFailures());

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
const START = day(10);
const END = day(19); // 10 days

function adSet(
  over: Partial<PlatformAdSet> = {},
  audience: Partial<PlatformAdSet['audience']> = {},
): PlatformAdSet {
  return {
    audience: {
      locations: ['DE'],
      ageMin: 18,
      ageMax: 65,
      genders: [],
      languages: [],
      interests: [],
      ...audience,
    },
    bidStrategy: 'lowest_cost',
    costCapMinor: null,
    flights: [
      { startDate: START, endDate: day(14), amountMinor: 50_000, pacing: 'even' },
      { startDate: day(15), endDate: END, amountMinor: 50_000, pacing: 'front_loaded' },
    ],
    ...over,
  };
}

function request(over: Partial<PlatformCampaignRequest> = {}): PlatformCampaignRequest {
  return {
    reference: `ref-${Math.random()}`,
    campaignId: '00000000-0000-4000-8000-000000000001',
    name: 'Spring sale',
    objectiveId: 2,
    startDate: START,
    endDate: END,
    budgetMinor: 100_000,
    currency: 'EUR',
    adSet: adSet(),
    ads: [],
    ...over,
  };
}

async function refusal(on: SandboxConnector, req: PlatformCampaignRequest): Promise<string> {
  const error = await on.validate(req).then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(PlatformError);
  expect((error as PlatformError).kind).toBe('validation');
  expect((error as PlatformError).platform).toBe(on.key);
  return (error as PlatformError).message;
}

describe('sandbox ad set validation', () => {
  it('accepts an ad set within the rules, and launches it', async () => {
    await expect(meta.validate(request())).resolves.toBeUndefined();
    await expect(meta.launch(request())).resolves.toMatchObject({ status: 'in_review' });
  });

  it('keeps the rules without an ad set (campaigns planned before the wizard)', async () => {
    await expect(meta.validate(request({ adSet: null }))).resolves.toBeUndefined();
    expect(await refusal(meta, request({ adSet: null, budgetMinor: 50 }))).toBe(
      'The budget for Meta is below its minimum of 1.00 EUR.',
    );
  });

  it('refuses an objective the platform does not run', async () => {
    expect(await refusal(linkedin, request({ objectiveId: 5 }))).toBe(
      'LinkedIn does not run App promotion campaigns.',
    );
    expect(await refusal(pinterest, request({ objectiveId: 4 }))).toBe(
      'Pinterest does not run Leads campaigns.',
    );
  });

  it('refuses a budget under the minimum daily budget over the campaign’s days', async () => {
    const flights = [{ startDate: START, endDate: END, amountMinor: 19_000, pacing: 'even' as const }];
    expect(await refusal(tiktok, request({ budgetMinor: 19_000, adSet: adSet({ flights }) }))).toBe(
      'The budget for TikTok is under its minimum daily budget: €20.00 a day over 10 days is at least €200.00.',
    );
  });

  it('refuses a flight under the minimum daily budget over its own days', async () => {
    const flights = [
      { startDate: START, endDate: day(14), amountMinor: 5_000, pacing: 'even' as const },
      { startDate: day(15), endDate: END, amountMinor: 195_000, pacing: 'even' as const },
    ];
    expect(await refusal(tiktok, request({ budgetMinor: 200_000, adSet: adSet({ flights }) }))).toBe(
      `Flight 1 (${START} to ${day(14)}) on TikTok is under its minimum daily budget: €20.00 a day over 5 days is at least €100.00.`,
    );
  });

  it('refuses flights outside the campaign, or not adding up to its budget', async () => {
    const outside = [{ startDate: day(9), endDate: END, amountMinor: 100_000, pacing: 'even' as const }];
    expect(await refusal(meta, request({ adSet: adSet({ flights: outside }) }))).toBe(
      `Flight 1 (${day(9)} to ${END}) on Meta runs outside the campaign (${START} to ${END}).`,
    );
    const short = adSet().flights.map((f) => ({ ...f, amountMinor: 40_000 }));
    expect(await refusal(meta, request({ adSet: adSet({ flights: short }) }))).toBe(
      'The flights on Meta add up to €800.00, not its budget of €1,000.00.',
    );
    expect(await refusal(meta, request({ adSet: adSet({ flights: [] }) }))).toBe(
      'Meta needs at least one flight.',
    );
  });

  it('refuses an age under the platform’s minimum for the objective', async () => {
    expect(await refusal(linkedin, request({ adSet: adSet({}, { ageMin: 16 }) }))).toBe(
      'LinkedIn targets people 18 and over for Traffic campaigns, not from 16.',
    );
    expect(await refusal(meta, request({ objectiveId: 4, adSet: adSet({}, { ageMin: 13 }) }))).toBe(
      'Meta targets people 18 and over for Leads campaigns, not from 13.',
    );
    await expect(meta.validate(request({ adSet: adSet({}, { ageMin: 13 }) }))).resolves.toBeUndefined();
  });

  it('refuses a cost cap where the platform has none, and one without its amount', async () => {
    expect(
      await refusal(pinterest, request({ adSet: adSet({ bidStrategy: 'cost_cap', costCapMinor: 500 }) })),
    ).toBe('Pinterest does not offer cost cap bidding.');
    expect(
      await refusal(meta, request({ adSet: adSet({ bidStrategy: 'cost_cap', costCapMinor: null }) })),
    ).toBe('A cost cap on Meta needs its amount per result.');
    await expect(
      meta.validate(request({ adSet: adSet({ bidStrategy: 'cost_cap', costCapMinor: 500 }) })),
    ).resolves.toBeUndefined();
  });

  it('refuses an interest not in the platform’s taxonomy', async () => {
    expect(await refusal(meta, request({ adSet: adSet({}, { interests: ['urn:li:interest:1'] }) }))).toBe(
      'Meta has no interest urn:li:interest:1 in its taxonomy.',
    );
  });

  it('refuses an audience under the platform’s minimum size', async () => {
    expect(
      await refusal(
        meta,
        request({
          adSet: adSet({}, { locations: ['LI'], ageMin: 60, genders: ['female'], languages: ['ja'] }),
        }),
      ),
    ).toMatch(/^The audience is too small for Meta: about \d+ people, under its minimum of 1,000\.$/);
  });

  it('refuses at launch too, creating nothing', async () => {
    const req = request({ objectiveId: 5 });
    await expect(linkedin.launch(req)).rejects.toMatchObject({ kind: 'validation' });
    expect((await control.records('linkedin')).filter((r) => r.reference === req.reference)).toEqual([]);
  });

  it('keeps the name rule: a campaign named reject is still rejected in review', async () => {
    const fast = withSandboxAccess(db, new SandboxConnector('meta', 'Meta', db, { delayMs: 0, reviewMs: 0 }));
    const launched = await fast.launch(request({ name: 'Spring reject-meta' }));
    expect(await fast.status(launched.externalId)).toMatchObject({ status: 'rejected' });
  });
});

describe('sandbox planning calls', () => {
  it('answer the platform’s rules, interests and estimates', async () => {
    expect((await meta.rules()).key).toBe('meta');
    const [first] = await meta.searchInterests('pokemon', 5);
    expect(first?.name).toBe('Pokémon');
    expect(await meta.interestsByIds([first!.id, 'nope'])).toEqual([first]);
    const estimate = await meta.estimateAudience({
      objectiveId: 1,
      audience: adSet().audience,
      dailyBudgetMinor: null,
    });
    expect(estimate).toMatchObject({ platform: 'meta', guidance: 'fits' });
  });

  it('refuse an estimate with an interest the platform does not have', async () => {
    await expect(
      meta.estimateAudience({
        objectiveId: 1,
        audience: adSet({}, { interests: ['x'] }).audience,
        dailyBudgetMinor: null,
      }),
    ).rejects.toMatchObject({ kind: 'validation', message: 'Meta has no interest x.' });
  });

  it('fail only when a failure names them: `any` is for the campaign calls', async () => {
    await control.injectFailure('meta', 'unavailable', { operation: 'any' });
    await expect(meta.rules()).resolves.toMatchObject({ key: 'meta' });
    await control.clearFailures();
    await control.injectFailure('meta', 'unavailable', { operation: 'estimate' });
    await expect(
      meta.estimateAudience({ objectiveId: 1, audience: adSet().audience, dailyBudgetMinor: null }),
    ).rejects.toMatchObject({ kind: 'unavailable' });
  });
});

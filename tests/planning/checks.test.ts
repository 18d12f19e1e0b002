import {
  checkAudience,
  checkOverview,
  checkPlatforms,
  checkSchedule,
  completedSteps,
  daysInclusive,
  EDITABLE_WIZARD_STEPS,
  firstIncompleteStep,
  type Plan,
  type PlatformRules,
  type RulesByPlatform,
} from '@contract/planning';
import { sampleCreativeSpecs } from '@machines/planning/planningWizard/planningWizard.samples';
import { describe, expect, it } from 'vitest';

/** Two platforms with different rules, as a connector would serve them. */
const rule = (key: string, displayName: string, over: Partial<PlatformRules> = {}): PlatformRules => ({
  key,
  displayName,
  objectives: [1, 2, 3, 4, 5, 6],
  minDailyBudgetMinor: { EUR: 100, USD: 100, GBP: 100 },
  bidStrategies: ['lowest_cost', 'cost_cap'],
  minAge: 13,
  minAgeByObjective: {},
  maxInterests: 3,
  minAudienceSize: 1000,
  maxReachPerDailyMinor: 1000,
  creative: sampleCreativeSpecs(key, displayName),
  ...over,
});
const rules: RulesByPlatform = {
  meta: rule('meta', 'Meta', { minAgeByObjective: { '4': 18 } }),
  linkedin: rule('linkedin', 'LinkedIn', {
    objectives: [1, 2, 3, 4, 6],
    minDailyBudgetMinor: { EUR: 1000, USD: 1000, GBP: 1000 },
    bidStrategies: ['lowest_cost'],
    minAge: 18,
  }),
};

const allocation = (amountMinor: number) => ({
  amountMinor,
  bidStrategy: 'lowest_cost' as const,
  costCapMinor: null,
});
const platformsContext = { rules, objectiveId: 2, currency: 'EUR', startDate: null, endDate: null };

describe('checkPlatforms', () => {
  it('accepts a split that adds up to the total and meets every rule', () => {
    const body = {
      platforms: ['meta', 'linkedin'],
      budgetMinor: 300_000,
      allocations: { meta: allocation(200_000), linkedin: allocation(100_000) },
    };
    expect(checkPlatforms(body, platformsContext)).toEqual({});
  });

  it('says how much is left to allocate, or how far over the split is', () => {
    const under = { platforms: ['meta'], budgetMinor: 100_000, allocations: { meta: allocation(99_950) } };
    expect(checkPlatforms(under, platformsContext).budgetMinor).toBe(
      'Allocate the whole budget: €0.50 left to allocate',
    );
    const over = { platforms: ['meta'], budgetMinor: 100_000, allocations: { meta: allocation(100_100) } };
    expect(checkPlatforms(over, platformsContext).budgetMinor).toBe(
      'The split is €1.00 over the total budget',
    );
  });

  it('names the platform and its minimum daily budget, over the campaign days when they are known', () => {
    const body = {
      platforms: ['meta', 'linkedin'],
      budgetMinor: 20_000,
      allocations: { meta: allocation(15_000), linkedin: allocation(5_000) },
    };
    const issues = checkPlatforms(body, {
      ...platformsContext,
      startDate: '2099-01-01',
      endDate: '2099-01-30',
    });
    expect(daysInclusive('2099-01-01', '2099-01-30')).toBe(30);
    expect(issues['allocations.linkedin.amountMinor']).toBe(
      'LinkedIn needs at least €10.00 a day: at least €300.00 over 30 days',
    );
    expect(issues['allocations.meta.amountMinor']).toBeUndefined();
  });

  it('refuses an objective or a bid strategy the platform does not offer, and a cost cap without amount', () => {
    const body = {
      platforms: ['meta', 'linkedin'],
      budgetMinor: 200_000,
      allocations: {
        meta: { amountMinor: 100_000, bidStrategy: 'cost_cap' as const, costCapMinor: null },
        linkedin: { amountMinor: 100_000, bidStrategy: 'cost_cap' as const, costCapMinor: 500 },
      },
    };
    const issues = checkPlatforms(body, { ...platformsContext, objectiveId: 5 });
    expect(issues['allocations.linkedin']).toBe('LinkedIn does not run App promotion campaigns');
    expect(issues['allocations.linkedin.bidStrategy']).toBe('LinkedIn does not offer cost cap bidding');
    expect(issues['allocations.meta.costCapMinor']).toBe('Enter the cost cap for Meta');
    expect(checkOverview({ objectiveId: 5 }, rules, ['meta', 'linkedin']).objectiveId).toBe(
      'LinkedIn does not run App promotion campaigns',
    );
  });
});

describe('checkAudience', () => {
  const audience = { locations: ['DE'], ageMin: 16, ageMax: 65, genders: [], languages: [], interests: {} };

  it('enforces the youngest age of every platform for the objective', () => {
    expect(checkAudience(audience, { rules, objectiveId: 2, platforms: ['meta'] })).toEqual({});
    expect(checkAudience(audience, { rules, objectiveId: 4, platforms: ['meta'] }).ageMin).toBe(
      'Meta targets people 18 and over for Leads campaigns',
    );
    expect(checkAudience(audience, { rules, objectiveId: 2, platforms: ['linkedin'] }).ageMin).toBe(
      'LinkedIn targets people 18 and over for Traffic campaigns',
    );
  });

  it('refuses an inverted range and too many interests for a platform', () => {
    const issues = checkAudience(
      { ...audience, ageMin: 40, ageMax: 30, interests: { meta: ['a', 'b', 'c', 'd'] } },
      { rules, objectiveId: 2, platforms: ['meta'] },
    );
    expect(issues.ageMax).toBe('The oldest age must be at least the youngest');
    expect(issues['interests.meta']).toBe('Meta allows at most 3 interests');
  });
});

describe('checkSchedule', () => {
  const context = {
    rules,
    platforms: ['meta', 'linkedin'],
    allocations: { meta: { amountMinor: 100_000 }, linkedin: { amountMinor: 50_000 } },
    currency: 'EUR',
    today: '2099-01-01',
  };
  const flight = (platform: string, startDate: string, endDate: string, amountMinor: number) => ({
    platform,
    startDate,
    endDate,
    amountMinor,
    pacing: 'even' as const,
  });

  it('accepts flights inside the campaign that add up to each allocation', () => {
    const body = {
      startDate: '2099-02-01',
      endDate: '2099-02-28',
      flights: [
        flight('meta', '2099-02-01', '2099-02-14', 40_000),
        flight('meta', '2099-02-15', '2099-02-28', 60_000),
        flight('linkedin', '2099-02-01', '2099-02-28', 50_000),
      ],
    };
    expect(checkSchedule(body, context)).toEqual({});
  });

  it('names overlapping flights, flights outside the campaign and totals that do not match', () => {
    const body = {
      startDate: '2099-02-01',
      endDate: '2099-02-28',
      flights: [
        flight('meta', '2099-02-01', '2099-02-14', 40_000),
        flight('meta', '2099-02-10', '2099-02-20', 50_000),
        flight('linkedin', '2099-01-20', '2099-02-28', 50_000),
      ],
    };
    const issues = checkSchedule(body, context);
    expect(issues['flights.1.startDate']).toBe("Overlaps Meta's flight 1 (2099-02-01 to 2099-02-14)");
    expect(issues['flights.2.startDate']).toBe('Flights run inside the campaign (2099-02-01 to 2099-02-28)');
    expect(issues['flightTotals.meta']).toBe("Meta's flights add up to €900.00, not its €1,000.00");
    expect(issues['flightTotals.linkedin']).toBeUndefined();
  });

  it('asks for a flight on every platform, a start from today and a flight budget over the daily minimum', () => {
    const body = {
      startDate: '2098-12-31',
      endDate: '2099-02-28',
      flights: [
        flight('meta', '2099-02-01', '2099-02-28', 100_000),
        flight('linkedin', '2099-02-01', '2099-02-28', 100),
      ],
    };
    const issues = checkSchedule(body, {
      ...context,
      allocations: { ...context.allocations, linkedin: { amountMinor: 100 } },
    });
    expect(issues.startDate).toBe('Start today or later');
    expect(issues['flights.1.amountMinor']).toBe(
      'LinkedIn needs at least €10.00 a day: at least €280.00 for this 28-day flight',
    );
    const none = checkSchedule({ startDate: '2099-02-01', endDate: '2099-02-28', flights: [] }, context);
    expect(none['flightTotals.meta']).toBe('Plan at least one flight for Meta');
  });
});

describe('firstIncompleteStep', () => {
  const plan: Plan = {
    campaign: {
      id: 'c1',
      name: 'Spring',
      objectiveId: 2,
      customerId: 'cu1',
      currency: 'EUR',
      status: 'draft',
      version: 3,
      budgetMinor: 100_000,
      splitMode: 'amount',
      startDate: null,
      endDate: null,
      updatedAt: '2099-01-01T00:00:00Z',
    },
    platforms: ['meta'],
    allocations: { meta: allocation(100_000) },
    audience: null,
    flights: [],
    ads: [],
    assets: [],
    budgetFit: null,
    budgetOptions: [],
    editableSteps: ['overview', 'platforms', 'audience', 'schedule', 'review'],
    lockReason: null,
  };

  it('resumes at the first step with problems, and at the review when none has any', () => {
    expect(firstIncompleteStep(plan, rules, '2099-01-01')).toBe('audience');
    const audience = {
      locations: ['FR'],
      ageMin: 18,
      ageMax: 65,
      genders: [],
      languages: ['fr'],
      interests: {},
    };
    expect(firstIncompleteStep({ ...plan, audience }, rules, '2099-01-01')).toBe('schedule');
    const complete: Plan = {
      ...plan,
      audience,
      campaign: { ...plan.campaign, startDate: '2099-02-01', endDate: '2099-02-28' },
      flights: [
        {
          id: 'f1',
          platform: 'meta',
          startDate: '2099-02-01',
          endDate: '2099-02-28',
          amountMinor: 100_000,
          pacing: 'even',
          bookingId: null,
          bookingStatus: null,
        },
      ],
    };
    // Everything planned but the ads: the creative step is where it resumes.
    expect(firstIncompleteStep(complete, rules, '2099-01-01')).toBe('creative');
    const withAd: Plan = {
      ...complete,
      ads: [
        {
          id: 'ad1',
          platform: 'meta',
          name: 'Spring ad',
          format: 'single_image',
          texts: { primaryText: ['Spring is here'] },
          assets: [{ assetId: 'a1', focalX: 0.5, focalY: 0.5 }],
          destinationUrl: 'https://example.com/spring',
          utm: null,
          callToAction: 'LEARN_MORE',
        },
      ],
      assets: [
        {
          id: 'a1',
          kind: 'image',
          mimeType: 'image/png',
          name: 'spring.png',
          byteSize: 200_000,
          width: 1080,
          height: 1920,
          durationMs: null,
          createdAt: '2099-01-01T00:00:00Z',
          thumbnailUrl: '/api/assets/a1/thumbnail',
          fileUrl: '/api/assets/a1/file',
        },
      ],
    };
    expect(firstIncompleteStep(withAd, rules, '2099-01-01')).toBe('review');
    expect(completedSteps(withAd, rules, '2099-01-01')).toEqual([...EDITABLE_WIZARD_STEPS, 'review']);
    // An ad whose picture is no longer in the plan's assets is a problem of the creative step again.
    expect(firstIncompleteStep({ ...withAd, assets: [] }, rules, '2099-01-01')).toBe('creative');
    expect(
      firstIncompleteStep(
        { ...withAd, campaign: { ...withAd.campaign, customerId: null } },
        rules,
        '2099-01-01',
      ),
    ).toBe('overview');
  });
});

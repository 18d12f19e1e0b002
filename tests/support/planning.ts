import type { Audience, Plan, PlatformRules, RulesByPlatform, ScheduleStepBody } from '@contract/planning';
import { splitEvenly } from '@contract/planning';
import { OBJECTIVES, PLATFORMS } from '@contract/reference';
import type { Database } from '@server/db/connect';
import type { ConnectorRegistry, PlatformConnector } from '@server/platforms';
import { SANDBOX_CREATIVE } from '@server/platforms/sandbox/data/creative';
import { validAd } from '@tooling/fixtures/creative';
import { expect } from 'vitest';
import { platformConnectors } from './connectors';
import { libraryFor } from './creative';
import type { TestClient } from './http';

/**
 * Fixed platform rules for the API tests, so the planning checks have rules whatever the connectors
 * answer: every objective, 1.00 a day minimum, both bid strategies, 13+ (18+ for leads), 10 interests.
 * Plans made by `planCampaign` keep well inside them (and inside any platform's real minimums).
 */
export const TEST_RULES: RulesByPlatform = Object.fromEntries(
  PLATFORMS.map((p): [string, PlatformRules] => [
    p.key,
    {
      key: p.key,
      displayName: p.displayName,
      objectives: OBJECTIVES.map((o) => o.id),
      minDailyBudgetMinor: { EUR: 100, USD: 100, GBP: 100 },
      bidStrategies: p.key === 'linkedin' ? ['lowest_cost'] : ['lowest_cost', 'cost_cap'],
      minAge: 13,
      minAgeByObjective: { '4': 18 },
      maxInterests: 10,
      minAudienceSize: 1000,
      maxReachPerDailyMinor: 1000,
      creative: SANDBOX_CREATIVE[p.key]!,
    },
  ]),
);

/** `registry` whose `rules()` answer `rules` (the other calls go to the real connector). */
export function withRules(
  registry: ConnectorRegistry,
  rules: RulesByPlatform = TEST_RULES,
): ConnectorRegistry {
  const wrapped = new Map<string, PlatformConnector>();
  for (const [key, connector] of registry) {
    wrapped.set(
      key,
      new Proxy(connector, {
        get(target, property, receiver) {
          if (property === 'rules') return async () => rules[key];
          const value = Reflect.get(target, property, receiver);
          return typeof value === 'function' ? value.bind(target) : value;
        },
      }),
    );
  }
  return wrapped;
}

/** The sandbox of every platform, with the test rules. */
export const testConnectors = (db: Database) =>
  withRules(platformConnectors(db, { delayMs: 0, reviewMs: 50 }));

export const future = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

export const AUDIENCE: Audience = {
  locations: ['DE', 'AT'],
  ageMin: 18,
  ageMax: 65,
  genders: [],
  languages: ['de'],
  interests: {},
};

export interface PlanOptions {
  name?: string;
  objectiveId?: number;
  currency?: 'EUR' | 'USD' | 'GBP';
  platforms?: string[];
  budgetMinor?: number;
  startDate?: string;
  endDate?: string;
  audience?: Audience;
  /** Default: the client's first customer (a plan needs one to launch); null for none. */
  customerId?: string | null;
  /** Stop after this step (the plan is then incomplete before `creative`). */
  until?: 'overview' | 'platforms' | 'audience' | 'schedule' | 'creative';
  /** The test's database: the creative step's assets are rows put in the campaign's library. */
  db?: Database;
  /** The rules the ads are made to pass (the app's, TEST_RULES by default). */
  rules?: RulesByPlatform;
}

/** Flights of `plan`: one per platform over the campaign's dates, each its whole allocation. */
export function oneFlightEach(
  plan: Pick<Plan, 'platforms' | 'allocations'>,
  startDate: string,
  endDate: string,
): ScheduleStepBody['flights'] {
  return plan.platforms.map((platform) => ({
    platform,
    startDate,
    endDate,
    amountMinor: plan.allocations[platform]!.amountMinor,
    pacing: 'even' as const,
  }));
}

/**
 * A plan made through the wizard's calls as a browser makes them: overview, platforms (the budget split
 * evenly), audience, schedule (one flight per platform), creative (one ad per platform, its assets put in
 * the account's library through `db`). Returns the campaign id and the last plan.
 */
export async function planCampaign(client: TestClient, options: PlanOptions = {}) {
  const {
    name = 'Planned campaign',
    objectiveId = 2,
    customerId = (await client.get<{ id: string }[]>('/api/customers?_end=1')).body[0]?.id ?? null,
    currency = 'EUR',
    platforms = ['meta', 'google'],
    budgetMinor = 300_000,
    startDate = future(2),
    endDate = future(31),
    audience = AUDIENCE,
    until = 'creative',
    db,
    rules = TEST_RULES,
  } = options;
  if (until === 'creative' && !db)
    throw new Error('planCampaign needs { db } for the ads\' assets (or stop with until: "schedule")');
  const created = await client.post<{ campaignId: string; plan: Plan }>('/planning/wizard/new/overview', {
    name,
    objectiveId,
    customerId,
    currency,
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const id = created.body.campaignId;
  let plan = created.body.plan;
  const put = async (step: string, body: Record<string, unknown>) => {
    const res = await client.put<Plan>(`/planning/wizard/${id}/${step}`, {
      version: plan.campaign.version,
      ...body,
    });
    expect(res.status, `${step}: ${JSON.stringify(res.body)}`).toBe(200);
    plan = res.body;
  };
  if (until === 'overview') return { id, plan };
  const amounts = splitEvenly(budgetMinor, platforms.length);
  await put('platforms', {
    platforms,
    budgetMinor,
    splitMode: 'amount',
    allocations: Object.fromEntries(
      platforms.map((key, i) => [
        key,
        { amountMinor: amounts[i], bidStrategy: 'lowest_cost', costCapMinor: null },
      ]),
    ),
  });
  if (until === 'platforms') return { id, plan };
  await put('audience', audience);
  if (until === 'audience') return { id, plan };
  await put('schedule', { startDate, endDate, flights: oneFlightEach(plan, startDate, endDate) });
  if (until === 'schedule') return { id, plan };
  const library = await libraryFor(db!, id);
  await put('creative', {
    ads: platforms.map((key) => validAd(rules[key]!.creative, objectiveId, library, name)),
  });
  return { id, plan };
}

import type { Plan, PlatformRules } from '@contract/planning';
import { sampleCreativeSpecs } from '@machines/planning/planningWizard/planningWizard.samples';
import type { Route } from '@playwright/test';
import { signIn } from './support/session';
import { expect, type Page, test } from './support/test';

/**
 * Screenshots of the planning wizard's screens for review (docs/screens/planning-*.png), with the plan
 * calls answered in the browser from a fixed plan: they run before the planning endpoints exist. Skipped
 * unless PLANNING_SCREENS=1.
 */

test.skip(!process.env.PLANNING_SCREENS, 'set PLANNING_SCREENS=1 to take the planning screenshots');

const ID = '00000000-0000-4000-8000-0000000000c1';

const rule = (key: string, displayName: string, extra: Partial<PlatformRules> = {}): PlatformRules => ({
  key,
  displayName,
  objectives: [1, 2, 3, 4, 5, 6],
  minDailyBudgetMinor: { EUR: 500, USD: 500, GBP: 500 },
  bidStrategies: ['lowest_cost', 'cost_cap'],
  minAge: 13,
  minAgeByObjective: { '4': 18 },
  maxInterests: 10,
  minAudienceSize: 1000,
  maxReachPerDailyMinor: 1000,
  creative: sampleCreativeSpecs(key, displayName),
  ...extra,
});
const RULES = [
  rule('meta', 'Meta'),
  rule('google', 'Google Ads'),
  rule('tiktok', 'TikTok', { bidStrategies: ['lowest_cost'] }),
];

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

function plan(customerId: string | null): Plan {
  return {
    campaign: {
      id: ID,
      name: 'Spring launch 2026',
      objectiveId: 2,
      customerId,
      currency: 'EUR',
      status: 'draft',
      version: 7,
      budgetMinor: 1_200_000,
      splitMode: 'amount',
      startDate: inDays(7),
      endDate: inDays(48),
      updatedAt: new Date().toISOString(),
    },
    platforms: ['meta', 'google', 'tiktok'],
    allocations: {
      meta: { amountMinor: 600_000, bidStrategy: 'cost_cap', costCapMinor: 450 },
      google: { amountMinor: 400_000, bidStrategy: 'lowest_cost', costCapMinor: null },
      tiktok: { amountMinor: 200_000, bidStrategy: 'lowest_cost', costCapMinor: null },
    },
    audience: {
      locations: ['DE', 'AT'],
      ageMin: 18,
      ageMax: 44,
      genders: [],
      languages: ['de'],
      interests: {},
    },
    flights: [
      {
        id: 'f1',
        platform: 'meta',
        startDate: inDays(7),
        endDate: inDays(27),
        amountMinor: 350_000,
        pacing: 'front_loaded',
        bookingId: null,
        bookingStatus: 'tentative',
      },
      {
        id: 'f2',
        platform: 'meta',
        startDate: inDays(28),
        endDate: inDays(48),
        amountMinor: 250_000,
        pacing: 'even',
        bookingId: null,
        bookingStatus: 'tentative',
      },
      {
        id: 'f3',
        platform: 'google',
        startDate: inDays(7),
        endDate: inDays(48),
        amountMinor: 400_000,
        pacing: 'even',
        bookingId: null,
        bookingStatus: 'tentative',
      },
      {
        id: 'f4',
        platform: 'tiktok',
        startDate: inDays(14),
        endDate: inDays(41),
        amountMinor: 200_000,
        pacing: 'even',
        bookingId: null,
        bookingStatus: 'tentative',
      },
    ],
    ads: [],
    assets: [],
    budgetFit: {
      budget: {
        id: 'b1',
        name: 'FY26 brand',
        periodStart: inDays(0),
        periodEnd: inDays(200),
        amountMinor: 12_000_000,
        currency: 'EUR',
        committedElsewhereMinor: 9_600_000,
      },
      planMinor: 1_200_000,
      leftAfterMinor: 1_200_000,
      over: false,
      overBudgetConfirmedAt: null,
    },
    budgetOptions: [
      {
        id: 'b1',
        name: 'FY26 brand',
        periodStart: inDays(0),
        periodEnd: inDays(200),
        amountMinor: 12_000_000,
        currency: 'EUR',
        committedElsewhereMinor: 9_600_000,
      },
    ],
    editableSteps: ['overview', 'platforms', 'audience', 'schedule', 'review'],
    lockReason: null,
  };
}

async function fakePlanning(page: Page, answer: () => Plan, save: 'ok' | 'conflict' = 'ok') {
  const json = (route: Route, body: unknown, status = 200) =>
    route.fulfill({ status, contentType: 'application/json', body: JSON.stringify(body) });
  await page.route('**/planning/**', (route) => {
    const request = route.request();
    if (!['fetch', 'xhr'].includes(request.resourceType())) return route.continue();
    const path = new URL(request.url()).pathname;
    if (path === '/planning/platforms') return json(route, RULES);
    if (path.endsWith('/interests')) return json(route, []);
    if (path === '/planning/audience-estimates')
      return json(
        route,
        RULES.map((r) => ({
          platform: r.key,
          lower: 1_200_000,
          upper: 1_600_000,
          guidance: 'fits',
          message: null,
        })),
      );
    if (request.method() === 'PUT' && save === 'conflict')
      return json(
        route,
        { message: 'This plan was changed elsewhere', errorCode: 'PLAN_VERSION_CONFLICT' },
        409,
      );
    return json(route, answer());
  });
}

test('planning wizard screens', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 1000 });
  await signIn(page);
  const customers = await (await page.request.get('/api/customers')).json();
  const list = (Array.isArray(customers) ? customers : (customers as { data: unknown[] }).data) as {
    id: string;
  }[];
  const customerId = list[0]?.id ?? null;
  await fakePlanning(page, () => plan(customerId));
  for (const step of ['overview', 'platforms', 'audience', 'schedule', 'review']) {
    await page.goto(`/planning/wizard/${ID}/${step}`);
    await expect(page.getByRole('navigation', { name: 'Plan steps' })).toBeVisible();
    await page.waitForTimeout(800);
    await page.screenshot({ path: `test-results/planning-${step}.png`, fullPage: true });
  }
  // A save refused as stale: the conflict banner; then leaving asks first.
  await page.unroute('**/planning/**');
  await fakePlanning(page, () => plan(customerId), 'conflict');
  await page.goto(`/planning/wizard/${ID}/platforms`);
  await page.getByLabel('Meta cost cap').fill('5.00');
  await expect(page.getByText('This plan was changed elsewhere')).toBeVisible();
  await page.screenshot({ path: 'test-results/planning-conflict.png' });
  await page.getByRole('link', { name: 'Campaigns' }).first().click();
  await expect(page.getByRole('alertdialog', { name: 'Leave without saving?' })).toBeVisible();
  // The dialog rises in (160 ms): the picture waits for it to settle.
  await page.screenshot({ path: 'test-results/planning-leave.png', animations: 'disabled' });
  await page.getByRole('button', { name: 'Stay' }).click();

  // A live campaign: the platforms step is read-only, with the reason.
  await page.unroute('**/planning/**');
  await fakePlanning(page, () => ({
    ...plan(customerId),
    campaign: { ...plan(customerId).campaign, status: 'active' },
    editableSteps: ['overview'],
    lockReason: 'This campaign is live: its platforms, budget, audience and schedule are as launched.',
  }));
  await page.goto(`/planning/wizard/${ID}/platforms`);
  await expect(page.getByText('This step is read-only')).toBeVisible();
  await page.screenshot({ path: 'test-results/planning-readonly.png' });

  await page.goto('/planning/wizard/new/overview?objective=3');
  await expect(page.getByLabel('Campaign name')).toBeVisible();
  await page.getByRole('button', { name: /^Next/ }).click();
  await page.screenshot({ path: 'test-results/planning-new.png', fullPage: true });
});

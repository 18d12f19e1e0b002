import { randomUUID } from 'node:crypto';
import { withDatabase } from './support/db';
import { saveValidAds } from './support/planning';
import { DEMO, signIn } from './support/session';
import { confirmWithEmailCode } from './support/stepUp';
import { type BrowserContext, expect, type Page, test } from './support/test';

/**
 * The media plan in the browser (issue 12): a planner builds a plan step by step in the wizard — overview,
 * platforms and budget, audience, schedule, review — and launches it through the step-up; the bookings
 * and the budget follow. Also: a second tab's save makes the first say the plan changed, and a plan over
 * its budget asks for confirmation before Launch. Works on records tagged with this run's id.
 */

const TAG = `E2E plan ${randomUUID().slice(0, 8)}`;

/** YYYY-MM-DD, `days` from today. */
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

async function post(page: Page, path: string, data: unknown): Promise<{ id: string }> {
  const response = await page.request.post(path, { headers: { Origin: new URL(page.url()).origin }, data });
  expect(response.status(), await response.text()).toBe(201);
  return response.json();
}

/** A customer of this run, with a budget covering the next months. */
async function customerWithBudget(page: Page, name: string, amountMinor: number) {
  const customer = await post(page, '/api/customers', { name: `${TAG} ${name}` });
  const budget = await post(page, '/api/budgets', {
    name: `${TAG} ${name} budget`,
    customerId: customer.id,
    periodStart: inDays(0),
    periodEnd: inDays(120),
    amountMinor,
    currency: 'EUR',
  });
  return { customerId: customer.id, customerName: `${TAG} ${name}`, budgetId: budget.id };
}

const steps = (page: Page) => page.getByRole('navigation', { name: 'Plan steps' });
const saveStatus = (page: Page) =>
  page.getByRole('status').filter({ hasText: /^(Saved|Saving…|Not saved|Unsaved changes)$/ });
const campaignIdOf = (page: Page) => /\/planning\/wizard\/([0-9a-f-]{36})\//.exec(page.url())?.[1] ?? '';

test.afterAll(async () => {
  await withDatabase(async (db) => {
    await db.query(
      'DELETE FROM bookings WHERE campaign_id IN (SELECT id FROM campaigns WHERE name LIKE $1)',
      [`${TAG}%`],
    );
    await db.query('DELETE FROM campaigns WHERE name LIKE $1', [`${TAG}%`]);
    await db.query('DELETE FROM budgets WHERE name LIKE $1', [`${TAG}%`]);
    await db.query('DELETE FROM customers WHERE name LIKE $1', [`${TAG}%`]);
  });
});

test('a planner plans a campaign step by step, launches it, and finds its bookings and its budget', async ({
  page,
}) => {
  await signIn(page);
  const { customerName, budgetId } = await customerWithBudget(page, 'Acme', 2_000_000);
  const name = `${TAG} spring`;

  // 1. Overview: the objective picked in "Create campaign" is preselected; the plan is created on its first save.
  await page.goto('/planning/wizard/new/overview?objective=2');
  await expect(page.getByRole('radio', { name: 'Traffic' })).toBeChecked();
  await expect(
    steps(page).getByText('Overview').locator('xpath=ancestor::*[@aria-current="step"]'),
  ).toHaveCount(1);
  await page.getByRole('button', { name: 'Next: Platforms and budget' }).click();
  await expect(page.getByText('Enter a campaign name')).toBeVisible();
  await page.getByLabel('Campaign name').fill(name);
  await page.getByLabel('Customer').selectOption({ label: customerName });
  await expect(page).toHaveURL(/\/planning\/wizard\/[0-9a-f-]{36}\/overview$/);
  await expect(saveStatus(page)).toHaveText('Saved');
  const campaignId = campaignIdOf(page);
  await page.getByRole('button', { name: 'Next: Platforms and budget' }).click();

  // 2. Platforms and budget: three platforms, the budget split evenly, "left to allocate" at zero.
  await expect(page).toHaveURL(new RegExp(`/planning/wizard/${campaignId}/platforms$`));
  const platforms = page.getByRole('group', { name: 'Platforms' }).getByRole('checkbox');
  for (const index of [0, 1, 2]) await platforms.nth(index).check();
  await page.getByLabel('Total budget (EUR)').fill('3000');
  await expect(page.getByText('€3,000 left to allocate')).toBeVisible();
  await page.getByRole('button', { name: 'Split evenly' }).click();
  await expect(page.getByText('€0 left to allocate')).toBeVisible();
  await expect(saveStatus(page)).toHaveText('Saved');
  await page.getByRole('button', { name: 'Next: Audience' }).click();

  // 3. Audience: a country, and each platform's estimate.
  await expect(page).toHaveURL(new RegExp(`/planning/wizard/${campaignId}/audience$`));
  await page.getByPlaceholder('Search countries').fill('Germany');
  await page.getByRole('option', { name: /Germany/ }).click();
  const estimates = page.getByRole('complementary', { name: 'Estimated audience size' });
  await expect(estimates.getByText('Estimated audience size').first()).toBeVisible();
  await expect(saveStatus(page)).toHaveText('Saved');
  await page.getByRole('button', { name: 'Next: Schedule' }).click();

  // 4. Schedule: the campaign's dates, two flights on the first platform, the flowchart.
  await expect(page).toHaveURL(new RegExp(`/planning/wizard/${campaignId}/schedule$`));
  await page.getByLabel('Start date', { exact: true }).fill(inDays(7));
  await page.getByLabel('End date', { exact: true }).fill(inDays(36));
  const firstPlatform = page
    .getByRole('region')
    .filter({ has: page.getByRole('button', { name: 'Add flight' }) })
    .first();
  await firstPlatform.getByRole('button', { name: 'Add flight' }).click();
  const amounts = firstPlatform.getByLabel(/flight \d amount/);
  await expect(amounts).toHaveCount(2);
  const flightEnds = firstPlatform.getByLabel(/flight 1 end/);
  await flightEnds.fill(inDays(20));
  await firstPlatform.getByLabel(/flight 2 start/).fill(inDays(21));
  await firstPlatform.getByLabel(/flight 2 end/).fill(inDays(36));
  await amounts.nth(0).fill('500');
  await amounts.nth(1).fill('500');
  const flowchart = page.getByRole('region', { name: 'Flowchart' });
  await expect(flowchart.getByRole('table')).toBeVisible();
  await expect(saveStatus(page)).toHaveText('Saved');
  await page.getByRole('button', { name: 'Next: Creative' }).click();

  // 5. Creative: one ad per platform, saved through the step's call (the step's own journey, upload and
  // previews included, is e2e/creative.spec.ts); the step then shows them and lets Next through.
  await expect(page).toHaveURL(new RegExp(`/planning/wizard/${campaignId}/creative$`));
  await saveValidAds(page, campaignId);
  await page.reload();
  await expect(page.getByRole('article')).toHaveCount(3);
  await page.getByRole('button', { name: 'Next: Review' }).click();

  // 6. Review: every step summarised, the flowchart, the budget fit; Launch through the step-up.
  await expect(page).toHaveURL(new RegExp(`/planning/wizard/${campaignId}/review$`));
  for (const step of ['overview', 'platforms and budget', 'audience', 'schedule'])
    await expect(page.getByRole('button', { name: `Edit ${step}` })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Flowchart' }).getByRole('table')).toBeVisible();
  // Flights numbered within their platform, as their bookings will be named.
  const schedule = page.getByRole('region', { name: 'Schedule summary' });
  await expect(schedule.getByRole('term').filter({ hasText: / · flight 1$/ })).toHaveCount(3);
  await expect(schedule.getByRole('term').filter({ hasText: / · flight 2$/ })).toHaveCount(1);
  await expect(page.getByRole('region', { name: 'Audience summary' }).getByText('Germany')).toBeVisible();
  await page.getByLabel('Draws on').selectOption(budgetId);
  await expect(page.getByText('€17,000 of €20,000 left after this plan')).toBeVisible();
  await page.getByRole('link', { name: 'Launch' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText('Are you sure?')).toBeVisible();
  await confirmWithEmailCode(page, DEMO.email, () => dialog.getByRole('button', { name: 'Launch' }).click());
  await expect(page).toHaveURL(new RegExp(`/campaigns/${campaignId}$`));

  // Once every platform has approved it the campaign is scheduled: its first flight starts in a week (the
  // page follows the launch job).
  await expect(page.getByRole('main').getByText('scheduled', { exact: true }).first()).toBeVisible();

  // The flights became bookings, confirmed once the platforms went live; the budget counts them. The
  // bookings page is filtered by `?campaign=` (bookingFilters.ts) and reads the bookings when it opens.
  await page.goto(`/bookings?campaign=${campaignId}`);
  const bookings = page.getByRole('table', { name: 'Bookings' });
  await expect(bookings.getByRole('row').filter({ hasText: name })).toHaveCount(4);
  await expect(bookings.getByRole('row').filter({ hasText: /confirmed/i })).toHaveCount(4);
  // The budget's page lists the campaign (its bookings are listed there too, named after it) and counts it.
  await page.goto(`/budgets/${budgetId}`);
  const committed = page.getByRole('region', { name: 'Committed' });
  await expect(committed.getByText('€3,000 committed of €20,000')).toBeVisible();
  await expect(committed.getByRole('link', { name, exact: true })).toHaveAttribute(
    'href',
    `/campaigns/${campaignId}`,
  );
});

test('a save in a second tab makes the first say the plan changed; the planner keeps their changes', async ({
  page,
  context,
}) => {
  await signIn(page);
  const { customerId } = await customerWithBudget(page, 'Conflict', 1_000_000);
  const created = await post(page, '/planning/wizard/new/overview', {
    name: `${TAG} conflict`,
    objectiveId: 2,
    customerId,
    currency: 'EUR',
  });
  const campaignId = (created as unknown as { campaignId: string }).campaignId;
  await page.goto(`/planning/wizard/${campaignId}/overview`);
  const other = await openSecondTab(context, `/planning/wizard/${campaignId}/overview`);

  await other.getByLabel('Campaign name').fill(`${TAG} conflict (theirs)`);
  await expect(saveStatus(other)).toHaveText('Saved');

  await page.getByLabel('Campaign name').fill(`${TAG} conflict (mine)`);
  await expect(page.getByText('This plan was changed elsewhere')).toBeVisible();
  await expect(page.getByLabel('Campaign name')).toHaveValue(`${TAG} conflict (mine)`);
  await page.getByRole('button', { name: 'Keep my changes' }).click();
  await expect(saveStatus(page)).toHaveText('Saved');
  await other.reload();
  await expect(other.getByLabel('Campaign name')).toHaveValue(`${TAG} conflict (mine)`);
});

test('a plan over its budget asks for confirmation before Launch', async ({ page }) => {
  await signIn(page);
  // A budget of €100 for a €3,000 plan.
  const { customerId, budgetId } = await customerWithBudget(page, 'Tight', 10_000);
  const created = (await post(page, '/planning/wizard/new/overview', {
    name: `${TAG} over`,
    objectiveId: 2,
    customerId,
    currency: 'EUR',
  })) as unknown as { campaignId: string; plan: { campaign: { version: number } } };
  const id = created.campaignId;
  const origin = { Origin: new URL(page.url()).origin };
  const put = async (step: string, data: Record<string, unknown>) => {
    const plan = await (
      await page.request.get(`/planning/wizard/${id}`, { headers: { Accept: 'application/json' } })
    ).json();
    const response = await page.request.put(`/planning/wizard/${id}/${step}`, {
      headers: origin,
      data: { ...data, version: plan.campaign.version },
    });
    expect(response.status(), await response.text()).toBe(200);
  };
  await put('platforms', {
    platforms: ['meta'],
    budgetMinor: 300_000,
    splitMode: 'amount',
    allocations: { meta: { amountMinor: 300_000, bidStrategy: 'lowest_cost', costCapMinor: null } },
  });
  await put('audience', {
    locations: ['DE'],
    ageMin: 18,
    ageMax: 65,
    genders: [],
    languages: [],
    interests: {},
  });
  await put('schedule', {
    startDate: inDays(7),
    endDate: inDays(36),
    flights: [
      { platform: 'meta', startDate: inDays(7), endDate: inDays(36), amountMinor: 300_000, pacing: 'even' },
    ],
  });
  await saveValidAds(page, id);

  await page.goto(`/planning/wizard/${id}/review`);
  await page.getByLabel('Draws on').selectOption(budgetId);
  await expect(page.getByText('€2,900 over €100 with this plan')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Launch' })).toBeDisabled();
  // The box shows the planner's choice at once; Launch is offered once the confirmation is saved.
  const confirmation = page.getByRole('checkbox', { name: /Plan over budget/ });
  await confirmation.check();
  await expect(page.getByRole('link', { name: 'Launch' })).toBeVisible();
  await expect(confirmation).toBeChecked();
  await page.reload();
  await expect(page.getByRole('checkbox', { name: /Plan over budget/ })).toBeChecked();
  await expect(page.getByRole('link', { name: 'Launch' })).toBeVisible();
});

async function openSecondTab(context: BrowserContext, path: string): Promise<Page> {
  const tab = await context.newPage();
  await tab.goto(path);
  await expect(tab.getByLabel('Campaign name')).toBeVisible();
  return tab;
}

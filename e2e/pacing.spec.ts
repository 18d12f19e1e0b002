import { OWN_USERS } from './support/lanes';
import { inDays, planCampaign } from './support/planning';
import { newPlanner, platformCard, sameOrigin, syncNow } from './support/platforms';
import { signIn } from './support/session';
import { confirmWithEmailCode } from './support/stepUp';
import { expect, test } from './support/test';

/**
 * Budget pacing in the demo data: a budget in progress shows its figures, status and cumulative chart;
 * an active campaign its flights' delivery; the dashboard this month's spend. Spent amounts come from the
 * demo seed's delivery history (server/seed/seedDelivery.ts); without it they are 0 and the pages say so.
 */

const today = () => new Date().toISOString().slice(0, 10);

test('a budget in progress shows its pacing figures, status and chart', async ({ page }) => {
  await signIn(page, { to: '/budgets' });
  await expect(page.getByRole('heading', { name: /^Budgets/ })).toBeVisible();
  const budgets: { id: string; name: string; periodStart: string; periodEnd: string }[] = await (
    await page.request.get('/api/budgets?_end=100')
  ).json();
  const running = budgets.find((b) => b.periodStart < today() && b.periodEnd >= today());
  expect(running, 'the demo data has a budget in progress').toBeDefined();

  await page.goto(`/budgets/${running!.id}`);
  const card = page.getByRole('region', { name: 'Pacing' });
  const figures = card.locator('dl');
  for (const label of ['Amount', 'Booked', 'Spent', 'Left to spend'])
    await expect(figures).toContainText(label);
  await expect(card.getByText(/On track|Underpacing|Overpacing|Too early/).first()).toBeVisible();
  await expect(card.getByText(/booked to date|Too early to tell/).first()).toBeVisible();

  // uPlot is loaded when the chart is drawn; the table beside it is the screen readers' version.
  await expect(card.getByTestId('pacing-plot').locator('canvas')).toBeVisible();
  const table = card.getByRole('table', { name: new RegExp(`^Pacing of ${running!.name}`) });
  await expect(table.getByRole('columnheader', { name: 'Forecast' })).toBeAttached();
  await card.getByRole('checkbox', { name: 'Show the forecast' }).uncheck();
  await expect(table.getByRole('columnheader', { name: 'Forecast' })).not.toBeAttached();
});

test('an active campaign shows its flights’ delivery and pacing', async ({ page }) => {
  await signIn(page, { to: '/campaigns' });
  await expect(page.getByRole('heading', { name: /^Campaigns/ })).toBeVisible();
  const campaigns: { id: string }[] = await (
    await page.request.get('/api/campaigns?status=active&_end=1')
  ).json();
  await page.goto(`/campaigns/${campaigns[0]!.id}`);
  const card = page.getByRole('region', { name: 'Delivery' });
  const flights = card.getByRole('table', { name: 'Flights' });
  await expect(flights).toBeVisible();
  await expect(flights.getByRole('columnheader', { name: 'Spent to date' })).toBeVisible();
  await expect(
    flights.getByText(/On track|Underpacing|Overpacing|Too early|Ended|Not started/).first(),
  ).toBeVisible();
});

test('the dashboard shows spend this month and the budgets off pace', async ({ page }) => {
  await signIn(page, { to: '/' });
  await expect(page.getByRole('heading', { name: 'Spend this month' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Spend this month' })).toContainText(
    /spent of|Nothing planned/,
  );
  await expect(page.getByRole('heading', { name: 'Budgets off pace' })).toBeVisible();
});

/**
 * Issue 28: a pacing alert in the inbox after the sandbox clock moves. A planner of their own launches a
 * front-loaded Meta campaign starting today (the sandbox spends ~1.4× an even share in a front-loaded
 * flight's first days); the sandbox clock moves 4 days ahead, "Sync now" reads those days, and the delivery
 * sync's pacing check finds the flight more than 15 % over plan: the bell has the alert, which opens the
 * campaign. The clock goes back at once (also when the test fails), as in delivery-loop.spec.ts; this test
 * runs in the own-users lane, one at a time with that one.
 */
test.describe('pacing alerts', () => {
  test.afterEach(async ({ page }) => {
    await page.request.delete('/api/sandbox/clock', { headers: sameOrigin() }).catch(() => undefined);
  });

  test('a pacing alert in the inbox after the sandbox clock moves', { tag: OWN_USERS }, async ({ page }) => {
    const email = await newPlanner(page, 'pacing');
    const name = `Rush ${Date.now().toString(36)}`;

    await page.goto('/platforms');
    await platformCard(page, 'Meta').getByRole('button', { name: 'Connect Meta' }).click();
    await expect(page).toHaveURL(/\/sandbox\/meta\/oauth\/authorize\?/);
    await page.getByRole('button', { name: 'Allow' }).click();
    await expect(page.getByText('Meta is connected.')).toBeVisible();

    const customer = await page.request.post('/api/customers', {
      data: { name: `${name} customer` },
      headers: sameOrigin(),
    });
    expect(customer.status()).toBe(201);
    const campaignId = await planCampaign(page, {
      name,
      customerId: ((await customer.json()) as { id: string }).id,
      platforms: ['meta'],
      budgetMinor: 900_000,
      startDate: inDays(0),
      endDate: inDays(29),
      pacing: 'front_loaded',
    });
    await page.goto(`/planning/wizard/${campaignId}/review`);
    await page.getByRole('link', { name: 'Launch' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByText('Are you sure?')).toBeVisible();
    await confirmWithEmailCode(page, email, () => dialog.getByRole('button', { name: 'Launch' }).click());
    await expect(page).toHaveURL(new RegExp(`/campaigns/${campaignId}$`));
    await expect(page.getByRole('main').getByText('active', { exact: true }).first()).toBeVisible();

    // Nothing to say yet: the bell has no unread notification.
    await expect(page.getByRole('button', { name: 'Notifications' })).toBeVisible();

    const moved = await page.request.post('/api/sandbox/clock', { data: { days: 4 }, headers: sameOrigin() });
    expect(await moved.json()).toEqual({ today: inDays(4) });
    try {
      await page.goto('/platforms');
      await syncNow(page, 'Meta');
    } finally {
      const back = await page.request.delete('/api/sandbox/clock', { headers: sameOrigin() });
      expect(await back.json()).toEqual({ today: inDays(0) });
    }

    // The alert in the bell (the bell asks for news when it opens).
    await page.goto('/');
    await page.getByRole('button', { name: /^Notifications, \d+ unread$/ }).click();
    const alert = page
      .getByRole('list', { name: 'Notifications' })
      .getByRole('button', { name: new RegExp(`${name} is overpacing on Meta`) });
    await expect(alert).toBeVisible();
    await alert.click();
    await expect(page).toHaveURL(new RegExp(`/campaigns/${campaignId}$`));
  });
});

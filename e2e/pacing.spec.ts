import { signIn } from './support/session';
import { expect, type Page, test } from './support/test';

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

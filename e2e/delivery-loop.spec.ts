import { readFile } from 'node:fs/promises';
import { inDays, planCampaign } from './support/planning';
import { newPlanner, platformCard, sameOrigin, syncNow } from './support/platforms';
import { confirmWithEmailCode } from './support/stepUp';
import { expect, test } from './support/test';

/**
 * The whole loop of issue 14 on a user of its own: connect Meta through its consent page, plan a campaign
 * on it drawing on a new budget, launch it (step-up), let the sandbox deliver a day (the sandbox clock's
 * test hook), sync, then see the delivery in the report (row, chart, CSV), on the campaign's page and on the
 * budget's page.
 *
 * The sandbox clock is one for the whole database, and the demo user's specs run beside this one. It is moved
 * ahead by one day only between this account's campaign going live and its sync finishing, then put back
 * (also when the test fails). Meanwhile nothing of the demo lane can change: pacing and completion count on
 * the real day, and what the demo specs read of the reports and budgets does not depend on the day's figures.
 */

const headers = sameOrigin;
const eur = (minor: number) =>
  new Intl.NumberFormat('en-US', {
    style: 'currency',
    currency: 'EUR',
    ...(minor % 100 === 0 ? { minimumFractionDigits: 0, maximumFractionDigits: 0 } : {}),
  }).format(minor / 100);

const card = platformCard;

test.afterEach(async ({ page }) => {
  // Whatever happened (a timeout cuts the test's own `finally` short), the other lane's syncs read the real
  // day again.
  await page.request.delete('/api/sandbox/clock', { headers: headers() }).catch(() => undefined);
});

test('connect, plan, launch, deliver, sync: the report, its chart and CSV, the campaign and the budget show it', async ({
  page,
}) => {
  const email = await newPlanner(page, 'loop');
  const name = `Loop ${Date.now().toString(36)}`;

  // 1. Meta through its consent page.
  await page.goto('/platforms');
  await card(page, 'Meta').getByRole('button', { name: 'Connect Meta' }).click();
  await expect(page).toHaveURL(/\/sandbox\/meta\/oauth\/authorize\?/);
  await page.getByRole('button', { name: 'Allow' }).click();
  await expect(page.getByText('Meta is connected.')).toBeVisible();

  // 2. A customer (arranged), its budget through the form, a plan on Meta drawing on it.
  const customer = await page.request.post('/api/customers', {
    data: { name: `${name} customer` },
    headers: headers(),
  });
  expect(customer.status()).toBe(201);
  const customerId = ((await customer.json()) as { id: string }).id;
  await page.goto('/budgets/new');
  const form = page.getByRole('region', { name: 'New budget' });
  await form.getByLabel('Name').fill(`${name} budget`);
  await form.getByLabel('Customer').selectOption(customerId);
  await form.getByLabel('First day').fill(inDays(-10));
  await form.getByLabel('Last day').fill(inDays(50));
  await form.getByLabel('Amount').fill('20000');
  await form.getByRole('button', { name: 'Create budget' }).click();
  await expect(page).toHaveURL(/\/budgets\/[0-9a-f-]{36}$/);
  const budgetId = new URL(page.url()).pathname.split('/').pop()!;

  const campaignId = await planCampaign(page, {
    name,
    customerId,
    platforms: ['meta'],
    budgetMinor: 600_000,
    startDate: inDays(0),
    endDate: inDays(29),
  });

  // 3. Launch from the review, through the step-up (a new user confirms with an e-mailed code).
  await page.goto(`/planning/wizard/${campaignId}/review`);
  await page.getByLabel('Draws on').selectOption(budgetId);
  await page.getByRole('link', { name: 'Launch' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText('Are you sure?')).toBeVisible();
  await confirmWithEmailCode(page, email, () => dialog.getByRole('button', { name: 'Launch' }).click());
  await expect(page).toHaveURL(new RegExp(`/campaigns/${campaignId}$`));
  // Live on the sandbox today: the day the clock moves past is a delivered day.
  await expect(page.getByRole('main').getByText('active', { exact: true }).first()).toBeVisible();

  // 4. The sandbox delivers today (its clock one day ahead), "Sync now" reads it, the clock goes back.
  const today = inDays(0);
  const moved = await page.request.post('/api/sandbox/clock', { data: { days: 1 }, headers: headers() });
  expect(await moved.json()).toEqual({ today: inDays(1) });
  try {
    await page.goto('/platforms');
    await syncNow(page, 'Meta');
  } finally {
    const back = await page.request.delete('/api/sandbox/clock', { headers: headers() });
    expect(await back.json()).toEqual({ today });
  }

  // What the campaign's delivery says it spent (today, its only delivered day).
  const delivery = (await (await page.request.get(`/api/campaigns/${campaignId}/delivery`)).json()) as {
    totals: { spendMinor: number };
  };
  const spent = delivery.totals.spendMinor;
  expect(spent).toBeGreaterThan(0);
  expect(spent).toBeLessThanOrEqual(600_000);

  // 5. The report of today: the campaign's row with that spend, the chart, the CSV with the same row.
  await page.goto(`/reports?from=${today}&to=${today}&groupBy=campaign`);
  const table = page.getByRole('table', { description: /^Rows / });
  await expect(table).toHaveAttribute('aria-busy', 'false');
  const row = table.getByRole('row', { name: new RegExp(name) });
  await expect(row).toContainText(eur(spent));
  const chart = page.getByRole('region', { name: /by (day|week)$/ });
  await expect(chart.locator('canvas').first()).toBeVisible();
  await expect(chart.getByRole('table')).toBeAttached();

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Export CSV' }).click(),
  ]);
  const lines = (await readFile((await download.path())!, 'utf8')).split(/\r?\n/).filter(Boolean);
  const header = lines[0]!.split(',');
  const csvRow = lines.find((line) => line.includes(name));
  expect(csvRow, lines.join('\n')).toBeDefined();
  const spendColumn = header.findIndex((column) => /^"?spend/i.test(column));
  expect(spendColumn, header.join(',')).toBeGreaterThanOrEqual(0);
  // The CSV's spend is in the currency's units, exact (123.45 for 12345 cents).
  expect(csvRow!.split(',')[spendColumn]).toBe((spent / 100).toFixed(2));

  // 6. The campaign's page: its delivery by platform, the same spend.
  await page.goto(`/campaigns/${campaignId}`);
  const deliveryCard = page.getByRole('region', { name: 'Delivery' });
  await expect(deliveryCard.getByRole('table', { name: 'By platform' })).toContainText(eur(spent));

  // 7. The budget's page: its figures and pacing status, as the pacing API computes them on the real day
  // (complete days only: today's spend counts from tomorrow); as of the sandbox's tomorrow, it is the spend.
  const pacing = (await (await page.request.get(`/api/budgets/${budgetId}/pacing`)).json()) as {
    pacing: { spentMinor: number; status: string };
  };
  await page.goto(`/budgets/${budgetId}`);
  const pacingCard = page.getByRole('region', { name: 'Pacing' });
  const figures = pacingCard.getByRole('definition');
  await expect(pacingCard.getByRole('term').nth(2)).toHaveText('Spent');
  await expect(figures.nth(2)).toHaveText(eur(pacing.pacing.spentMinor));
  await expect(pacingCard.getByText(/On track|Underpacing|Overpacing|Too early/).first()).toBeVisible();
  const tomorrow = (await (
    await page.request.get(`/api/budgets/${budgetId}/pacing?asOf=${inDays(1)}`)
  ).json()) as { pacing: { spentMinor: number } };
  expect(tomorrow.pacing.spentMinor).toBe(spent);
});

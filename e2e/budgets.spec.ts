import { signIn } from './support/session';
import { expect, type Page, test } from './support/test';

/** A name no seeded budget has, so the list search finds exactly this one. */
const uniqueName = (label: string) => `${label} ${Date.now().toString(36)}`;

async function createBudget(page: Page, name: string) {
  await signIn(page, { to: '/budgets' });
  await expect(page.getByRole('heading', { name: /^Budgets/ })).toBeVisible();
  await page.getByRole('link', { name: 'Create budget' }).click();
  await expect(page).toHaveURL(/\/budgets\/new$/);
  const form = page.getByRole('region', { name: 'New budget' });
  await form.getByLabel('Name').fill(name);
  // The seeded account's first customer, whichever it is.
  const customer = form.getByLabel('Customer');
  const firstCustomer = await customer.locator('option').nth(1).getAttribute('value');
  if (firstCustomer) await customer.selectOption(firstCustomer);
  await form.getByLabel('First day').fill('2026-07-01');
  await form.getByLabel('Last day').fill('2026-09-30');
  await form.getByLabel('Amount').fill('40000');
  await form.getByRole('button', { name: 'Create budget' }).click();
  await expect(page).toHaveURL(/\/budgets\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { name })).toBeVisible();
  return page.url();
}

test('creates a budget through the form, finds it in the list, and edits it', async ({ page }) => {
  const name = uniqueName('Q3 performance');
  const budgetUrl = await createBudget(page, name);
  const id = new URL(budgetUrl).pathname.split('/').pop();

  // Listed: the name search finds it, its row links to it.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Budgets' }).click();
  await page.getByRole('searchbox', { name: 'Search budgets by name' }).fill(name);
  // The search applies once typing pauses; until then the rows on screen are the unfiltered list.
  await expect(page).toHaveURL(/[?&]name=/);
  const table = page.getByRole('table', { name: 'Budgets' });
  await expect(table).toHaveAttribute('aria-busy', 'false');
  await expect(table.getByRole('link', { name, exact: true })).toHaveAttribute('href', `/budgets/${id}`);
  await expect(table.getByText('€40,000')).toBeVisible();

  // Edited through its own form: back on the budget's page with the new amount.
  await table.getByRole('link', { name: `Edit ${name}` }).click();
  await expect(page).toHaveURL(new RegExp(`/budgets/${id}/edit$`));
  const form = page.getByRole('region', { name: 'Edit budget' });
  await form.getByLabel('Amount').fill('45000');
  await form.getByRole('button', { name: 'Save budget' }).click();
  await expect(page).toHaveURL(new RegExp(`/budgets/${id}$`));
  await expect(page.getByRole('region', { name: 'Budget details' }).getByText('€45,000')).toBeVisible();
});

test('the create form refuses a period that ends before it starts, and sends nothing', async ({ page }) => {
  await signIn(page, { to: '/budgets/new' });
  const form = page.getByRole('region', { name: 'New budget' });
  await form.getByLabel('Name').fill(uniqueName('Backwards'));
  await form.getByLabel('First day').fill('2026-09-30');
  await form.getByLabel('Last day').fill('2026-07-01');
  await form.getByLabel('Amount').fill('100');
  await form.getByRole('button', { name: 'Create budget' }).click();
  await expect(form.getByText('The period ends after it starts')).toBeVisible();
  await expect(page).toHaveURL(/\/budgets\/new$/);
});

// GET /api/budgets/{id}/drawdown (server/planning/drawdown.ts, issue 12).
test('a new budget’s page shows nothing committed yet and all of it remaining', async ({ page }) => {
  await createBudget(page, uniqueName('Drawdown'));
  const card = page.getByRole('region', { name: 'Committed' });
  await expect(card.getByText('€0 committed of €40,000')).toBeVisible();
  await expect(card.getByText('€40,000 remaining')).toBeVisible();
  await expect(card.getByText('No campaign’s plan draws on this budget yet.')).toBeVisible();
});

test('bookings: filters kept in the URL, Back undoes one, and nothing creates a booking by hand', async ({
  page,
}) => {
  await signIn(page, { to: '/bookings' });
  const table = page.getByRole('table', { name: 'Bookings' });
  await expect(page.getByText(/^Showing /)).toBeVisible();
  const statusCells = table.locator('tbody tr td:nth-child(3)');
  const status = (await statusCells.first().innerText()).trim().toLowerCase();

  await page.getByRole('combobox', { name: 'Status' }).click();
  await page.getByRole('option', { name: status.charAt(0).toUpperCase() + status.slice(1) }).click();
  await expect(page).toHaveURL(new RegExp(`/bookings\\?status=${status}$`));
  await expect(table).toHaveAttribute('aria-busy', 'false');
  for (const text of await statusCells.allInnerTexts()) expect(text.trim().toLowerCase()).toBe(status);

  await page.getByLabel('From').fill('2020-01-01');
  await expect(page).toHaveURL(/from=2020-01-01/);
  await page.goBack();
  await expect(page).toHaveURL(new RegExp(`/bookings\\?status=${status}$`));
  await expect(page.getByLabel('From')).toHaveValue('');

  await expect(page.getByRole('link', { name: /create booking|new booking/i })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /create booking|new booking/i })).toHaveCount(0);
});

import { randomUUID } from 'node:crypto';
import { withDatabase } from './support/db';
import { newUser } from './support/enrol';
import { OWN_USERS } from './support/lanes';
import { signIn } from './support/session';
import { confirmWithEmailCode } from './support/stepUp';
import { expect, type Page, test } from './support/test';

/**
 * The lists: filtering campaigns by status and platform (in the URL, through a reload), creating,
 * renaming and deleting a customer with a toast for each, and editing a budget. Works on records tagged with this run's id and
 * removes them afterwards, so the demo data the other specs count on is left as it was.
 */

const RUN = randomUUID().slice(0, 8);
const TAG = `E2E lists ${RUN}`;

/**
 * A campaign in `status`: created as a draft through the API (the status is not writable; only launching,
 * pausing, resuming and deleting change it), then put in `status` directly in the database.
 */
async function createCampaign(page: Page, name: string, status: string, platforms: string[]) {
  const response = await page.request.post('/api/campaigns', {
    headers: { Origin: new URL(page.url()).origin },
    data: {
      name,
      objectiveId: 2,
      platforms,
      startDate: '2031-03-01',
      endDate: '2031-03-31',
      budgetMinor: 250_000,
      currency: 'EUR',
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  const { id } = (await response.json()) as { id: string };
  if (status !== 'draft') {
    await withDatabase((db) => db.query('UPDATE campaigns SET status = $1 WHERE id = $2', [status, id]));
  }
}

const params = (page: Page) => new URL(page.url()).searchParams;
const dialog = (page: Page) => page.getByRole('dialog');
const toast = (page: Page, text: string) => page.getByRole('status').filter({ hasText: text });

async function choose(page: Page, filter: string, option: string) {
  await page.getByRole('combobox', { name: filter }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

test.afterAll(async () => {
  await withDatabase(async (db) => {
    await db.query('DELETE FROM campaigns WHERE name LIKE $1', [`${TAG}%`]);
    await db.query('DELETE FROM customers WHERE name LIKE $1', [`${TAG}%`]);
    await db.query('DELETE FROM budgets WHERE name LIKE $1', [`${TAG}%`]);
  });
});

test('filter campaigns by status and platform; the filters survive a reload and clear at once', async ({
  page,
}) => {
  await signIn(page);
  await createCampaign(page, `${TAG} paused tiktok`, 'paused', ['tiktok', 'meta']);
  await createCampaign(page, `${TAG} paused google`, 'paused', ['google']);
  await createCampaign(page, `${TAG} draft tiktok`, 'draft', ['tiktok']);

  await page.goto(`/campaigns?page=2&name=${encodeURIComponent(TAG)}`);
  const table = page.getByRole('table', { name: 'Campaigns' });
  const names = table.locator('tbody tr td:first-child a');
  await choose(page, 'Status', 'Paused');
  await expect(names).toHaveCount(2);
  expect((await names.allInnerTexts()).sort()).toEqual([`${TAG} paused google`, `${TAG} paused tiktok`]);
  await choose(page, 'Platform', 'TikTok');
  await expect(names).toHaveText([`${TAG} paused tiktok`]);
  expect(params(page).get('status')).toBe('paused');
  expect(params(page).get('platform')).toBe('tiktok');
  expect(params(page).has('page')).toBe(false);
  // The customer and objective columns.
  await expect(table.getByRole('row').filter({ hasText: `${TAG} paused tiktok` })).toContainText('Traffic');

  await page.reload();
  await expect(names).toHaveText([`${TAG} paused tiktok`]);
  await expect(page.getByRole('combobox', { name: 'Platform' })).toHaveText('TikTok');

  await page.getByRole('button', { name: 'Clear filters' }).click();
  await expect(page).toHaveURL(/\/campaigns$/);
  await expect(page.getByRole('searchbox', { name: 'Search campaigns by name' })).toHaveValue('');
});

// On a new user of its own (the own-users lane): nothing here needs the demo data.
test('create a customer, rename it, delete it: each closes its dialog and confirms with a toast', {
  tag: OWN_USERS,
}, async ({ page }) => {
  const { email } = await newUser(page, 'Lists');
  const name = `${TAG} customer`;
  const renamed = `${TAG} customer renamed`;
  await page.goto(`/customers?name=${encodeURIComponent(TAG)}`);
  await expect(page.getByText('No customers match')).toBeVisible();

  await page.getByRole('link', { name: 'Create customer' }).click();
  expect(params(page).get('modal')).toBe('create-customer');
  await dialog(page).getByLabel('Customer name').fill(`  ${name}  `);
  await dialog(page).getByRole('button', { name: 'Create customer' }).click();
  await expect(toast(page, 'Customer created.')).toBeVisible();
  await expect(dialog(page)).toHaveCount(0);
  const rows = page.getByRole('table', { name: 'Customers' }).locator('tbody tr td:first-child');
  await expect(rows).toHaveText([name]);
  expect(params(page).has('modal')).toBe(false);

  await page.getByRole('link', { name: `Rename ${name}`, exact: true }).click();
  const field = dialog(page).getByLabel('Customer name');
  await expect(field).toHaveValue(name);
  await field.fill(renamed);
  await dialog(page).getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, 'Customer renamed.')).toBeVisible();
  await expect(rows).toHaveText([renamed]);
  await expect.poll(() => params(page).has('customerRenamed')).toBe(false);

  await page.getByRole('link', { name: `Delete ${renamed}`, exact: true }).click();
  // A risky action: the user (no authenticators) confirms with the code e-mailed to them.
  await confirmWithEmailCode(page, email, () => dialog(page).getByRole('button', { name: 'Delete' }).click());
  await expect(toast(page, 'Customer deleted.')).toBeVisible();
  await expect(page.getByText('No customers match')).toBeVisible();
  await expect.poll(() => params(page).has('customerDeleted')).toBe(false);
  // The flag is gone from the history entry: a reload does not toast again.
  await page.reload();
  await expect(page.getByText('No customers match')).toBeVisible();
  await expect(toast(page, 'Customer deleted.')).toHaveCount(0);
});

test('edit a budget: the schema’s messages under the fields, then saved and back on its page', async ({
  page,
}) => {
  await signIn(page);
  const created = await page.request.post('/api/budgets', {
    headers: { Origin: new URL(page.url()).origin },
    data: {
      name: `${TAG} budget`,
      periodStart: '2031-01-01',
      periodEnd: '2031-03-31',
      amountMinor: 100_000,
      currency: 'EUR',
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { id } = (await created.json()) as { id: string };

  await page.goto(`/budgets/${id}/edit`);
  const form = page.getByRole('region', { name: 'Edit budget' });
  await expect(form.getByLabel('Amount')).toHaveValue('1000.00');
  await form.getByLabel('Name').fill('');
  await form.getByLabel('Last day').fill('2030-12-31');
  await form.getByLabel('Amount').fill('12.345');
  await form.getByRole('button', { name: 'Save budget' }).click();
  await expect(form.getByLabel('Name')).toHaveAccessibleDescription('Enter a budget name');
  await expect(form.getByLabel('Last day')).toHaveAccessibleDescription('The period ends after it starts');
  await expect(form.getByLabel('Amount')).toHaveAccessibleDescription(
    'Enter an amount, e.g. 1250 or 1250.50',
  );
  await expect(page).toHaveURL(new RegExp(`/budgets/${id}/edit$`));

  await form.getByLabel('Name').fill(`${TAG} budget renamed`);
  await form.getByLabel('Last day').fill('2031-06-30');
  await form.getByLabel('Amount').fill('2500.50');
  await form.getByRole('button', { name: 'Save budget' }).click();
  await expect(page).toHaveURL(new RegExp(`/budgets/${id}$`));
  await expect(page.getByRole('heading', { name: `${TAG} budget renamed` })).toBeVisible();
});

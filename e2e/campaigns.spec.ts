import { expect, type Page, test } from './support/test';

const DEMO = { email: 'demo@flightplan.test', password: 'flightplan-demo' };

async function signIn(page: Page, password = DEMO.password) {
  await page.getByLabel('E-mail address').fill(DEMO.email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

const table = (page: Page) => page.getByRole('table', { name: 'Campaigns' });
// The name's link (a draft that cannot launch yet has a note under it).
const nameCells = (page: Page) => table(page).locator('tbody tr td:first-child a');

test('a signed-out visit goes to sign-in and comes back; a wrong password shows the error', async ({
  page,
}) => {
  await page.goto('/campaigns?page=2');
  await expect(page).toHaveURL(/\/auth\/login\?.*returnUrl=%2Fcampaigns%3Fpage%3D2/);

  await signIn(page, 'not-the-password');
  await expect(page.getByRole('alert')).toHaveText('The e-mail address or password is not correct.');
  await expect(page).toHaveURL(/\/auth\/login/);

  await page.getByLabel('Password').fill(DEMO.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/campaigns\?page=2$/);
  await expect(page.getByText('Showing 11–20 of 32')).toBeVisible();
});

test('the demo user pages, sorts and filters the campaigns table, then signs out', async ({ page }) => {
  await page.goto('/auth/login');
  await signIn(page);
  // Signing in without a returnUrl opens the dashboard.
  await expect(page.getByRole('heading', { name: /Welcome back/ })).toBeVisible();
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Campaigns' }).click();
  await expect(page).toHaveURL(/\/campaigns/);
  await expect(page.getByText('Showing 1–10 of 32')).toBeVisible();
  await expect(nameCells(page)).toHaveCount(10);

  await page.getByRole('button', { name: 'Page 2' }).click();
  await expect(page).toHaveURL(/page=2/);
  await expect(page.getByText('Showing 11–20 of 32')).toBeVisible();

  await page.getByRole('button', { name: 'Name' }).click();
  await expect(page.getByRole('columnheader', { name: 'Name' })).toHaveAttribute('aria-sort', 'ascending');
  await expect(page).toHaveURL(/sort=name/);
  await expect(page.getByText('Showing 1–10 of 32')).toBeVisible();
  // Page 1 of the sorted list once its rows arrived (page 2's rows may still show for a moment).
  const sortedNames = (names: string[]) =>
    [...names].sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base' }));
  await expect
    .poll(async () => {
      const names = await nameCells(page).allInnerTexts();
      return names.length === 10 && names.join('|') === sortedNames(names).join('|');
    })
    .toBe(true);
  const ascending = await nameCells(page).allInnerTexts();
  expect(ascending).toEqual(sortedNames(ascending));

  await page.getByRole('button', { name: 'Name' }).click();
  await expect(page.getByRole('columnheader', { name: 'Name' })).toHaveAttribute('aria-sort', 'descending');
  await expect.poll(() => nameCells(page).first().innerText()).not.toBe(ascending[0]);

  // Search for the theme of a seeded campaign ("Acme Black Friday 2026" → "black friday"), whatever the seed drew.
  const term = ascending[0]!.split(' ').slice(1, -1).join(' ').toLowerCase();
  await page.getByRole('searchbox', { name: 'Search campaigns by name' }).fill(term);
  await expect.poll(() => new URL(page.url()).searchParams.get('name')).toBe(term);
  // The URL changes as the request leaves; the rows are the new ones once the table is no longer busy.
  await expect(table(page)).toHaveAttribute('aria-busy', 'false');
  await expect(page.getByText('No campaigns match these filters')).toHaveCount(0);
  const filtered = await nameCells(page).allInnerTexts();
  expect(filtered.length).toBeGreaterThan(0);
  for (const name of filtered) expect(name.toLowerCase()).toContain(term);
  await expect(page.getByText(new RegExp(`of ${filtered.length}$`))).toBeVisible();

  // The state lives in the URL: a reload shows the same page.
  await page.reload();
  await expect(page.getByRole('searchbox', { name: 'Search campaigns by name' })).toHaveValue(term);
  await expect(nameCells(page)).toHaveCount(filtered.length);

  await page.getByRole('button', { name: /^Account menu/ }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/auth\/login/);
  await page.goto('/campaigns');
  await expect(page).toHaveURL(/\/auth\/login/);
});

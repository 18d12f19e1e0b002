import { confirmWithEmailCode } from './support/stepUp';
import { expect, type Page, test } from './support/test';

const DEMO = { email: 'demo@flightplan.test', password: 'flightplan-demo' };

async function signIn(page: Page) {
  await page.getByLabel('E-mail address').fill(DEMO.email);
  await page.getByLabel('Password').fill(DEMO.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** YYYY-MM-DD, `days` from today. */
function inDays(days: number): string {
  const date = new Date();
  date.setDate(date.getDate() + days);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

test('the wizard creates a campaign, reviews it, launches it and the platforms go active', async ({
  page,
}) => {
  const name = `Wizard e2e ${Date.now()}`;
  await page.goto('/planning/wizard/new/overview?objective=1');
  await expect(page).toHaveURL(/\/auth\/login/);
  await signIn(page);
  await expect(page).toHaveURL(/\/planning\/wizard\/new\/overview\?objective=1/);
  await expect(page.getByRole('heading', { name: 'New campaign' })).toBeVisible();

  // An empty form: the server's validation errors appear under the fields.
  await page.getByRole('button', { name: 'Continue to review' }).click();
  const overview = page.getByRole('region', { name: 'Campaign overview' });
  await expect(overview.getByText('Choose at least one platform')).toBeVisible();
  await expect(overview.getByText('Choose a start date')).toBeVisible();
  await expect(overview.getByText('Enter a budget above zero')).toBeVisible();
  await expect(page).toHaveURL(/\/planning\/wizard\/new\/overview/);

  await page.getByLabel('Campaign name').fill(name);
  await page.getByLabel('Start date').fill(inDays(7));
  await page.getByLabel('End date').fill(inDays(37));
  await page.getByLabel('Total budget').fill('2500.50');
  await page.getByLabel('Currency').selectOption('EUR');
  const platforms = page.getByRole('group', { name: 'Platforms' }).getByRole('checkbox');
  await platforms.nth(0).check();
  await platforms.nth(1).check();
  const chosen = [
    (await page.getByRole('group', { name: 'Platforms' }).locator('label').nth(0).innerText()).trim(),
    (await page.getByRole('group', { name: 'Platforms' }).locator('label').nth(1).innerText()).trim(),
  ];
  await page.getByRole('button', { name: 'Continue to review' }).click();

  await expect(page).toHaveURL(/\/planning\/wizard\/[0-9a-f-]+\/review$/);
  const campaignId = /wizard\/([0-9a-f-]+)\/review/.exec(page.url())?.[1];
  expect(campaignId).toBeTruthy();
  await expect(page.getByRole('heading', { name: `Review ${name}` })).toBeVisible();
  await expect(page.getByText('€2,500.50').or(page.getByText('2,500.50'))).toBeVisible();
  const checks = page.getByRole('region', { name: 'Platform checks' });
  await expect(checks.getByRole('row')).toHaveCount(1 + 2 * chosen.length);
  await expect(checks.getByRole('cell', { name: 'OK', exact: true })).toHaveCount(2 * chosen.length);

  await page.getByRole('link', { name: 'Launch' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText('Are you sure?')).toBeVisible();
  // Launching is a risky action: the demo user (no authenticators) confirms with the code e-mailed to them.
  await confirmWithEmailCode(page, DEMO.email, () => dialog.getByRole('button', { name: 'Launch' }).click());

  await expect(page).toHaveURL(new RegExp(`/campaigns/${campaignId}$`), { timeout: 10_000 });
  const progress = page.getByRole('table', { name: 'Platform progress' });
  for (const platform of chosen) {
    await expect(progress.getByRole('row', { name: new RegExp(platform) })).toContainText('Active', {
      timeout: 15_000,
    });
  }
  await expect(progress.getByRole('row')).toHaveCount(1 + chosen.length);
});

import { randomUUID } from 'node:crypto';
import { withDatabase } from './support/db';
import { expect, type Page, test } from './support/test';

/**
 * The shell in Chromium: the session bootstrap (login redirect with domain and device id, exempt pages,
 * accounts redirect, sign-out), the trial banner and overlay, the error screens and the page chrome.
 * Every test is signed out or works on its own signed-up user and organization, never the demo user's: the
 * demo organization stays on its active trial for the other specs, and this spec runs in the own-users lane.
 */

const DAY_MS = 86_400_000;

/** A new user with their own organization and account (sign-up + onboarding API), signed in in `page`. */
async function newAgency(page: Page, name: string) {
  const email = `${name.toLowerCase().replace(/\W+/g, '-')}-${randomUUID().slice(0, 8)}@example.com`;
  const signup = await page.request.post('/api/auth/signup', {
    data: { email, password: 'a long enough password', firstName: 'Tess', lastName: 'Trial' },
  });
  expect(signup.status()).toBe(201);
  const onboarding = await page.request.post('/api/onboarding', {
    data: {
      firstName: 'Tess',
      lastName: 'Trial',
      organizationName: `${name} Org`,
      accountName: `${name} Account`,
    },
  });
  expect(onboarding.status()).toBe(201);
  return email;
}

/** Moves the user's organization's creation back `days` days (and a minute, clear of the day boundary). */
async function ageOrganization(email: string, days: number) {
  await withDatabase((db) =>
    db.query(
      `UPDATE organizations SET created_at = $1
       WHERE id IN (SELECT m.organization_id FROM memberships m JOIN users u ON u.id = m.user_id WHERE u.email = $2)`,
      [new Date(Date.now() - days * DAY_MS - 60_000), email],
    ),
  );
}

const trialBanner = (page: Page) => page.getByRole('region', { name: 'Trial status' });
const overlay = (page: Page) => page.getByRole('dialog', { name: 'Your trial has expired.' });

test('a signed-out visit goes to the login flow with the domain and the device id', async ({
  page,
  context,
  baseURL,
}) => {
  await page.goto('/budgets?page=2');
  await expect(page).toHaveURL(/\/auth\/login\?/);
  const query = new URL(page.url()).searchParams;
  const cookie = (await context.cookies()).find((c) => c.name === '__as_aid');
  expect(cookie?.value).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  // "Never expires": as long as Chromium allows (400 days), renewed on each visit.
  expect(cookie!.expires * 1000 - Date.now()).toBeGreaterThan(399 * DAY_MS);
  expect(cookie).toMatchObject({ path: '/', sameSite: 'Lax' });
  expect(Object.fromEntries(query)).toEqual({
    domain: new URL(baseURL!).host,
    deviceId: cookie!.value,
    returnUrl: '/budgets?page=2',
  });
  // The same device id on the next visit.
  await page.goto('/campaigns');
  await expect(page).toHaveURL(new RegExp(`deviceId=${cookie!.value}`));
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
});

test('exempt pages do not send a signed-out visitor to sign in', async ({ page }) => {
  for (const path of ['/organizations', '/onboarding', '/bff', '/appsumo/activate']) {
    await page.goto(path);
    await page.waitForLoadState('networkidle');
    await expect(page, path).toHaveURL(new RegExp(`${path}$`));
  }
  // /auth/federate is the server's single sign-on start: no organization signs in at that domain here.
  await page.goto('/auth/federate?domain=nowhere.test');
  await expect(page).toHaveURL(/\/auth\/login\?ssoError=UNKNOWN_DOMAIN$/);
  await expect(page.getByRole('alert')).toContainText('No organization signs in with single sign-on');
  await page.goto('/appsumo/activate');
  await expect(page.getByRole('heading', { name: 'Activate an AppSumo code' })).toBeVisible();
});

test('the trial banner counts 7, 1 and 0 days; an expired trial blurs the app but not billing, until upgraded', async ({
  page,
}) => {
  const email = await newAgency(page, 'Banner');
  await page.goto('/campaigns');
  await expect(trialBanner(page)).toContainText('There are 7 days left in your trial');
  await expect(trialBanner(page).getByRole('link', { name: 'Upgrade now' })).toHaveAttribute(
    'href',
    '/billing',
  );

  await ageOrganization(email, 6);
  await page.reload();
  await expect(trialBanner(page)).toContainText('There is 1 day left in your trial');
  await expect(overlay(page)).toHaveCount(0);

  await ageOrganization(email, 7);
  await page.reload();
  await expect(trialBanner(page)).toContainText('Your trial has expired!');
  await expect(overlay(page)).toBeVisible();
  await expect(overlay(page)).toContainText('Upgrade to a plan to keep planning and running your campaigns.');
  await expect(page.locator('#main')).toHaveCSS('filter', /blur/);
  // The page behind cannot be used.
  await expect(page.getByRole('searchbox', { name: 'Search campaigns by name' })).toHaveCount(0);

  // "Upgrade now" (the relative route 'billing') opens billing, which stays usable.
  await overlay(page).getByRole('link', { name: 'Upgrade now' }).click();
  await expect(page).toHaveURL(/\/billing$/);
  await expect(trialBanner(page)).toContainText('Your trial has expired!');
  await expect(overlay(page)).toHaveCount(0);
  await expect(page.locator('#main')).toHaveCSS('filter', 'none');

  // Upgrading refreshes the session: no banner, no overlay, without reloading.
  await page.goto('/billing/plans');
  await page.getByRole('button', { name: 'Choose Agency' }).click();
  await expect(trialBanner(page)).toHaveCount(0);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Campaigns' }).click();
  await expect(page).toHaveURL(/\/campaigns$/);
  await expect(page.getByRole('heading', { name: /Campaigns/ })).toBeVisible();
  await expect(overlay(page)).toHaveCount(0);
});

test('an organization without an account is taken to /accounts', async ({ page }) => {
  const email = await newAgency(page, 'Accountless');
  await withDatabase(async (db) => {
    await db.query(
      `UPDATE sessions SET current_account_id = NULL WHERE user_id = (SELECT id FROM users WHERE email = $1)`,
      [email],
    );
    await db.query(`UPDATE users SET last_account_id = NULL WHERE email = $1`, [email]);
  });
  await page.goto('/budgets');
  await expect(page).toHaveURL(/\/accounts$/);
  await expect(page.getByRole('button', { name: 'Account: Choose an account' })).toBeVisible();
});

test('the error screens: not found, and something went wrong (reported)', async ({ page }) => {
  await newAgency(page, 'Errors');
  await page.goto('/no/such/page');
  await expect(page.getByRole('heading', { name: 'Not found' })).toBeVisible();
  await expect(page.getByText("Sorry, we couldn't find that.")).toBeVisible();

  await page.goto(`/campaigns/${randomUUID()}`);
  await expect(page.getByRole('heading', { name: 'Not found' })).toBeVisible();
  await page.getByRole('link', { name: 'Back to dashboard' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { name: /Welcome back/ })).toBeVisible();

  // A server failure on a record: the other error screen, and a report the server keeps.
  const id = randomUUID();
  await page.route(`**/api/budgets/${id}`, (route) =>
    route.fulfill({
      status: 500,
      contentType: 'application/json',
      body: JSON.stringify({ message: `Boom ${id}` }),
    }),
  );
  const report = page.waitForRequest((request) => request.url().endsWith('/api/client-errors'));
  await page.goto(`/budgets/${id}`);
  await expect(page.getByRole('heading', { name: 'Sorry, something went wrong.' })).toBeVisible();
  await expect(page.getByText("We've been notified. Please try again soon.")).toBeVisible();
  expect((await report).postDataJSON()).toMatchObject({
    message: `Boom ${id}`,
    status: 500,
    url: `/budgets/${id}`,
  });
  await expect
    .poll(() =>
      withDatabase(
        async (db) =>
          (await db.query('SELECT status FROM client_errors WHERE message = $1', [`Boom ${id}`])).rows,
      ),
    )
    .toEqual([{ status: 500 }]);
});

test('page chrome: title, page views, and white-label colours applied under the CSP', async ({ page }) => {
  const email = await newAgency(page, 'Chrome');
  const views: string[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith('/api/events') && request.postDataJSON()?.type === 'page') {
      views.push(request.postDataJSON().name);
    }
  });
  await page.goto('/campaigns');
  await expect(page).toHaveTitle('Flightplan');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Budgets' }).click();
  await expect.poll(() => views).toEqual(['/campaigns', '/budgets']);

  const saved = await page.request.patch('/api/organization/white-label', {
    data: {
      whiteLabelIsEnabled: true,
      whiteLabelBrandName: 'Nightjar Media',
      whiteLabelPrimaryHexCode: '#7c3aed',
      whiteLabelNavbarBackgroundHexCode: '#1e1b4b',
    },
  });
  expect(saved.status(), email).toBe(200);
  const response = await page.goto('/campaigns');
  expect(response?.headers()['content-security-policy']).toContain("style-src 'self'");
  await expect(page).toHaveTitle('Nightjar Media');
  const header = page.getByRole('banner');
  await expect(header).toHaveCSS('background-color', 'rgb(30, 27, 75)');
  // A dark navbar gets light text.
  await expect(header.getByRole('link', { name: 'Nightjar Media' })).toHaveCSS('color', 'rgb(255, 255, 255)');
});

test('sign-out from the account menu', async ({ page }) => {
  const email = await newAgency(page, 'Signout');
  await page.goto('/');
  await page.getByRole('button', { name: /^Account menu/ }).click();
  await expect(page.getByRole('menu')).toContainText(email);
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/auth\/login$/);
  await page.goto('/campaigns');
  await expect(page).toHaveURL(/\/auth\/login\?domain=/);
});

test('switching: the app’s own menu switches at once; a link on another site asks first', async ({
  page,
  baseURL,
}) => {
  await newAgency(page, 'Switcher');
  const created = await page.request.post('/api/accounts', { data: { name: 'Second Brand' } });
  expect(created.status()).toBe(201);
  const second = (await created.json()) as { id: string };
  const cspErrors: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) cspErrors.push(message.text());
  });
  const banner = page.getByRole('banner');

  // The switcher menu: a same-origin navigation (Sec-Fetch-Site: same-origin), no confirmation page.
  await page.goto('/customers');
  await banner.getByRole('button', { name: 'Account: Switcher Account' }).click();
  await page.getByRole('menuitem', { name: 'Second Brand' }).click();
  await expect(page).toHaveURL(/\/customers$/);
  await expect(banner.getByRole('button', { name: 'Account: Second Brand' })).toBeVisible();

  // Another site links to the switch (a real cross-site navigation, the session cookie rides along).
  const accounts = (await (await page.request.get('/api/accounts')).json()) as { id: string; name: string }[];
  const first = accounts.find((a) => a.name === 'Switcher Account')!;
  const target = `${baseURL}/account/switch?id=${first.id}&returnUrl=${encodeURIComponent('/campaigns')}`;
  await page.route('http://evil.example/**', (route) =>
    route.fulfill({ contentType: 'text/html', body: `<a href="${target}">win a prize</a>` }),
  );
  await page.goto('http://evil.example/');
  await page.getByRole('link', { name: 'win a prize' }).click();
  await expect(page.getByRole('heading', { name: 'Switch to Switcher Account?' })).toBeVisible();
  expect((await (await page.request.get('/api/auth/user')).json()).currentAccount.id).toBe(second.id);

  // Cancel goes home, still in Second Brand.
  await page.getByRole('link', { name: 'Cancel' }).click();
  await expect(banner.getByRole('button', { name: 'Account: Second Brand' })).toBeVisible();

  // The link again, then Switch: the form posts (same origin), and the app opens the return URL there.
  await page.goto('http://evil.example/');
  await page.getByRole('link', { name: 'win a prize' }).click();
  await expect(page.getByRole('heading', { name: 'Switch to Switcher Account?' })).toBeVisible();
  await page.getByRole('button', { name: 'Switch' }).click();
  await expect(page).toHaveURL(/\/campaigns$/);
  await expect(banner.getByRole('button', { name: 'Account: Switcher Account' })).toBeVisible();
  expect(cspErrors).toEqual([]);
});

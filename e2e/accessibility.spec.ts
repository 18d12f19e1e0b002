import { randomUUID } from 'node:crypto';
import { expectNoAxeViolations } from './support/axe';
import { expect, type Locator, type Page, test } from './support/test';

/**
 * The accessibility sweep: every route of the app (src/app/routes.tsx), signed out and signed in as the
 * demo user, and the overlays a route opens (modals, menus), scanned with axe for the WCAG 2.0/2.1 A and AA
 * rules and axe's best practices. Zero violations everywhere; no rule is disabled. A new route belongs here.
 * Then the navbar on a 390 px phone: names readable, nothing clipped or overlapping, menus reachable.
 */

const DEMO = { email: 'demo@flightplan.test', password: 'flightplan-demo' };

async function signIn(page: Page) {
  await page.goto('/auth/login');
  await page.getByLabel('E-mail address').fill(DEMO.email);
  await page.getByLabel('Password').fill(DEMO.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).not.toHaveURL(/\/auth\/login/);
}

/** A new user who has signed up but not onboarded yet (no organization), signed in in `page`. */
async function signUp(page: Page) {
  const email = `a11y-${randomUUID().slice(0, 8)}@example.com`;
  const response = await page.request.post('/api/auth/signup', {
    data: { email, password: 'a long enough password', firstName: 'Ada', lastName: 'Access' },
  });
  expect(response.status()).toBe(201);
}

/** A new agency with long organization and account names, its user signed in in `page`. */
async function longNamedAgency(page: Page) {
  await signUp(page);
  const names = {
    organizationName: 'Northwind Creative Partners International',
    accountName: 'Southern Hemisphere Outdoor Retail Brands',
  };
  const response = await page.request.post('/api/onboarding', {
    data: { firstName: 'Ada', lastName: 'Access', ...names },
  });
  expect(response.status()).toBe(201);
  return names;
}

const heading = (page: Page, name: string | RegExp) => page.getByRole('heading', { level: 1, name });

/** Visits `path`, waits for its main heading, and expects no axe violations. */
async function scan(page: Page, path: string, title: string | RegExp) {
  await page.goto(path);
  await expect(heading(page, title)).toBeVisible();
  await expectNoAxeViolations(page, path);
}

/** The href of the first link in the page's main content that matches `pattern` (once the rows are in). */
async function firstLink(page: Page, pattern: RegExp): Promise<string> {
  const hrefs = () =>
    page
      .getByRole('main')
      .locator('a[href]')
      .evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? ''));
  await expect.poll(async () => (await hrefs()).some((h) => pattern.test(h)), { timeout: 10_000 }).toBe(true);
  return (await hrefs()).find((h) => pattern.test(h))!;
}

const UUID = '[0-9a-f-]{36}';

test.describe('every screen has no axe violations', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('signed out: sign-in, sign-up, onboarding and the exempt pages', async ({ page }) => {
    await scan(page, '/auth/login', 'Sign in');
    await scan(page, '/auth/signup', 'Create your account');
    await scan(page, '/onboarding', 'Set up your workspace');
    await scan(page, '/appsumo/activate', 'Activate an AppSumo code');
    await scan(page, '/auth/federate', 'Single sign-on');
    await scan(page, '/bff', 'Nothing to see here');
    // A failed sign-in shows its error (another address: five failures would lock the demo user's).
    await page.goto('/auth/login');
    await page.getByLabel('E-mail address').fill('nobody@example.com');
    await page.getByLabel('Password').fill('not the password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('alert').filter({ hasText: /./ })).toBeVisible();
    await expectNoAxeViolations(page, '/auth/login with an error');
  });

  test('onboarding, signed up without an organization yet', async ({ page }) => {
    await signUp(page);
    await scan(page, '/onboarding', 'Set up your workspace');
  });

  test('signed in: every page of the app shell', async ({ page }) => {
    test.setTimeout(120_000);
    await signIn(page);
    await scan(page, '/', /^Welcome back/);
    await scan(page, '/campaigns', /^Campaigns/);
    const campaign = await firstLink(page, new RegExp(`^/campaigns/${UUID}$`));
    await scan(page, campaign, /./);
    await scan(page, '/customers', /^Customers/);
    await scan(page, '/bookings', /^Bookings/);
    await scan(page, '/bookings?status=confirmed&from=2026-01-01&to=2026-12-31', /^Bookings/);
    const booking = await firstLink(page, new RegExp(`^/bookings/${UUID}$`));
    await scan(page, booking, /./);
    await scan(page, '/budgets', /^Budgets/);
    const budget = await firstLink(page, new RegExp(`^/budgets/${UUID}$`));
    await scan(page, budget, /./);
    await scan(page, `${budget}/edit`, /^Edit /);
    await scan(page, '/budgets/new', 'New budget');
    await scan(page, '/accounts', 'Accounts');
    await scan(page, '/organizations', 'Organizations');
    await scan(page, '/billing', 'Billing');
    await scan(page, '/billing/plans', 'Plans');
    await scan(page, '/settings/white-label', 'White-label');
    await scan(page, '/settings/security', 'Security');
    await scan(page, '/planning/wizard/new/overview', 'New campaign');
    await scan(page, campaign.replace('/campaigns/', '/planning/wizard/') + '/review', /^Review /);
    await scan(page, '/no/such/page', 'Not found');
    // Signed in, the exempt pages still render (outside the shell).
    await scan(page, '/bff', 'Nothing to see here');
  });

  test('signed in: modals, menus and form errors', async ({ page }) => {
    test.setTimeout(90_000);
    await signIn(page);

    await page.goto('/campaigns?modal=create-campaign');
    const create = page.getByRole('dialog', { name: 'Create campaign' });
    await expect(create.getByRole('radio').first()).toBeVisible();
    await expectNoAxeViolations(page, 'create-campaign modal');
    await create.getByRole('radio').nth(1).check();
    await expectNoAxeViolations(page, 'create-campaign modal, an objective chosen');

    await page.goto('/campaigns');
    const campaign = await firstLink(page, new RegExp(`^/campaigns/${UUID}$`));
    const campaignId = campaign.split('/').pop()!;
    for (const kind of ['launchCampaign', 'duplicateCampaign', 'deleteCampaign']) {
      await page.goto(`/campaigns?${kind}=true&campaignId=${campaignId}`);
      await expect(page.getByRole('dialog')).toBeVisible();
      await expect(page.getByRole('dialog').locator('[aria-busy="true"]')).toHaveCount(0);
      await expectNoAxeViolations(page, `${kind} modal`);
    }

    await page.goto('/customers?modal=create-customer');
    await expect(page.getByRole('dialog')).toBeVisible();
    await expectNoAxeViolations(page, 'create-customer modal');

    // The navbar's menus, open.
    await page.goto('/');
    await page.getByRole('button', { name: /^Organization: / }).click();
    await expect(page.getByRole('menuitem', { name: 'All organizations' })).toBeVisible();
    await expect(page.getByRole('menu').getByRole('status')).toHaveCount(0);
    await expectNoAxeViolations(page, 'organization menu');
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: /^Account: / }).click();
    await expect(page.getByRole('menuitem', { name: 'All accounts' })).toBeVisible();
    await expect(page.getByRole('menu').getByRole('status')).toHaveCount(0);
    await expectNoAxeViolations(page, 'account menu');
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: /^Account menu/ }).click();
    await expect(page.getByRole('menuitem', { name: 'Sign out' })).toBeVisible();
    await expectNoAxeViolations(page, 'user menu');
    await page.keyboard.press('Escape');

    // The wizard's validation errors.
    await page.goto('/planning/wizard/new/overview');
    await page.getByRole('button', { name: 'Continue to review' }).click();
    await expect(page.getByText('Choose a start date')).toBeVisible();
    await expectNoAxeViolations(page, 'wizard overview with errors');
  });

  test('on a 390 px phone: the shell pages and a modal', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signIn(page);
    await scan(page, '/', /^Welcome back/);
    await scan(page, '/campaigns', /^Campaigns/);
    await scan(page, '/settings/security', 'Security');
    await page.goto('/campaigns?modal=create-campaign');
    await expect(
      page.getByRole('dialog', { name: 'Create campaign' }).getByRole('radio').first(),
    ).toBeVisible();
    await expectNoAxeViolations(page, 'create-campaign modal at 390 px');
  });
});

// ---------------------------------------------------------------------------------- navbar at 390 px

type Box = { x: number; y: number; width: number; height: number };

async function boxOf(locator: Locator): Promise<Box> {
  const box = await locator.boundingBox();
  if (!box) throw new Error('not laid out');
  return box;
}

const overlaps = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** The switchers, the brand and the user menu: inside the viewport, none over another. */
async function expectNavbarFits(page: Page) {
  const banner = page.getByRole('banner');
  const controls = {
    brand: banner.getByRole('link').first(),
    organization: banner.getByRole('button', { name: /^Organization: / }),
    account: banner.getByRole('button', { name: /^Account: / }),
    user: banner.getByRole('button', { name: /^Account menu/ }),
  };
  const boxes = Object.fromEntries(
    await Promise.all(Object.entries(controls).map(async ([key, l]) => [key, await boxOf(l)] as const)),
  ) as Record<keyof typeof controls, Box>;
  const viewport = page.viewportSize()!;
  for (const [name, box] of Object.entries(boxes)) {
    expect(box.x, `${name} starts inside the viewport`).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width, `${name} ends inside the viewport`).toBeLessThanOrEqual(viewport.width);
    expect(box.width, `${name} has room`).toBeGreaterThan(24);
  }
  const names = Object.keys(boxes) as (keyof typeof controls)[];
  for (const [i, a] of names.entries()) {
    for (const b of names.slice(i + 1)) {
      expect(overlaps(boxes[a], boxes[b]), `${a} and ${b} do not overlap`).toBe(false);
    }
  }
  return { controls, boxes };
}

/** The visible name inside a switcher: its text, and whether it is cut (with an ellipsis). */
async function nameShown(trigger: Locator, name: string) {
  const value = trigger.getByText(name, { exact: true });
  await expect(value).toBeVisible();
  return value.evaluate((element) => ({
    cut: element.scrollWidth > element.clientWidth,
    ellipsis: getComputedStyle(element).textOverflow === 'ellipsis',
    width: element.getBoundingClientRect().width,
  }));
}

test.describe('the navbar on a 390 px phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('organization and account names are readable, nothing overlaps, the menus open on screen', async ({
    page,
  }, testInfo) => {
    await signIn(page);
    await expect(heading(page, /^Welcome back/)).toBeVisible();
    const { controls } = await expectNavbarFits(page);

    // The demo's names show whole.
    const organization = await nameShown(controls.organization, 'Demo Agency');
    const account = await nameShown(controls.account, 'Acme Outdoor');
    expect(organization.cut).toBe(false);
    expect(account.cut).toBe(false);
    await page.screenshot({ path: testInfo.outputPath('navbar-390.png') });

    // The menus open inside the screen, and their items can be used.
    await controls.organization.click();
    const orgMenu = page.getByRole('menu');
    await expect(orgMenu.getByRole('menuitem', { name: /Demo Agency/ })).toBeVisible();
    const orgMenuBox = await boxOf(orgMenu);
    expect(orgMenuBox.x).toBeGreaterThanOrEqual(0);
    expect(orgMenuBox.x + orgMenuBox.width).toBeLessThanOrEqual(390);
    await page.keyboard.press('Escape');
    await expect(orgMenu).toHaveCount(0);

    await controls.user.click();
    const userMenu = page.getByRole('menu');
    await expect(userMenu.getByRole('menuitem', { name: 'Sign out' })).toBeVisible();
    const userMenuBox = await boxOf(userMenu);
    expect(userMenuBox.x).toBeGreaterThanOrEqual(0);
    expect(userMenuBox.x + userMenuBox.width).toBeLessThanOrEqual(390);
    await userMenu.getByRole('menuitem', { name: 'Security' }).click();
    await expect(page).toHaveURL(/\/settings\/security$/);

    // The section tabs scroll sideways: the current one is in view, and so is any tab reached with the keyboard.
    const tabs = page.getByRole('navigation', { name: 'Main' }).getByRole('link');
    await expect(tabs.filter({ hasText: 'Settings' })).toHaveAttribute('aria-current', 'page');
    // (0.99: scroll offsets are whole pixels, tab widths are not; a fraction of a pixel may stay hidden.)
    await expect(tabs.filter({ hasText: 'Settings' })).toBeInViewport({ ratio: 0.99 });
    await tabs.first().focus();
    await expect(tabs.first()).toBeInViewport({ ratio: 0.99 });
    await page.screenshot({ path: testInfo.outputPath('navbar-390-tabs.png') });
  });

  test('long names end in an ellipsis, and the full name is in the title and the accessible name', async ({
    page,
  }, testInfo) => {
    const names = await longNamedAgency(page);
    await page.goto('/');
    await expect(heading(page, /^Welcome/)).toBeVisible();
    const { controls } = await expectNavbarFits(page);
    for (const [trigger, name, label] of [
      [controls.organization, names.organizationName, 'Organization'],
      [controls.account, names.accountName, 'Account'],
    ] as const) {
      const shown = await nameShown(trigger, name);
      expect(shown.cut).toBe(true);
      expect(shown.ellipsis).toBe(true);
      // A dozen characters or so show: enough to tell names apart.
      expect(shown.width).toBeGreaterThan(100);
      await expect(trigger).toHaveAttribute('title', name);
      await expect(trigger).toHaveAccessibleName(`${label}: ${name}`);
    }
    await page.screenshot({ path: testInfo.outputPath('navbar-390-long-names.png') });
    await expectNoAxeViolations(page, 'long names at 390 px');
  });
});

import { randomUUID } from 'node:crypto';
import { expectNoAxeViolations } from './support/axe';
import { withDatabase } from './support/db';
import { OWN_USERS, READS_ONLY } from './support/lanes';
import { planCampaign } from './support/planning';
import { DEMO, signIn } from './support/session';
import { confirmWithEmailCode } from './support/stepUp';
import { expect, type Locator, type Page, test } from './support/test';

/**
 * The accessibility sweep: every route of the app (src/app/routes.tsx), signed out and signed in as the
 * demo user, and the overlays a route opens (modals, menus), scanned with axe for the WCAG 2.0/2.1 A and AA
 * rules and axe's best practices. Zero violations everywhere; no rule is disabled. A new route belongs here.
 * Then the navbar on a 390 px phone: names readable, nothing clipped or overlapping, menus reachable.
 */

/** The plans this run makes, by name (removed afterwards). */
const TAG = `A11y plan ${randomUUID().slice(0, 8)}`;

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

/** The wizard's list of steps. */
const stepList = (page: Page) => page.getByRole('navigation', { name: 'Plan steps' });

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
  await expect.poll(async () => (await hrefs()).some((h) => pattern.test(h))).toBe(true);
  return (await hrefs()).find((h) => pattern.test(h))!;
}

const UUID = '[0-9a-f-]{36}';

test.afterAll(async () => {
  await withDatabase((db) => db.query('DELETE FROM campaigns WHERE name LIKE $1', [`${TAG}%`]));
});

test.describe('every screen has no axe violations', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('signed out: sign-in, sign-up, onboarding and the exempt pages', { tag: OWN_USERS }, async ({
    page,
  }) => {
    await scan(page, '/auth/login', 'Sign in');
    await scan(page, '/auth/signup', 'Create your account');
    await scan(page, '/onboarding', 'Set up your workspace');
    await scan(page, '/appsumo/activate', 'Activate an AppSumo code');
    // /auth/federate is the server's redirect: a refused single sign-on comes back to sign-in, saying why.
    await scan(page, '/auth/federate?domain=nowhere.test', 'Sign in');
    await scan(page, '/bff', 'Nothing to see here');
    // A failed sign-in shows its error (another address: five failures would lock the demo user's).
    await page.goto('/auth/login');
    await page.getByLabel('E-mail address').fill('nobody@example.com');
    await page.getByLabel('Password').fill('not the password');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page.getByRole('alert').filter({ hasText: /./ })).toBeVisible();
    await expectNoAxeViolations(page, '/auth/login with an error');
  });

  test('onboarding, signed up without an organization yet', { tag: OWN_USERS }, async ({ page }) => {
    await signUp(page);
    await scan(page, '/onboarding', 'Set up your workspace');
  });

  // One journey per page, each with its own guard: on a slow machine a single journey scanning twenty
  // pages ran out of time inside axe. Signing in is one request (support/session.ts), not the form. They only
  // read, so they run in the second lane beside the demo user's journeys.
  const SHELL_PAGES: [path: string, title: string | RegExp][] = [
    ['/', /^Welcome back/],
    ['/campaigns', /^Campaigns/],
    ['/customers', /^Customers/],
    ['/bookings', /^Bookings/],
    ['/bookings?status=confirmed&from=2026-01-01&to=2026-12-31', /^Bookings/],
    ['/budgets', /^Budgets/],
    ['/budgets/new', 'New budget'],
    ['/reports', 'Reports'],
    ['/reports?groupBy=campaign,platform&compare=previous', 'Reports'],
    ['/accounts', 'Accounts'],
    ['/organizations', 'Organizations'],
    ['/billing', 'Billing'],
    ['/billing/plans', 'Plans'],
    ['/settings/white-label', 'White-label'],
    ['/settings/security', 'Security'],
    ['/settings/team', 'Team'],
    ['/settings/sso', 'Single sign-on'],
    ['/settings/notifications', 'Notifications'],
    ['/settings/pacing', 'Pacing alerts'],
    ['/activity', 'Activity'],
    // The media-plan wizard's first step for a new plan; each step filled in and with its errors: below.
    ['/planning/wizard/new/overview', 'New campaign'],
    ['/no/such/page', 'Not found'],
    // Signed in, the exempt pages still render (outside the shell).
    ['/bff', 'Nothing to see here'],
  ];
  for (const [path, title] of SHELL_PAGES) {
    test(`signed in: ${path}`, { tag: READS_ONLY }, async ({ page }) => {
      await signIn(page, { to: path });
      await expect(heading(page, title)).toBeVisible();
      await expectNoAxeViolations(page, path);
    });
  }

  test('signed in: a campaign, its plan in the wizard, a booking, a budget and its edit page', async ({
    page,
  }) => {
    await signIn(page, { to: '/campaigns' });
    const campaign = await firstLink(page, new RegExp(`^/campaigns/${UUID}$`));
    await scan(page, campaign, /./);
    const { name: campaignName } = (await (await page.request.get(`/api${campaign}`)).json()) as {
      name: string;
    };
    // A seeded campaign's plan, where the wizard resumes (its first incomplete step, or its review).
    await scan(page, campaign.replace('/campaigns/', '/planning/wizard/'), campaignName);
    await page.goto('/bookings');
    const booking = await firstLink(page, new RegExp(`^/bookings/${UUID}$`));
    await scan(page, booking, /./);
    await page.goto('/budgets');
    const budget = await firstLink(page, new RegExp(`^/budgets/${UUID}$`));
    await scan(page, budget, /./);
    await scan(page, `${budget}/edit`, /^Edit /);
  });

  test('signed in: modals, menus and form errors', async ({ page }) => {
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
    // The duplicate dialog (issue 28): a new start date instead of a shift, and its errors.
    await page.goto(`/campaigns?duplicateCampaign=true&campaignId=${campaignId}`);
    const duplicate = page.getByRole('dialog', { name: 'Duplicate campaign' });
    await duplicate.getByRole('radio', { name: 'Start on a new date' }).check();
    await duplicate.getByRole('button', { name: 'Duplicate' }).click();
    await expect(duplicate.getByText('Choose the copy’s start date')).toBeVisible();
    await expectNoAxeViolations(page, 'duplicate dialog, a new start date, with errors');

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
  });

  test('signed in: a plan revision to approve, its review and the comparison of two revisions', async ({
    page,
  }) => {
    await signIn(page);
    const name = `${TAG} revisions`;
    const id = await planCampaign(page, { name, until: 'schedule' });
    const me = (await (await page.request.get('/api/auth/user')).json()) as { id: string };
    const headers = { Origin: new URL(page.url()).origin };
    /** Sends the plan as it is for approval, asking the demo user (an owner may sign off). */
    const submit = async () => {
      const response = await page.request.post(`/api/campaigns/${id}/revisions/submit`, {
        headers,
        data: { approverIds: [me.id] },
      });
      expect(response.status(), await response.text()).toBe(201);
    };
    await submit();
    // Revision 1, in review: the read-only plan and the approver's decision (name, Approve, Request changes).
    await page.goto(`/campaigns/${id}/revisions/1`);
    await expect(heading(page, name)).toBeVisible();
    await expect(page.getByRole('form', { name: 'Approve' })).toBeVisible();
    await expectNoAxeViolations(page, 'revision 1 review, waiting for approval');
    // A refused decision shows its errors.
    await page.getByRole('form', { name: 'Approve' }).getByRole('button', { name: 'Approve' }).click();
    await expect(
      page.getByRole('form', { name: 'Approve' }).getByText('Type your full name to approve'),
    ).toBeVisible();
    await expectNoAxeViolations(page, 'revision 1 review, the decision with its errors');
    // Approved (the demo user's full name, then the step-up): revision 2's review says what changed since.
    const decision = page.getByRole('form', { name: 'Approve' });
    await decision.getByLabel('Your full name').fill('Dana Demo');
    await confirmWithEmailCode(page, DEMO.email, () =>
      decision.getByRole('button', { name: 'Approve' }).click(),
    );
    await expect(page.getByText('You approved revision 1.')).toBeVisible();
    await expectNoAxeViolations(page, 'revision 1 review, approved');

    // Revision 2 with a later end and a larger flight: the comparison, and the review of what changed.
    const plan = await (
      await page.request.get(`/planning/wizard/${id}`, { headers: { accept: 'application/json' } })
    ).json();
    const end = plan.campaign.endDate as string;
    const later = new Date(Date.parse(`${end}T00:00:00Z`) + 7 * 86_400_000).toISOString().slice(0, 10);
    const saved = await page.request.put(`/planning/wizard/${id}/schedule`, {
      headers,
      data: {
        version: plan.campaign.version,
        startDate: plan.campaign.startDate,
        endDate: later,
        flights: plan.flights.map((f: Record<string, unknown>) => ({
          id: f.id,
          platform: f.platform,
          startDate: f.startDate,
          endDate: later,
          amountMinor: f.amountMinor,
          pacing: f.pacing,
        })),
      },
    });
    expect(saved.status(), await saved.text()).toBe(200);
    await submit();
    await scan(page, `/campaigns/${id}/revisions/1/compare/2`, 'Compare revision 1 with revision 2');
    await expect(page.getByRole('region', { name: 'Line items' })).toContainText('Changed');
    await expectNoAxeViolations(page, 'revision comparison, with its changes');
    await scan(page, `/campaigns/${id}/revisions/2/compare/2`, 'Compare revision 2 with revision 2');
    await page.goto(`/campaigns/${id}/revisions/2`);
    await expect(heading(page, name)).toBeVisible();
    await expect(page.getByRole('form', { name: 'Approve' })).toBeVisible();
    const since = page.getByRole('region', { name: 'What changed since revision 1 (approved)' });
    await expect(since.getByRole('region', { name: 'Line items' })).toContainText('Changed');
    await expectNoAxeViolations(page, 'revision 2 review, with what changed since revision 1');
  });

  test('signed in: every step of the media-plan wizard, filled in', async ({ page }) => {
    await signIn(page);
    const name = `${TAG} complete`;
    const wizard = `/planning/wizard/${await planCampaign(page, { name, platforms: ['meta', 'google'] })}`;

    /** Opens `step` of the plan, waits for its heading, its place in the steps and `ready`, then axe. */
    const scanStep = async (step: string, label: string, ready: Locator) => {
      await page.goto(`${wizard}/${step}`);
      await expect(page).toHaveURL(new RegExp(`${wizard}/${step}$`));
      await expect(heading(page, name)).toBeVisible();
      await expect(stepList(page).locator('[aria-current="step"]')).toContainText(label);
      await expect(ready).toBeVisible();
      await expectNoAxeViolations(page, `wizard ${step}, filled in`);
    };

    await scanStep('overview', 'Overview', page.getByRole('radio', { name: 'Traffic' }));
    await expect(page.getByLabel('Campaign name')).toHaveValue(name);

    await scanStep(
      'platforms',
      'Platforms and budget',
      page.getByRole('table').getByRole('rowheader', { name: 'Google' }),
    );
    await expect(page.getByRole('checkbox', { name: 'Meta' })).toBeChecked();

    // The audience with each platform's estimate in (not "Estimating…").
    const estimates = page.getByRole('complementary', { name: 'Estimated audience size' });
    await scanStep('audience', 'Audience', estimates.getByRole('heading', { name: 'Meta' }));
    await expect(estimates.getByText('Estimated audience size')).toHaveCount(2);
    await expect(page.getByRole('list', { name: 'Chosen: locations' }).getByRole('listitem')).toHaveCount(2);
    await expectNoAxeViolations(page, 'wizard audience, the estimates in');

    // The schedule with its flowchart: a flight per platform.
    await scanStep(
      'schedule',
      'Schedule',
      page.getByRole('table', { name: /^Flowchart: 2 flights on 2 platforms/ }),
    );
    await expect(page.getByRole('group', { name: 'Flight 1' })).toHaveCount(2);

    // The review: every step summarised, the flowchart, the checks, Launch offered.
    const launchCard = page.getByRole('region', { name: 'Ready to launch?' });
    await scanStep('review', 'Review', launchCard.getByRole('link', { name: 'Launch', exact: true }));
    await expect(page.getByRole('table', { name: /^Flowchart: 2 flights on 2 platforms/ })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Schedule summary' })).toBeVisible();
    // Launch opens the launch question over the review.
    await launchCard.getByRole('link', { name: 'Launch', exact: true }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toBeVisible();
    await expect(dialog.locator('[aria-busy="true"]')).toHaveCount(0);
    await expectNoAxeViolations(page, 'wizard review, the launch question open');
  });

  test('signed in: the media-plan wizard, each step with its errors shown', async ({ page }) => {
    await signIn(page);
    const next = (label: string) => page.getByRole('button', { name: `Next: ${label}` });

    // A new plan: Next on the empty overview shows every error of the step.
    await page.goto('/planning/wizard/new/overview');
    await expect(heading(page, 'New campaign')).toBeVisible();
    await next('Platforms and budget').click();
    await expect(page.getByText('Enter a campaign name')).toBeVisible();
    await expect(page.getByLabel('Campaign name')).toHaveAttribute('aria-invalid', 'true');
    await expectNoAxeViolations(page, 'wizard overview with errors');
    // Leaving with the edit unsaved asks first.
    await page.getByLabel('Campaign name').fill(`${TAG} unsaved`);
    await page.getByLabel('Campaign name').fill('');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Campaigns' }).click();
    const leave = page.getByRole('alertdialog', { name: 'Leave without saving?' });
    await expect(leave).toBeVisible();
    await expectNoAxeViolations(page, 'wizard leave question');
    await leave.getByRole('button', { name: 'Stay' }).click();
    await expect(leave).toHaveCount(0);
    await expect(page).toHaveURL(/\/planning\/wizard\/new\/overview$/);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Campaigns' }).click();
    await leave.getByRole('button', { name: 'Leave without saving' }).click();
    await expect(heading(page, /^Campaigns/)).toBeVisible();

    /** A plan saved up to `until`, opened on the step after it; Next there shows the step's errors. */
    const emptyStep = async (
      until: 'overview' | 'platforms' | 'audience' | 'schedule',
      step: string,
      nextLabel: string,
      error: string,
    ) => {
      const name = `${TAG} until ${until}`;
      const id = await planCampaign(page, { name, until });
      await page.goto(`/planning/wizard/${id}/${step}`);
      await expect(page).toHaveURL(new RegExp(`/planning/wizard/${id}/${step}$`));
      await expect(heading(page, name)).toBeVisible();
      await next(nextLabel).click();
      await expect(page.getByText(error).first()).toBeVisible();
      await expectNoAxeViolations(page, `wizard ${step} with errors`);
    };

    await emptyStep('overview', 'platforms', 'Audience', 'Choose at least one platform');
    // A platform chosen and no budget yet: the split table, its errors under the fields.
    await page.getByRole('checkbox', { name: 'Meta' }).check();
    await expect(page.getByRole('table').getByRole('rowheader', { name: 'Meta' })).toBeVisible();
    await next('Audience').click();
    await expect(page.getByLabel(/^Total budget/)).toHaveAttribute('aria-invalid', 'true');
    await expectNoAxeViolations(page, 'wizard platforms, a platform chosen, with errors');

    await emptyStep('platforms', 'audience', 'Schedule', 'Choose at least one location');
    await emptyStep('audience', 'schedule', 'Creative', 'Choose a start date');
    // The creative step opens with an empty ad per platform: Next shows what each still needs.
    await emptyStep('schedule', 'creative', 'Review', 'Enter the primary text');
  });

  test('on a 390 px phone: the shell pages, a modal and the wizard’s schedule and review', async ({
    page,
  }) => {
    // Four screens, a plan made and two wizard steps, each scanned: a budget like its siblings'.
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
    // The wizard's widest steps: the schedule (the flowchart scrolls sideways) and the review.
    const name = `${TAG} phone`;
    const wizard = `/planning/wizard/${await planCampaign(page, { name })}`;
    for (const step of ['schedule', 'review']) {
      await page.goto(`${wizard}/${step}`);
      await expect(heading(page, name)).toBeVisible();
      await expect(page.getByRole('table', { name: /^Flowchart: 2 flights/ })).toBeVisible();
      await expectNoAxeViolations(page, `wizard ${step} at 390 px`);
    }
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

    // The sections are a menu: its button names the current one; opened, the current one is marked and in view.
    const nav = page.getByRole('navigation', { name: 'Main' });
    const menu = nav.getByRole('button', { name: /^Menu/ });
    await expect(menu).toHaveAccessibleName('Menu Settings');
    await expect(nav.getByRole('link')).toHaveCount(0);
    await menu.click();
    const tabs = nav.getByRole('link');
    await expect(tabs.filter({ hasText: 'Settings' })).toHaveAttribute('aria-current', 'page');
    await expect(tabs.filter({ hasText: 'Settings' })).toBeInViewport();
    await page.screenshot({ path: testInfo.outputPath('navbar-390-tabs.png') });
  });

  test(
    'long names end in an ellipsis, and the full name is in the title and the accessible name',
    { tag: OWN_USERS },
    async ({ page }, testInfo) => {
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
    },
  );
});

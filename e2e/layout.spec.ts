import { removeCampaignsNamed, withDatabase } from './support/db';
import { planCampaign } from './support/planning';
import { signIn } from './support/session';
import { expect, type Locator, type Page, test } from './support/test';

/**
 * Layout where a planner tripped over it (issue 28): the campaign list at 1 440 px (no column under the pinned
 * Actions column) and on a 390 px phone (cards with status, dates and customer), the phone's navigation (a
 * menu), the wizard's schedule step on a phone (no sideways scroll), the field typed in above the wizard's
 * sticky footer on a 1 280 × 720 screen, and a refusal said where the person is looking (in the card of the button pressed, on screen). Boxes are measured in Chromium; nothing is waited
 * for by time.
 */

type Box = { x: number; y: number; width: number; height: number };

async function boxOf(locator: Locator): Promise<Box> {
  const box = await locator.boundingBox();
  if (!box) throw new Error('not laid out');
  return box;
}

const overlaps = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** The page does not scroll sideways: nothing is laid out past the viewport's right edge. */
async function expectNoSidewaysScroll(page: Page) {
  const { scrollWidth, clientWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    clientWidth: document.documentElement.clientWidth,
  }));
  expect(scrollWidth, 'the page is as wide as the screen').toBeLessThanOrEqual(clientWidth);
}

const campaigns = (page: Page) => page.getByRole('table', { name: 'Campaigns' });
const COLUMNS = [
  'Name',
  'Customer',
  'Objective',
  'Status',
  'Platforms',
  'Dates',
  'Budget',
  'Created',
  'Actions',
];

async function openCampaignList(page: Page) {
  await signIn(page, { to: '/campaigns' });
  await expect(campaigns(page)).toHaveAttribute('aria-busy', 'false');
  await expect(campaigns(page).locator('tbody tr').nth(1)).toBeVisible();
}

test.describe('the campaign list at 1 440 px', () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test('fits its card: every column shows, none sits under the pinned Actions column', async ({
    page,
  }, testInfo) => {
    await openCampaignList(page);
    const scroller = campaigns(page).locator('xpath=..');
    const widths = await scroller.evaluate((element) => [element.scrollWidth, element.clientWidth]);
    expect(widths[0], 'the table is no wider than its card').toBeLessThanOrEqual(widths[1]!);
    const card = await boxOf(scroller);
    const headers = campaigns(page).getByRole('columnheader');
    await expect(headers).toHaveText(COLUMNS.map((label) => new RegExp(`^${label}`, 'i')));
    const boxes = await Promise.all(COLUMNS.map((_, i) => boxOf(headers.nth(i))));
    for (const [i, box] of boxes.entries()) {
      expect(box.x + box.width, `${COLUMNS[i]} ends inside the card`).toBeLessThanOrEqual(
        card.x + card.width + 1,
      );
      if (i < boxes.length - 1)
        expect(overlaps(box, boxes.at(-1)!), `${COLUMNS[i]} is not under Actions`).toBe(false);
    }
    // Row by row too: Dates, Budget and Created are beside the actions, not under them.
    const rows = campaigns(page).locator('tbody tr');
    for (let r = 0; r < Math.min(await rows.count(), 4); r += 1) {
      const cells = rows.nth(r).locator('td');
      const actions = await boxOf(cells.nth(8));
      for (const c of [5, 6, 7]) expect(overlaps(await boxOf(cells.nth(c)), actions)).toBe(false);
      await expect(cells.nth(7)).toBeInViewport();
    }
    await page.screenshot({ path: testInfo.outputPath('campaigns-1440.png') });
  });
});

test.describe('on a 390 px phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the campaign list is cards: name, status, customer and dates of each campaign, no sideways scroll', async ({
    page,
  }, testInfo) => {
    await openCampaignList(page);
    await expectNoSidewaysScroll(page);
    const first = campaigns(page).locator('tbody tr').first();
    const cells = first.locator('td');
    // The name and its status badge share the card's first line; customer and dates are under it, labelled.
    const [name, status, customer, dates] = await Promise.all([0, 3, 1, 5].map((i) => boxOf(cells.nth(i))));
    for (const [label, box] of Object.entries({ name, status, customer, dates })) {
      expect(box!.width, `${label} shows`).toBeGreaterThan(0);
      expect(box!.x + box!.width, `${label} ends on screen`).toBeLessThanOrEqual(390);
    }
    expect(status!.y).toBeLessThan(name!.y + name!.height);
    expect(customer!.y).toBeGreaterThanOrEqual(name!.y + name!.height - 1);
    expect(dates!.y).toBeGreaterThan(customer!.y);
    await expect(cells.nth(1)).toBeVisible();
    await expect(cells.nth(5)).toBeVisible();
    await expect(cells.nth(5)).toHaveCSS('display', 'flex');
    // Its actions are there too, on screen.
    const action = first.getByRole('link', { name: /^(Launch|Pause|Resume|Duplicate) / }).first();
    await expect(action).toBeInViewport();
    await page.screenshot({ path: testInfo.outputPath('campaigns-390.png'), fullPage: true });
  });

  test('the sections are a menu: a button opens them, the keyboard and Escape work, a choice goes there', async ({
    page,
  }, testInfo) => {
    await signIn(page, { to: '/campaigns' });
    const nav = page.getByRole('navigation', { name: 'Main' });
    const menu = nav.getByRole('button', { name: 'Menu Campaigns' });
    await expect(menu).toHaveAttribute('aria-expanded', 'false');
    // Closed, no section link is shown, and nothing scrolls sideways.
    await expect(nav.getByRole('link')).toHaveCount(0);
    await expectNoSidewaysScroll(page);

    await menu.focus();
    await page.keyboard.press('Enter');
    await expect(menu).toHaveAttribute('aria-expanded', 'true');
    const links = nav.getByRole('link');
    await expect(links.first()).toBeVisible();
    expect(await links.count()).toBeGreaterThanOrEqual(10);
    for (const link of await links.all()) await expect(link).toBeInViewport();
    await expect(nav.getByRole('link', { name: 'Campaigns' })).toHaveAttribute('aria-current', 'page');
    await page.screenshot({ path: testInfo.outputPath('menu-390.png') });
    await page.keyboard.press('Tab');
    await expect(links.first()).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(menu).toHaveAttribute('aria-expanded', 'false');
    await expect(menu).toBeFocused();

    await menu.click();
    await nav.getByRole('link', { name: 'Budgets' }).click();
    await expect(page).toHaveURL(/\/budgets$/);
    await expect(nav.getByRole('button', { name: 'Menu Budgets' })).toHaveAttribute('aria-expanded', 'false');
  });

  test('the wizard’s schedule step fits the screen: the flowchart scrolls inside itself', async ({
    page,
  }, testInfo) => {
    await signIn(page, { to: '/campaigns' });
    // A seeded draft with dates: its flights fill the flowchart (several weeks wide).
    const draft = await withDatabase(async (db) => {
      const { rows } = await db.query<{ id: string; name: string }>(
        `SELECT c.id, c.name FROM campaigns c JOIN users u ON u.last_account_id = c.account_id
         WHERE u.email = 'demo@flightplan.test' AND c.status = 'draft' AND c.start_date IS NOT NULL
           AND c.end_date - c.start_date > 30
         ORDER BY c.end_date - c.start_date DESC LIMIT 1`,
      );
      return rows[0]!;
    });
    await page.goto(`/planning/wizard/${draft.id}/schedule`);
    await expect(page.getByRole('heading', { name: draft.name })).toBeVisible();
    const flowchart = page.getByRole('table', { name: /^Flowchart:/ });
    await expect(flowchart).toBeVisible();
    // The flowchart is wider than the phone, and scrolls within its frame, not the page.
    expect((await boxOf(flowchart)).width).toBeGreaterThan(390);
    await expectNoSidewaysScroll(page);
    await page.screenshot({ path: testInfo.outputPath('schedule-390.png'), fullPage: true });
  });
});

test.describe('the wizard on a 1 280 × 720 screen', () => {
  test.use({ viewport: { width: 1280, height: 720 } });

  test('the field being typed in stays above the sticky footer, its list on screen', async ({ page }) => {
    await signIn(page, { to: '/campaigns' });
    // A plan on three platforms: the last platform's interests sit at the bottom of the audience step.
    const name = `Footer ${Date.now().toString(36)}`;
    const id = await planCampaign(page, { name, platforms: ['meta', 'google', 'tiktok'], until: 'schedule' });
    await page.goto(`/planning/wizard/${id}/audience`);
    await expect(page.getByRole('heading', { name })).toBeVisible();
    const field = page.getByRole('combobox', { name: / interests$/ }).last();
    await field.fill('tra');
    const footer = page.locator('footer', { has: page.getByRole('button', { name: /^Next: / }) });
    const list = page.getByRole('listbox').filter({ has: page.getByRole('option') });
    await expect(list).toBeVisible();
    const [fieldBox, footerBox, listBox] = await Promise.all([boxOf(field), boxOf(footer), boxOf(list)]);
    expect(fieldBox.y + fieldBox.height, 'the field ends above the footer').toBeLessThanOrEqual(footerBox.y);
    expect(overlaps(listBox, footerBox), 'the list is not under the footer').toBe(false);
    await removeCampaignsNamed(name);
  });
});

test.describe('a refusal is said where the person is looking', () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test('Disconnect on a platform that runs a campaign says so in the confirmation; a platform’s notice shows in its card, on screen', async ({
    page,
  }) => {
    // A connected platform that runs a campaign of the demo account (launched, active or paused).
    const platform = await withDatabase(async (db) => {
      const { rows } = await db.query<{ name: string }>(
        `SELECT p.display_name AS name FROM campaigns c
           JOIN users u ON u.last_account_id = c.account_id AND u.email = 'demo@flightplan.test'
           JOIN platforms p ON p.key = ANY(c.platforms)
           JOIN platform_connections pc ON pc.account_id = c.account_id AND pc.platform_key = p.key
         WHERE c.status IN ('active', 'paused') ORDER BY p.key LIMIT 1`,
      );
      return rows[0]!.name;
    });
    await signIn(page, { to: '/platforms' });
    const card = page.getByRole('region', { name: platform, exact: true });
    await card.getByRole('button', { name: `Disconnect ${platform}` }).click();
    // The refusal is said up front, where the person is looking: in the confirmation, naming the campaigns.
    const confirmation = page.getByRole('alertdialog', { name: `Disconnect ${platform}?` });
    await expect(confirmation).toContainText(new RegExp(`${platform} runs \\d+ campaigns? of this account`));
    await expect(confirmation.getByRole('button', { name: 'Disconnect', exact: true })).toHaveCount(0);
    await confirmation.getByRole('button', { name: 'Close' }).click();
    // A notice about one platform shows in its card, under the button pressed, on screen; none at the top.
    // Sync now: the sync is on its way, or (another journey synced it a moment ago) refused, saying when.
    await card.getByRole('button', { name: `Sync ${platform} now` }).click();
    const said = new RegExp(
      `^${platform}(: a delivery sync is on its way\\.| was synced less than a minute ago)`,
    );
    await expect(card.getByText(said)).toBeInViewport();
    await expect(page.getByText(said)).toHaveCount(1);
  });
});

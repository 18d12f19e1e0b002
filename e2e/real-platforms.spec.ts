import { inDays, launchFromItsPage, planCampaign, saveValidAds } from './support/planning';
import { newPlanner, platformCard, sameOrigin, syncNow } from './support/platforms';
import { expect, type Page, test } from './support/test';

/**
 * Issue 29 in the browser, on the server started with the real connectors (`PLATFORM_CONNECTORS=meta=graph,
 * google=googleads`, playwright.config.ts's second server): Meta and Google Ads connected through their consent
 * pages (Google's login reaches a manager account's clients: the planner chooses one), a plan launched on both,
 * delivered and synced, and the report. Every call to the platforms goes through the Marketing API and Google
 * Ads API connectors over HTTP, to the local stand-ins that answer in those APIs' formats.
 */

const headers = sameOrigin;

/** Connects `name` through its consent page; when the login reaches several ad accounts, chooses the first. */
async function connect(page: Page, name: string) {
  await page.goto('/platforms');
  await platformCard(page, name)
    .getByRole('button', { name: `Connect ${name}` })
    .click();
  await expect(page).toHaveURL(/\/sandbox\/[a-z]+\/oauth\/authorize\?/);
  await page.getByRole('button', { name: 'Allow' }).click();
  const connected = page.getByText(`${name} is connected.`);
  const chooser = page.getByRole('dialog', { name: `Choose the ${name} ad account` });
  await expect(connected.or(chooser)).toBeVisible();
  if (await chooser.isVisible()) {
    await chooser.getByRole('radio').first().check();
    await chooser.getByRole('button', { name: 'Connect this ad account' }).click();
    await expect(connected).toBeVisible();
  }
  await expect(platformCard(page, name)).toContainText('Connected');
}

test.afterEach(async ({ page }) => {
  await page.request.delete('/api/sandbox/clock', { headers: headers() }).catch(() => undefined);
});

test('connect Meta and Google Ads through the real connectors, launch on both, deliver, sync, report', async ({
  page,
}) => {
  const email = await newPlanner(page, 'real');
  const name = `Real ${Date.now().toString(36)}`;
  await page.goto('/campaigns');

  const customer = await page.request.post('/api/customers', {
    data: { name: `${name} customer` },
    headers: headers(),
  });
  expect(customer.status()).toBe(201);
  const customerId = ((await customer.json()) as { id: string }).id;
  const campaignId = await planCampaign(page, {
    name,
    customerId,
    platforms: ['meta', 'google'],
    budgetMinor: 900_000,
    startDate: inDays(0),
    endDate: inDays(29),
  });

  // Google's segments come from the API, for a connected account: before connecting, the step says so.
  const googleInterests = () => page.getByRole('combobox', { name: 'Google Ads interests' });
  await page.goto(`/planning/wizard/${campaignId}/audience`);
  await googleInterests().fill('beach');
  await expect(
    page.getByText(
      'Could not search interests. Google Ads lists its audience segments for a connected ad account: connect Google Ads under Platforms first.',
    ),
  ).toBeVisible();
  // Meta estimates for an ad account: its card says to connect, while Google's shows its figures.
  await expect(page.getByRole('region', { name: 'Meta', exact: true })).toContainText(
    'Meta estimates audiences for an ad account: connect Meta under Platforms first.',
  );
  await expect(page.getByRole('region', { name: 'Google Ads', exact: true })).toContainText('people');

  await connect(page, 'Meta');
  await connect(page, 'Google Ads');
  // Google Ads: the client account is reached through the agency's manager account.
  await expect(platformCard(page, 'Google Ads')).toContainText('Manager account');

  // Connected, the same search lists Google's own segments, each under its place in Google's taxonomy.
  await page.goto(`/planning/wizard/${campaignId}/audience`);
  await googleInterests().fill('beach');
  await expect(page.getByRole('option', { name: /Beaches/ })).toContainText('Affinity segments › Travel');
  await page.getByRole('option', { name: /Beaches/ }).click();
  await expect(page.getByRole('list', { name: 'Chosen: google ads interests' })).toContainText('Beaches');
  await page.getByRole('button', { name: 'Next: Schedule' }).click();
  await expect(page).toHaveURL(new RegExp(`/planning/wizard/${campaignId}/schedule$`));
  await saveValidAds(page, campaignId);

  // The review's pre-flight asks each platform with validate-only calls.
  await page.goto(`/planning/wizard/${campaignId}/review`);
  const checks = page.getByRole('region', { name: /Platform checks/ });
  await expect(checks.getByText(/Meta/).first()).toBeVisible();

  await launchFromItsPage(page, campaignId, email);
  await expect(page).toHaveURL(new RegExp(`/campaigns/${campaignId}$`));
  // In review on both, then live: the platforms' own review states, read back through their APIs.
  await expect(page.getByRole('main').getByText('active', { exact: true }).first()).toBeVisible();
  const platforms = page.getByRole('region', { name: 'Platforms' });
  await expect(platforms.getByRole('row', { name: /Meta/ })).toContainText(/Active/i);
  await expect(platforms.getByRole('row', { name: /Google Ads/ })).toContainText(/Active/i);

  // A delivered day on both platforms (their clock one day ahead), synced, then the clock goes back.
  const today = inDays(0);
  const moved = await page.request.post('/api/sandbox/clock', { data: { days: 1 }, headers: headers() });
  expect(await moved.json()).toEqual({ today: inDays(1) });
  try {
    await page.goto('/platforms');
    await syncNow(page, 'Meta');
    await syncNow(page, 'Google Ads');
  } finally {
    await page.request.delete('/api/sandbox/clock', { headers: headers() });
  }

  await page.goto(`/reports?from=${today}&to=${today}&groupBy=platform`);
  const table = page.getByRole('table', { description: /^Rows / });
  await expect(table).toHaveAttribute('aria-busy', 'false');
  await expect(table.getByRole('row', { name: /Meta/ })).toContainText('€');
  await expect(table.getByRole('row', { name: /Google Ads/ })).toContainText('€');
});

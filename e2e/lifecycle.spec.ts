import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { withDatabase } from './support/db';
import { inDays, planCampaign } from './support/planning';
import { DEMO, signIn } from './support/session';
import { confirmWithEmailCode } from './support/stepUp';

/**
 * The campaign lifecycle in the browser: a launched campaign is paused and resumed from its page, each
 * platform following; the review page offers Launch only while the lifecycle chart allows it.
 */

const NAME = `E2E lifecycle ${randomUUID().slice(0, 8)}`;

test.afterAll(async () => {
  await withDatabase(async (db) => {
    await db.query('DELETE FROM bookings WHERE campaign_id IN (SELECT id FROM campaigns WHERE name = $1)', [
      NAME,
    ]);
    await db.query('DELETE FROM campaigns WHERE name = $1', [NAME]);
  });
});

test('launch, pause and resume a campaign from its page; the platforms follow; Launch only when allowed', async ({
  page,
}) => {
  await signIn(page);
  // A complete plan through the wizard's calls (overview, platforms, audience, schedule): Meta and TikTok.
  const campaignId = await planCampaign(page, {
    name: NAME,
    platforms: ['meta', 'tiktok'],
    budgetMinor: 400_000,
    // Starting today, it runs as soon as the platforms approve it (a later start would be scheduled).
    startDate: inDays(0),
    endDate: inDays(30),
  });

  // A draft's page offers Launch, not Pause or Resume.
  await page.goto(`/campaigns/${campaignId}`);
  // The page's own buttons (the navigation has none of these names).
  const header = page.getByRole('main');
  await expect(header.getByRole('link', { name: 'Launch', exact: true })).toBeVisible();
  await expect(header.getByRole('link', { name: 'Pause', exact: true })).toHaveCount(0);
  await expect(header.getByRole('link', { name: 'Resume', exact: true })).toHaveCount(0);

  await header.getByRole('link', { name: 'Launch', exact: true }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText('Are you sure?')).toBeVisible();
  await confirmWithEmailCode(page, DEMO.email, () => dialog.getByRole('button', { name: 'Launch' }).click());
  const progress = page.getByRole('table', { name: 'Platform progress' });
  const row = (platform: string) => progress.getByRole('row', { name: new RegExp(platform) });
  for (const platform of ['Meta', 'TikTok']) {
    await expect(row(platform)).toContainText('Active');
  }
  await expect(header.getByText('active', { exact: true }).first()).toBeVisible();
  await expect(header.getByRole('link', { name: 'Launch', exact: true })).toHaveCount(0);

  // Pause: no step-up (it stops spend at once); each platform shows Paused as it confirms.
  await header.getByRole('link', { name: 'Pause', exact: true }).click();
  await expect(dialog.getByRole('heading', { name: 'Pause campaign' })).toBeVisible();
  await expect(
    dialog.getByText(`Pause ${NAME}? Its ads stop delivering on Meta and TikTok until you resume it.`),
  ).toBeVisible();
  await dialog.getByRole('button', { name: 'Pause' }).click();
  await expect(page.getByText('Pausing the campaign on its platforms.')).toBeVisible();
  for (const platform of ['Meta', 'TikTok']) {
    await expect(row(platform)).toContainText('Paused');
  }
  await expect(header.getByText('paused', { exact: true }).first()).toBeVisible();
  await expect(header.getByRole('link', { name: 'Pause', exact: true })).toHaveCount(0);

  // The wizard's review step of a paused campaign offers no Launch: it reviews a change against what runs.
  await page.goto(`/planning/wizard/${campaignId}/review`);
  await expect(page.getByRole('heading', { level: 1, name: NAME })).toBeVisible();
  const changeCard = page.getByRole('region', { name: 'Changes to apply' });
  await expect(changeCard.getByText('Nothing to apply: the platforms run this plan.')).toBeVisible();
  await expect(changeCard.getByRole('button', { name: 'Apply changes' })).toBeDisabled();
  await expect(page.getByRole('region', { name: 'Ready to launch?' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Launch', exact: true })).toHaveCount(0);

  // Resume: it spends again, so it asks to confirm it's you.
  await page.goto(`/campaigns/${campaignId}`);
  await header.getByRole('link', { name: 'Resume', exact: true }).click();
  await expect(
    dialog.getByText(`Resume ${NAME}? Its ads start delivering and spending again on Meta and TikTok.`),
  ).toBeVisible();
  await confirmWithEmailCode(page, DEMO.email, () => dialog.getByRole('button', { name: 'Resume' }).click());
  for (const platform of ['Meta', 'TikTok']) {
    await expect(row(platform)).toContainText('Active');
  }
  await expect(header.getByText('active', { exact: true }).first()).toBeVisible();

  // The campaigns table offers what the chart allows in the row's status.
  await page.goto(`/campaigns?name=${encodeURIComponent(NAME)}`);
  const actions = page.getByRole('table', { name: 'Campaigns' }).getByRole('row', { name: new RegExp(NAME) });
  await expect(actions.getByRole('link', { name: `Pause ${NAME}` })).toBeVisible();
  await expect(actions.getByRole('link', { name: `Launch ${NAME}` })).toHaveCount(0);
  await expect(actions.getByRole('link', { name: `Resume ${NAME}` })).toHaveCount(0);
});

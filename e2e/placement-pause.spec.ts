import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { removeCampaignsNamed } from './support/db';
import { inDays, launchFromItsPage, planCampaign } from './support/planning';
import { DEMO, signIn } from './support/session';
import { confirmWithEmailCode } from './support/stepUp';

/**
 * Issue 28, "pause TikTok alone": a live campaign on Meta and TikTok is paused on TikTok only from its page;
 * Meta keeps running and the campaign stays active; TikTok is resumed behind the step-up. A campaign whose
 * first flight starts later shows scheduled, on the page and on each platform.
 */

const NAME = `E2E one platform ${randomUUID().slice(0, 8)}`;
const LATER = `E2E scheduled ${randomUUID().slice(0, 8)}`;

test.afterAll(() => removeCampaignsNamed(NAME, LATER));

test('pause TikTok alone on a live campaign, then resume it; a later start is scheduled', async ({
  page,
}) => {
  await signIn(page);
  // A complete plan on Meta and TikTok starting today, launched from its page through the step-up.
  const campaignId = await planCampaign(page, {
    name: NAME,
    platforms: ['meta', 'tiktok'],
    budgetMinor: 400_000,
    startDate: inDays(0),
    endDate: inDays(30),
  });
  await launchFromItsPage(page, campaignId, DEMO.email);
  const main = page.getByRole('main');
  const progress = page.getByRole('table', { name: 'Platform progress' });
  const row = (platform: string) => progress.getByRole('row', { name: new RegExp(`^${platform}`) });
  for (const platform of ['Meta', 'TikTok']) await expect(row(platform)).toContainText('Active');
  await expect(main.getByText('active', { exact: true }).first()).toBeVisible();

  // Pause TikTok alone: no step-up; TikTok shows Paused, Meta keeps running, the campaign stays active.
  await row('TikTok').getByRole('button', { name: 'Pause TikTok' }).click();
  await expect(row('TikTok')).toContainText('Paused');
  await expect(row('TikTok').getByRole('button', { name: 'Resume TikTok' })).toBeVisible();
  await expect(row('Meta')).toContainText('Active');
  await expect(row('Meta').getByRole('button', { name: 'Pause Meta' })).toBeVisible();
  await expect(main.getByText('active', { exact: true }).first()).toBeVisible();
  // The whole campaign is still running: the header offers Pause, not Resume.
  await expect(main.getByRole('link', { name: 'Pause', exact: true })).toBeVisible();
  await expect(main.getByRole('link', { name: 'Resume', exact: true })).toHaveCount(0);

  // Resume TikTok: it spends again, so it asks to confirm it's you, naming the platform.
  await confirmWithEmailCode(
    page,
    DEMO.email,
    () => row('TikTok').getByRole('button', { name: 'Resume TikTok' }).click(),
    `Resume campaign ${NAME} on TikTok`,
  );
  await expect(row('TikTok')).toContainText('Active');
  await expect(row('TikTok').getByRole('button', { name: 'Pause TikTok' })).toBeVisible();
  await expect(main.getByText('active', { exact: true }).first()).toBeVisible();

  // A campaign whose first flight starts next week is scheduled once the platforms approve it.
  const laterId = await planCampaign(page, {
    name: LATER,
    platforms: ['meta'],
    budgetMinor: 200_000,
    startDate: inDays(7),
    endDate: inDays(30),
  });
  await launchFromItsPage(page, laterId, DEMO.email);
  await expect(row('Meta')).toContainText('Scheduled');
  await expect(main.getByText('scheduled', { exact: true }).first()).toBeVisible();
  await expect(main.getByRole('link', { name: 'Pause', exact: true })).toBeVisible();
});

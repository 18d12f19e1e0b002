import { expectNoAxeViolations } from './support/axe';
import { withDatabase } from './support/db';
import { newPlanner, platformCard, syncNow } from './support/platforms';
import { challengeDialog, confirmWithEmailCode } from './support/stepUp';
import { expect, test } from './support/test';

/**
 * Connecting an ad platform, on a user of its own (the demo accounts come connected to every platform):
 * sign up → /platforms shows nothing connected → Connect Meta → the sandbox's consent page (another
 * "site": which app, which scopes, which ad account) → Allow → back, connected as the chosen ad account →
 * Disconnect, confirmed → not connected; Cancel on a consent page comes back as cancelled.
 */

const card = platformCard;

test('connect Meta through its consent page, see it connected, disconnect it', async ({ page }) => {
  const email = await newPlanner(page, 'platforms');
  await page.goto('/platforms');
  await expect(page.getByRole('heading', { name: 'Platforms', level: 1 })).toBeVisible();
  await expect(card(page, 'Meta')).toContainText('Not connected');
  await expectNoAxeViolations(page, '/platforms');

  await card(page, 'Meta').getByRole('button', { name: 'Connect Meta' }).click();
  // The platform's own page, with its own address and no Flightplan chrome.
  await expect(page).toHaveURL(/\/sandbox\/meta\/oauth\/authorize\?/);
  await expect(
    page.getByRole('heading', { name: 'Flightplan wants to access your Meta ad account' }),
  ).toBeVisible();
  await expect(page.getByText('Create, pause, resume and delete campaigns')).toBeVisible();
  await expectNoAxeViolations(page, 'the consent page');
  const accounts = page.getByRole('radio');
  const chosen = accounts.last();
  const adAccountId = await chosen.getAttribute('value');
  const adAccountName = await chosen.locator('xpath=following-sibling::span').innerText();
  await chosen.check();
  await page.getByRole('button', { name: 'Allow' }).click();

  await expect(page).toHaveURL(/\/platforms$/);
  await expect(page.getByText('Meta is connected.')).toBeVisible();
  await expect(card(page, 'Meta')).toContainText('Connected');
  await expectNoAxeViolations(page, '/platforms, Meta connected');
  await expect(card(page, 'Meta')).toContainText(adAccountId!);
  await expect(card(page, 'Meta')).toContainText('Renews automatically');

  // A reload does not repeat the notice: the outcome left the URL.
  await page.reload();
  await expect(card(page, 'Meta')).toContainText('Connected');
  await expect(page.getByText('Meta is connected.')).toHaveCount(0);

  // Sync now runs the delivery sync as a job; the card then says how it went.
  await syncNow(page, 'Meta');

  await card(page, 'Meta').getByRole('button', { name: 'Disconnect Meta' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Disconnect Meta?' });
  await expect(dialog).toBeVisible();
  await expectNoAxeViolations(page, 'the Disconnect confirmation');
  // A risky action: it stops the delivery sync and drops the tokens, so it asks to confirm it's you first.
  // Closing that dialog does nothing: the question is asked again.
  await dialog.getByRole('button', { name: 'Disconnect', exact: true }).click();
  await expect(challengeDialog(page)).toBeVisible();
  await challengeDialog(page).getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeVisible();
  await confirmWithEmailCode(
    page,
    email,
    () => dialog.getByRole('button', { name: 'Disconnect', exact: true }).click(),
    `Disconnect Meta (ad account ${adAccountName})`,
  );
  await expect(page.getByText('Meta is disconnected.')).toBeVisible();
  await expect(card(page, 'Meta')).toContainText('Not connected');
});

test('Cancel on the consent page comes back as cancelled, nothing connected', async ({ page }) => {
  await newPlanner(page, 'platforms');
  await page.goto('/platforms');
  await card(page, 'TikTok').getByRole('button', { name: 'Connect TikTok' }).click();
  await expect(page).toHaveURL(/\/sandbox\/tiktok\/oauth\/authorize\?/);
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page).toHaveURL(/\/platforms$/);
  await expect(page.getByText('The connection was cancelled on the platform’s consent page.')).toBeVisible();
  await expect(card(page, 'TikTok')).toContainText('Not connected');
});

test('an expired trial can still open /platforms and connect', async ({ page }) => {
  const email = await newPlanner(page, 'platforms');
  await withDatabase((db) =>
    db.query(
      `UPDATE organizations SET created_at = now() - interval '8 days'
       WHERE id IN (SELECT m.organization_id FROM memberships m JOIN users u ON u.id = m.user_id WHERE u.email = $1)`,
      [email],
    ),
  );
  await page.goto('/campaigns');
  await expect(page.getByRole('dialog', { name: 'Your trial has expired.' })).toBeVisible();
  await page.goto('/platforms');
  await expect(page.getByRole('region', { name: 'Trial status' })).toContainText('Your trial has expired!');
  await expect(page.getByRole('dialog', { name: 'Your trial has expired.' })).toHaveCount(0);
  await card(page, 'Pinterest').getByRole('button', { name: 'Connect Pinterest' }).click();
  await page.getByRole('button', { name: 'Allow' }).click();
  await expect(page.getByText('Pinterest is connected.')).toBeVisible();
});

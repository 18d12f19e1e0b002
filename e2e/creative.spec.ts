import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { expectNoAxeViolations } from './support/axe';
import { withDatabase } from './support/db';
import { planCampaign } from './support/planning';
import { DEMO, signIn } from './support/session';
import { confirmWithEmailCode } from './support/stepUp';
import { expect, test } from './support/test';

/**
 * The creative step in the browser (issue 13): a planner uploads a picture for a Meta ad, picks its focal
 * point, writes a primary text past Meta's truncation point (a warning) and past its limit (an error that
 * keeps Next from leaving), fixes it, sees the ad in the Facebook Feed and Instagram Stories previews, and
 * finds it on the review. Works on records tagged with this run's id.
 */

const TAG = `E2E creative ${randomUUID().slice(0, 8)}`;
const AD = 'Meta ad 1';

let folder = '';
test.beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), 'flightplan-creative-'));
});

test.afterAll(async () => {
  await rm(folder, { recursive: true, force: true });
  await withDatabase(async (db) => {
    await db.query(
      'DELETE FROM bookings WHERE campaign_id IN (SELECT id FROM campaigns WHERE name LIKE $1)',
      [`${TAG}%`],
    );
    await db.query('DELETE FROM campaigns WHERE name LIKE $1', [`${TAG}%`]);
  });
});

/** A 1200 × 1200 PNG with a subject off-centre, written to the run's folder. */
async function picture(name: string): Promise<string> {
  const path = join(folder, name);
  await sharp({ create: { width: 1200, height: 1200, channels: 3, background: '#3b82f6' } })
    .composite([
      {
        input: await sharp({
          create: { width: 300, height: 300, channels: 3, background: '#f59e0b' },
        })
          .png()
          .toBuffer(),
        left: 750,
        top: 150,
      },
    ])
    .png()
    .toFile(path);
  return path;
}

test('a planner writes an ad within Meta’s limits, with a cropped picture, and sees it on the review', async ({
  page,
}) => {
  await signIn(page);
  const campaignId = await planCampaign(page, {
    name: `${TAG} spring`,
    platforms: ['meta'],
    until: 'schedule',
  });
  await page.goto(`/planning/wizard/${campaignId}/creative`);
  const card = page.getByRole('article', { name: AD });
  await expect(card).toBeVisible();

  // The picture: uploaded, checked by the server, attached with its thumbnail and focal point.
  const file = await picture('spring-sale.png');
  await card.getByLabel(`Upload image for ${AD}`).setInputFiles(file);
  await expect(card.getByRole('list', { name: `${AD} image` })).toContainText('spring-sale.png');
  await expect(card.getByRole('list', { name: `${AD} image` })).toContainText('1200 × 1200');
  const focal = card.getByRole('group', { name: `Focal point of spring-sale.png in ${AD}` });
  await focal.getByLabel('Across').fill('70');
  await focal.getByLabel('Down').fill('25');
  await expect(focal.getByLabel('Across')).toHaveAttribute('aria-valuetext', '70% from the left');

  // Past where Meta cuts the text off: amber, a warning, nothing refused.
  const primary = card.getByLabel(`${AD} primary text`);
  await primary.fill(`${'Spring colours are in store now. '.repeat(4)}Come by.`);
  await expect(card.getByText(/^\d+ \/ 2,200$/)).toBeVisible();
  await expect(card.getByText('Meta shows about 125 characters before cutting it off')).toBeVisible();
  await expect(primary).not.toHaveAttribute('aria-invalid', 'true');

  // Past Meta's limit: red, the rule named under the field, and Next stays.
  await primary.fill('x'.repeat(2201));
  await expect(card.getByText('Meta allows at most 2,200 characters here (this has 2,201)')).toBeVisible();
  await expect(primary).toHaveAttribute('aria-invalid', 'true');
  await page.getByRole('button', { name: 'Next: Review' }).click();
  await expect(page).toHaveURL(new RegExp(`/planning/wizard/${campaignId}/creative$`));

  // Fixed; the landing page and its tags.
  await primary.fill('Spring colours are in store now: come by and see them.');
  await expect(card.getByText('Meta allows at most', { exact: false })).toHaveCount(0);
  await card.getByLabel(`${AD} destination URL`).fill('https://example.com/spring');
  await expect(card.getByText(/utm_source=facebook/).first()).toBeVisible();

  // The previews, per placement.
  const preview = card.getByRole('complementary', { name: `${AD} preview` });
  await preview.getByRole('tab', { name: 'Facebook Feed' }).click();
  await expect(preview.getByRole('figure', { name: 'Meta Facebook Feed preview' })).toContainText(
    'Spring colours are in store now',
  );
  await preview.getByRole('tab', { name: 'Instagram Stories' }).click();
  await expect(preview.getByRole('figure', { name: 'Meta Instagram Stories preview' })).toBeVisible();
  await expectNoAxeViolations(page, 'creative step');

  // Saved, then on the review with its preview.
  await expect(page.getByRole('status').filter({ hasText: /^Saved$/ })).toBeVisible();
  await page.getByRole('button', { name: 'Next: Review' }).click();
  await expect(page).toHaveURL(new RegExp(`/planning/wizard/${campaignId}/review$`));
  const creative = page.getByRole('region', { name: 'Creative' });
  await expect(creative.getByRole('listitem', { name: AD })).toContainText('Spring colours are in store now');
  await expect(creative.getByRole('link', { name: 'Edit ads' })).toHaveAttribute(
    'href',
    `/planning/wizard/${campaignId}/creative`,
  );

  // Launched through the step-up: Meta takes the ad (its pre-flight said so) and the campaign goes live.
  await expect(page.getByRole('region', { name: 'Platform checks' })).toContainText('Meta');
  await page.getByRole('link', { name: 'Launch' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText('Are you sure?')).toBeVisible();
  await confirmWithEmailCode(page, DEMO.email, () => dialog.getByRole('button', { name: 'Launch' }).click());
  await expect(page).toHaveURL(new RegExp(`/campaigns/${campaignId}$`));
  // On the platforms, waiting for its first flight (it starts in two days).
  await expect(page.getByRole('main').getByText('scheduled', { exact: true }).first()).toBeVisible();
});

import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { basename } from 'node:path';
import { expectNoAxeViolations } from './support/axe';
import { withDatabase } from './support/db';
import { planCampaign } from './support/planning';
import { signIn } from './support/session';
import { expect, test } from './support/test';

/**
 * The plan in and out (issue 13): from a campaign's page a planner downloads the insertion order and the
 * MediaPlan JSON, then imports that JSON on /campaigns into a new draft, after the dialog's report.
 */

const TAG = `E2E exchange ${randomUUID().slice(0, 8)}`;

test.afterAll(async () => {
  await withDatabase(async (db) => {
    await db.query(
      'DELETE FROM bookings WHERE campaign_id IN (SELECT id FROM campaigns WHERE name LIKE $1)',
      [`${TAG}%`],
    );
    await db.query(
      'DELETE FROM campaign_ad_assets WHERE ad_id IN (SELECT a.id FROM campaign_ads a JOIN campaigns c ON c.id = a.campaign_id WHERE c.name LIKE $1)',
      [`${TAG}%`],
    );
    await db.query('DELETE FROM campaigns WHERE name LIKE $1', [`${TAG}%`]);
  });
});

test('a planner downloads the insertion order and the MediaPlan JSON, and imports the JSON as a new draft', async ({
  page,
}) => {
  await signIn(page);
  const name = `${TAG} summer`;
  const campaignId = await planCampaign(page, { name, platforms: ['meta', 'linkedin'], until: 'schedule' });

  await page.goto(`/campaigns/${campaignId}`);
  const exports = page.getByRole('region', { name: 'Export' });
  await expect(exports).toBeVisible();

  const [pdf] = await Promise.all([
    page.waitForEvent('download'),
    exports.getByRole('link', { name: 'Insertion order (PDF)' }).click(),
  ]);
  expect(pdf.suggestedFilename()).toMatch(/\.pdf$/);
  const pdfBytes = await readFile((await pdf.path())!);
  expect(pdfBytes.subarray(0, 5).toString()).toBe('%PDF-');

  const [json] = await Promise.all([
    page.waitForEvent('download'),
    exports.getByRole('link', { name: 'Media plan (JSON)' }).click(),
  ]);
  expect(json.suggestedFilename()).toMatch(/\.json$/);
  const jsonPath = (await json.path())!;
  const document = JSON.parse(await readFile(jsonPath, 'utf8')) as {
    meta: { schema_version: string };
    campaign: { name: string };
    lineitems: { vehicle: string }[];
  };
  expect(document.meta.schema_version).toBe('3.0');
  expect(document.campaign.name).toBe(name);
  expect(document.lineitems.map((li) => li.vehicle).sort()).toEqual(['LinkedIn', 'Meta']);

  // The same file back in: a report first, nothing saved until Import.
  await page.goto('/campaigns');
  await page.getByRole('button', { name: 'Import plan' }).click();
  const dialog = page.getByRole('dialog', { name: 'Import a plan' });
  await dialog.getByLabel('MediaPlan JSON file').setInputFiles(jsonPath);
  const lineItems = dialog.getByRole('list', { name: 'Line items kept' });
  await expect(lineItems.getByRole('listitem')).toHaveCount(2);
  await expect(lineItems).toContainText('Meta');
  await expect(lineItems).toContainText('LinkedIn');
  await expectNoAxeViolations(page, 'import report', { include: '[role="dialog"]' });
  await dialog.getByRole('button', { name: 'Import', exact: true }).click();

  // The new draft opens in the wizard, at its first incomplete step (at the latest the ads: the standard has none).
  await expect(page).toHaveURL(/\/planning\/wizard\/[0-9a-f-]{36}\/(audience|schedule|creative)$/);
  expect(page.url()).not.toContain(campaignId);

  // Its Activity says where it came from: the file and the exported revision, by whom (issue 27).
  const draftId = /\/planning\/wizard\/([0-9a-f-]{36})\//.exec(page.url())![1]!;
  await page.goto(`/campaigns/${draftId}?tab=activity`);
  const activity = page.getByRole('tabpanel', { name: 'Activity' });
  const imported = activity.getByRole('row').filter({ hasText: 'Imported from' });
  // The file as the browser chose it (Playwright's download keeps a name of its own).
  await expect(imported).toContainText(
    `“${basename(jsonPath)}” — ${name} (MediaPlan flightplan-${campaignId}`,
  );
  await expect(imported).toContainText('Dana Demo');
});

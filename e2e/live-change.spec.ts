import { randomUUID } from 'node:crypto';
import { expect, type Page, test } from '@playwright/test';
import { removeCampaignsNamed, withDatabase } from './support/db';
import { inDays, launchFromItsPage, planCampaign } from './support/planning';
import { DEMO, signIn } from './support/session';
import { confirmWithEmailCode } from './support/stepUp';

/**
 * Changing a live campaign (issue 28): a campaign live on Meta and TikTok gets a higher Meta budget and a
 * later end date; the review shows the change against what runs and each platform's pre-flight of it;
 * Apply changes passes the step-up; Meta runs the new plan and its booking follows.
 */

const NAME = `E2E live change ${randomUUID().slice(0, 8)}`;

test.afterAll(() => removeCampaignsNamed(NAME));

interface PlanJson {
  campaign: { version: number; budgetMinor: number; startDate: string; endDate: string };
  platforms: string[];
  allocations: Record<string, { amountMinor: number; bidStrategy: string; costCapMinor: number | null }>;
  flights: {
    id: string;
    platform: string;
    startDate: string;
    endDate: string;
    amountMinor: number;
    pacing: string;
  }[];
}

/** The planner's edits, made through the wizard's own calls: Meta +€500.00 and every flight two weeks longer. */
async function raiseMetaAndExtend(page: Page, campaignId: string, newEnd: string) {
  const headers = { Origin: new URL(page.url()).origin };
  const read = async () =>
    (await (
      await page.request.get(`/planning/wizard/${campaignId}`, { headers: { accept: 'application/json' } })
    ).json()) as PlanJson;
  let plan = await read();
  const platforms = await page.request.put(`/planning/wizard/${campaignId}/platforms`, {
    headers,
    data: {
      version: plan.campaign.version,
      platforms: plan.platforms,
      budgetMinor: plan.campaign.budgetMinor + 50_000,
      splitMode: 'amount',
      allocations: {
        ...plan.allocations,
        meta: { ...plan.allocations.meta!, amountMinor: plan.allocations.meta!.amountMinor + 50_000 },
      },
    },
  });
  expect(platforms.status(), await platforms.text()).toBe(200);
  plan = (await platforms.json()) as PlanJson;
  const schedule = await page.request.put(`/planning/wizard/${campaignId}/schedule`, {
    headers,
    data: {
      version: plan.campaign.version,
      startDate: plan.campaign.startDate,
      endDate: newEnd,
      flights: plan.flights.map((f) => ({
        ...f,
        endDate: newEnd,
        amountMinor: plan.allocations[f.platform]!.amountMinor,
      })),
    },
  });
  expect(schedule.status(), await schedule.text()).toBe(200);
}

test('raise a live campaign’s Meta budget and extend it: review, step-up, live on Meta, booking updated', async ({
  page,
}) => {
  await signIn(page);
  const campaignId = await planCampaign(page, {
    name: NAME,
    platforms: ['meta', 'tiktok'],
    budgetMinor: 400_000,
    startDate: inDays(1),
    endDate: inDays(30),
  });
  await launchFromItsPage(page, campaignId, DEMO.email);
  const progress = page.getByRole('table', { name: 'Platform progress' });
  // Its flights start tomorrow: it is live, scheduled on both platforms.
  for (const platform of ['Meta', 'TikTok'])
    await expect(progress.getByRole('row', { name: new RegExp(platform) })).toContainText('Scheduled');

  const newEnd = inDays(44);
  await raiseMetaAndExtend(page, campaignId, newEnd);

  await page.goto(`/planning/wizard/${campaignId}/review`);
  const card = page.getByRole('region', { name: 'Changes to apply' });
  // The change against what runs: Meta's line item €2,000 → €2,500 and two weeks longer, TikTok's longer.
  await expect(card.getByRole('heading', { name: 'Line items' })).toBeVisible();
  const lineItems = card.getByRole('table');
  await expect(lineItems.getByRole('row', { name: /Meta/ })).toContainText(/€2,000\s*→ changed to €2,500/);
  await expect(lineItems.getByRole('row', { name: /TikTok/ })).toContainText('changed to');
  await expect(card.getByRole('heading', { name: 'Totals' })).toBeVisible();
  // Each platform's pre-flight of the change, with what Meta warns about it.
  const checks = page.getByRole('table', { name: 'Platform checks' });
  await expect(checks.getByRole('list', { name: 'Meta warns' })).toContainText(
    'the learning phase starts again',
  );
  await page.screenshot({ path: test.info().outputPath('live-change-review.png'), fullPage: true });

  await confirmWithEmailCode(page, DEMO.email, () =>
    card.getByRole('button', { name: 'Apply changes' }).click(),
  );
  await expect(card.getByText('The change is live on Meta and TikTok.')).toBeVisible();
  await expect(card.getByText('Nothing to apply: the platforms run this plan.')).toBeVisible();
  await expect(card.getByRole('list', { name: 'On the platforms' })).toContainText('Meta · Runs this plan');

  // Meta runs the new plan; its booking follows.
  const meta = await withDatabase(async (db) => {
    const { rows } = await db.query(
      `SELECT payload FROM sandbox_platform_campaigns WHERE platform_key = 'meta' AND payload->>'campaignId' = $1`,
      [campaignId],
    );
    return rows[0]?.payload as { budgetMinor: number; endDate: string };
  });
  expect(meta).toMatchObject({ budgetMinor: 250_000, endDate: newEnd });
  await page.goto(`/bookings?campaign=${campaignId}`);
  const bookings = page.getByRole('table').first();
  await expect(bookings.getByRole('row', { name: /Meta/ })).toContainText(/€2,500/);
});

import type { PlatformRules } from '@contract/planning';
import { expect, type Page } from '@playwright/test';
import { FITS_ALL_IMAGE, FITS_ALL_VIDEO, type Library, validAd } from '@tooling/fixtures/creative';
import { image, mp4 } from '@tooling/fixtures/media';
import { confirmWithEmailCode } from './stepUp';

/** YYYY-MM-DD, `days` from today (UTC). */
export const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

export interface PlanOptions {
  name: string;
  objectiveId?: number;
  currency?: 'EUR' | 'USD' | 'GBP';
  platforms?: string[];
  budgetMinor?: number;
  startDate?: string;
  endDate?: string;
  /** Default: the account's first customer (a plan needs one to launch). */
  customerId?: string;
  /** Stop after this step (the plan is then incomplete before `creative`). */
  until?: 'overview' | 'platforms' | 'audience' | 'schedule' | 'creative';
  /** The flights' pacing (default even). */
  pacing?: 'even' | 'front_loaded';
}

/** The account's first customer, by name. */
export async function firstCustomer(page: Page): Promise<string> {
  const response = await page.request.get('/api/customers?_end=1');
  expect(response.status()).toBe(200);
  return ((await response.json()) as { id: string }[])[0]!.id;
}

/**
 * A plan made through the wizard's calls as the browser makes them (as `planCampaign` in
 * tests/support/planning.ts): overview, platforms (the budget split evenly, lowest cost), audience
 * (Germany and Austria, 18–65+), schedule (one flight per platform over the campaign's dates), creative
 * (one ad per platform that passes the platform's specs, its picture or video uploaded to the account's
 * library). The page
 * must be signed in (and on the app's origin: the calls carry it). Returns the campaign's id.
 */
export async function planCampaign(page: Page, options: PlanOptions): Promise<string> {
  const {
    name,
    objectiveId = 2,
    currency = 'EUR',
    platforms = ['meta', 'google'],
    budgetMinor = 300_000,
    startDate = inDays(2),
    endDate = inDays(31),
    until = 'creative',
    pacing = 'even',
  } = options;
  const customerId = options.customerId ?? (await firstCustomer(page));
  const headers = { Origin: new URL(page.url()).origin };
  const created = await page.request.post('/planning/wizard/new/overview', {
    headers,
    data: { name, objectiveId, customerId, currency },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { campaignId } = (await created.json()) as { campaignId: string };
  let version = 1;
  const save = async (step: string, body: Record<string, unknown>) => {
    const response = await page.request.put(`/planning/wizard/${campaignId}/${step}`, {
      headers,
      data: { version, ...body },
    });
    expect(response.status(), `${step}: ${await response.text()}`).toBe(200);
    version = ((await response.json()) as { campaign: { version: number } }).campaign.version;
  };
  if (until === 'overview') return campaignId;
  // Even shares in minor units, the first ones taking the remainder.
  const share = Math.floor(budgetMinor / platforms.length);
  const amounts = platforms.map((_, i) => share + (i < budgetMinor - share * platforms.length ? 1 : 0));
  await save('platforms', {
    platforms,
    budgetMinor,
    splitMode: 'amount',
    allocations: Object.fromEntries(
      platforms.map((key, i) => [
        key,
        { amountMinor: amounts[i], bidStrategy: 'lowest_cost', costCapMinor: null },
      ]),
    ),
  });
  if (until === 'platforms') return campaignId;
  await save('audience', {
    locations: ['DE', 'AT'],
    ageMin: 18,
    ageMax: 65,
    genders: [],
    languages: [],
    interests: {},
  });
  if (until === 'audience') return campaignId;
  await save('schedule', {
    startDate,
    endDate,
    flights: platforms.map((platform, i) => ({
      platform,
      startDate,
      endDate,
      amountMinor: amounts[i],
      pacing,
    })),
  });
  if (until === 'schedule') return campaignId;
  await saveValidAds(page, campaignId);
  return campaignId;
}

/**
 * The creative step saved through its call: one ad per platform of the plan that passes the platform's
 * specs (for journeys about other steps; the creative step's own journey is e2e/creative.spec.ts).
 */
export async function saveValidAds(page: Page, campaignId: string): Promise<void> {
  const planned = await page.request.get(`/planning/wizard/${campaignId}`, {
    headers: { accept: 'application/json' },
  });
  expect(planned.status(), await planned.text()).toBe(200);
  const plan = (await planned.json()) as {
    campaign: { version: number; objectiveId: number; name: string };
    platforms: string[];
  };
  const rules = await page.request.get('/planning/platforms', { headers: { accept: 'application/json' } });
  expect(rules.status(), await rules.text()).toBe(200);
  const byKey = new Map(((await rules.json()) as PlatformRules[]).map((r) => [r.key, r]));
  const library = await libraryOf(page);
  const response = await page.request.put(`/planning/wizard/${campaignId}/creative`, {
    headers: { Origin: new URL(page.url()).origin },
    data: {
      version: plan.campaign.version,
      ads: plan.platforms.map((key) =>
        validAd(byKey.get(key)!.creative, plan.campaign.objectiveId, library, plan.campaign.name),
      ),
    },
  });
  expect(response.status(), `creative: ${await response.text()}`).toBe(200);
}

/**
 * A picture and a video that fit every platform, uploaded to the account's library through
 * `POST /api/assets` as the browser does (the same files each time: the library keeps one of each), so the
 * previews and crops of the ads made with them are real.
 */
async function libraryOf(page: Page): Promise<Library> {
  const upload = async (name: string, data: Buffer) => {
    const response = await page.request.post(`/api/assets?name=${encodeURIComponent(name)}`, {
      headers: { Origin: new URL(page.url()).origin, 'Content-Type': 'application/octet-stream' },
      data,
    });
    expect([200, 201], `${name}: ${await response.text()}`).toContain(response.status());
    return ((await response.json()) as { id: string }).id;
  };
  return {
    image: await upload('e2e-picture.png', await image('png', FITS_ALL_IMAGE.width, FITS_ALL_IMAGE.height)),
    video: await upload(
      'e2e-clip.mp4',
      mp4(FITS_ALL_VIDEO.width, FITS_ALL_VIDEO.height, FITS_ALL_VIDEO.durationMs / 1000),
    ),
  };
}

/**
 * Launches a campaign from its page as a planner does: Launch, then the dialog's Launch confirmed with the
 * e-mail code sent to `email`. The page then shows the platforms' progress.
 */
export async function launchFromItsPage(page: Page, campaignId: string, email: string): Promise<void> {
  await page.goto(`/campaigns/${campaignId}`);
  const dialog = page.getByRole('dialog');
  // The page's header settles once the campaign's launch readiness is read: a click on the Launch link
  // before that may land on the link it replaces. Click until the dialog asks.
  await expect(async () => {
    await page.getByRole('main').getByRole('link', { name: 'Launch', exact: true }).click({ timeout: 5_000 });
    await expect(dialog.getByRole('button', { name: 'Launch' })).toBeVisible({ timeout: 5_000 });
  }).toPass();
  await confirmWithEmailCode(page, email, () => dialog.getByRole('button', { name: 'Launch' }).click());
}

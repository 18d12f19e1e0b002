import { randomBytes } from 'node:crypto';
import { expect, type Page } from '@playwright/test';
import type { PlatformRules } from '../../contract/planning';
import { FITS_ALL_IMAGE, FITS_ALL_VIDEO, type Library, validAd } from '../../tests/support/creative';
import { withDatabase } from './db';

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
 * (one ad per platform that passes the platform's specs, its picture or video put in the account's
 * library directly in the database: the ads' checks read only the asset's facts). The page
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
      pacing: 'even',
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
  const library = await libraryOf(campaignId);
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
 * A picture and a video that fit every platform, as rows of the campaign's account's library. Their
 * files are not stored: a preview of them shows a broken picture, which the journeys using this helper
 * do not look at (a journey that does uploads through the library).
 */
async function libraryOf(campaignId: string): Promise<Library> {
  return withDatabase(async (client) => {
    const insert = async (facts: typeof FITS_ALL_IMAGE | typeof FITS_ALL_VIDEO, name: string) => {
      const { rows } = await client.query<{ id: string }>(
        `INSERT INTO creative_assets
           (organization_id, account_id, kind, mime_type, name, byte_size, width, height, duration_ms, sha256, storage_key)
         SELECT organization_id, account_id, $2, $3, $4, $5, $6, $7, $8, $9, $10 FROM campaigns WHERE id = $1
         RETURNING id`,
        [
          campaignId,
          facts.kind,
          facts.mimeType,
          name,
          facts.byteSize,
          facts.width,
          facts.height,
          facts.durationMs,
          randomBytes(32).toString('hex'),
          `e2e/${randomBytes(8).toString('hex')}`,
        ],
      );
      return rows[0]!.id;
    };
    return {
      image: await insert(FITS_ALL_IMAGE, 'e2e-picture.png'),
      video: await insert(FITS_ALL_VIDEO, 'e2e-clip.mp4'),
    };
  });
}

import { CURRENCIES, OBJECTIVES, PLATFORMS } from '@contract/reference';
import { eq, sql } from 'drizzle-orm';
import type { AssetStorage } from '../assets/storage';
import { hashPassword } from '../auth/password';
import type { Database } from '../db/connect';
import type { CampaignRow } from '../db/rows';
import * as t from '../db/schema';
import type { SecretBox } from '../db/secretBox';
import { fitsPlan } from '../planning/budgets';
import { connectSeededAccount } from './seedConnections';
import { type SeededLibrary, seedAds, seedLibrary } from './seedCreative';
import { seedDelivery } from './seedDelivery';

export const DEMO_EMAIL = 'demo@flightplan.test';
export const RIVAL_EMAIL = 'rival@flightplan.test';
export const DEMO_PASSWORD = 'flightplan-demo';

/** Deterministic pseudo-random numbers (mulberry32): the same seed data on every machine. */
export function random(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let x = a;
    x = Math.imul(x ^ (x >>> 15), x | 1);
    x ^= x + Math.imul(x ^ (x >>> 7), x | 61);
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)]!;
  const some = <T>(list: readonly T[], min = 1, max = 3): T[] => {
    const shuffled = [...list].sort(() => next() - 0.5);
    return shuffled.slice(0, int(min, Math.min(max, list.length)));
  };
  return { next, int, pick, some };
}

const day = 86_400_000;

/** Seeded campaigns rest in a status no job is working on. */
const SEEDED_STATUSES = ['draft', 'draft', 'active', 'active', 'paused', 'completed', 'failed'] as const;
type SeededStatus = (typeof SEEDED_STATUSES)[number];
type Rnd = ReturnType<typeof random>;

/** Dates that agree with the status: running now, ended, or still ahead. */
function datesFor(status: SeededStatus, now: number, rnd: Rnd): { start: number; end: number } {
  switch (status) {
    case 'active':
    case 'paused': {
      const start = now - rnd.int(3, 40) * day;
      return { start, end: now + rnd.int(7, 60) * day };
    }
    case 'completed': {
      const end = now - rnd.int(2, 60) * day;
      return { start: end - rnd.int(7, 45) * day, end };
    }
    default: {
      const start = now + rnd.int(3, 60) * day;
      return { start, end: start + rnd.int(7, 60) * day };
    }
  }
}

/** An equal share of `total` for each of `count` parts; the first takes the remainder (as the launch job does). */
const shareOf = (total: number, count: number, index: number) => {
  const share = Math.floor(total / Math.max(1, count));
  return index === 0 ? total - share * (count - 1) : share;
};

const SANDBOX_REJECTION = (displayName: string) =>
  `${displayName} rejected the ads: they do not comply with its advertising policies.`;

/**
 * Each launched campaign's placements, as the launch job would have left them, and the sandbox
 * platforms' own records of them (so pausing, resuming and deleting the seeded campaigns works):
 * active (and completed) campaigns run on every platform, paused ones are paused there, a failed one
 * was rejected by its first platform. Drafts have none.
 */
async function seedPlacements(tx: SeedTx, campaigns: CampaignRow[], rnd: Rnd) {
  const placements: (typeof t.campaignPlatforms.$inferInsert)[] = [];
  const records: (typeof t.sandboxPlatformCampaigns.$inferInsert)[] = [];
  for (const c of campaigns) {
    if (c.status === 'draft') continue;
    c.platforms.forEach((platformKey, i) => {
      const status =
        c.status === 'paused' ? 'paused' : c.status === 'failed' && i === 0 ? 'rejected' : 'active';
      const displayName = PLATFORMS.find((p) => p.key === platformKey)?.displayName ?? platformKey;
      const externalId = `${platformKey}_${Math.floor(rnd.next() * 2 ** 48)
        .toString(16)
        .padStart(12, '0')}`;
      const launchKey = uuidFrom(rnd);
      const reason = status === 'rejected' ? SANDBOX_REJECTION(displayName) : null;
      placements.push({
        campaignId: c.id,
        platformKey,
        externalId,
        status,
        lastError: reason,
        attempts: 1,
        launchKey,
      });
      records.push({
        platformKey,
        externalId,
        reference: launchKey,
        payload: {
          reference: launchKey,
          campaignId: c.id,
          name: c.name,
          objectiveId: c.objectiveId,
          startDate: c.startDate,
          endDate: c.endDate,
          budgetMinor: shareOf(c.budgetMinor, c.platforms.length, i),
          currency: c.currency,
        },
        status,
        reason,
      });
    });
  }
  if (placements.length > 0) {
    await tx.insert(t.campaignPlatforms).values(placements);
    await tx.insert(t.sandboxPlatformCampaigns).values(records);
  }
}

const LOCATIONS = ['DE', 'AT', 'CH', 'FR', 'NL', 'GB', 'US', 'CA', 'ES', 'IT'] as const;
const LANGUAGES = ['de', 'en', 'fr', 'es', 'it', 'nl'] as const;

/** Which status a booking of a seeded campaign has (what the lifecycle would have made of it). */
const bookingStatusFor = (status: string) =>
  status === 'draft' || status === 'failed'
    ? 'tentative'
    : status === 'completed'
      ? 'completed'
      : 'confirmed';

/**
 * Each seeded campaign's plan, as the wizard would have saved it: its budget split evenly across its
 * platforms, an audience (interests left empty: the ids are each platform's own), one flight per
 * platform over the campaign's dates, and that flight's booking.
 */
async function seedPlans(tx: SeedTx, campaigns: CampaignRow[], rnd: Rnd) {
  for (const c of campaigns) {
    await tx.insert(t.campaignAllocations).values(
      c.platforms.map((platformKey, position) => ({
        campaignId: c.id,
        platformKey,
        position,
        amountMinor: shareOf(c.budgetMinor, c.platforms.length, position),
        bidStrategy: 'lowest_cost',
      })),
    );
    const ageMin = rnd.pick([18, 18, 25, 35]);
    await tx.insert(t.campaignAudiences).values({
      campaignId: c.id,
      locations: rnd.some(LOCATIONS, 1, 3),
      ageMin,
      ageMax: rnd.pick([44, 54, 65]),
      genders: rnd.next() < 0.7 ? [] : [rnd.pick(['female', 'male'] as const)],
      languages: rnd.some(LANGUAGES, 0, 2),
      interests: {},
    });
    const flights = await tx
      .insert(t.campaignFlights)
      .values(
        c.platforms.map((platformKey, position) => ({
          campaignId: c.id,
          platformKey,
          position,
          startDate: c.startDate!,
          endDate: c.endDate!,
          amountMinor: shareOf(c.budgetMinor, c.platforms.length, position),
          pacing: 'even',
        })),
      )
      .returning();
    await tx.insert(t.bookings).values(
      flights.map((f) => ({
        organizationId: c.organizationId,
        accountId: c.accountId,
        campaignId: c.id,
        flightId: f.id,
        platformKey: f.platformKey,
        name: `${c.name} · ${PLATFORMS.find((p) => p.key === f.platformKey)?.displayName ?? f.platformKey} · flight 1`,
        status: bookingStatusFor(c.status),
        startDate: f.startDate,
        endDate: f.endDate,
        amountMinor: f.amountMinor,
        currency: c.currency,
      })),
    );
  }
}

/** A v4-shaped uuid from the seeded generator (the same ids on every machine). */
function uuidFrom(rnd: Rnd): string {
  const hex = Array.from({ length: 32 }, () => Math.floor(rnd.next() * 16).toString(16)).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}
const isoDate = (ms: number) => new Date(ms).toISOString().slice(0, 10);

export async function seedReferenceData(db: Database): Promise<void> {
  await db.transaction(async (tx) => {
    for (const [position, p] of PLATFORMS.entries()) {
      await tx
        .insert(t.platforms)
        .values({ ...p, position })
        .onConflictDoUpdate({ target: t.platforms.key, set: { displayName: p.displayName, position } });
    }
    for (const [position, o] of OBJECTIVES.entries()) {
      await tx
        .insert(t.objectives)
        .values({ ...o, position })
        .onConflictDoUpdate({ target: t.objectives.id, set: { label: o.label, icon: o.icon, position } });
    }
  });
}

const CAMPAIGN_THEMES = [
  'Spring Launch',
  'Summer Sale',
  'Back to School',
  'Black Friday',
  'Holiday Gifting',
  'New Year Reset',
  'Brand Lift',
  'Retargeting',
  'Lead Magnet',
  'App Installs',
  'Store Visits',
  'Product Drop',
  'Loyalty Push',
  'Webinar Signups',
  'Always-on Search',
];

interface OrgSeed {
  email: string;
  firstName: string;
  lastName: string;
  organization: string;
  accounts: { name: string; customers: string[]; campaigns: number }[];
  seed: number;
  /** Two drafts ready to launch in the first account (the demo's): complete plans, ads included. */
  readyDrafts?: boolean;
}

const DEMO: OrgSeed = {
  email: DEMO_EMAIL,
  firstName: 'Dana',
  lastName: 'Demo',
  organization: 'Demo Agency',
  seed: 7,
  readyDrafts: true,
  accounts: [
    {
      name: 'Acme Outdoor',
      customers: [
        'Acme Outdoor EU',
        'Acme Outdoor US',
        'Trailhead Gear',
        '',
        'Summit Supply',
        'Basecamp Co',
        'Ridge Runner',
      ],
      campaigns: 30,
    },
    {
      name: 'Bluebird Coffee',
      customers: [
        'Bluebird Roasters',
        'Bluebird Cafés',
        '',
        'Morning Ritual',
        'Bean There',
        'Night Owl Brew',
        'Crema Club',
      ],
      campaigns: 18,
    },
    {
      name: 'Cobalt Fitness',
      customers: ['Cobalt Gyms', '', 'Pulse Studio', 'Iron Temple', 'Flow Yoga', 'Stride Running'],
      campaigns: 12,
    },
  ],
};

const RIVAL: OrgSeed = {
  email: RIVAL_EMAIL,
  firstName: 'Riley',
  lastName: 'Rival',
  organization: 'Rival Media',
  seed: 99,
  accounts: [
    { name: 'Rival Retail', customers: ['Rival Shops', 'Outlet Partners', ''], campaigns: 8 },
    { name: 'Rival Travel', customers: ['Jetset Tours', 'Island Hopper'], campaigns: 5 },
  ],
};

type SeedTx = Parameters<Parameters<Database['transaction']>[0]>[0];

async function seedOrganization(
  db: Database,
  box: SecretBox,
  plan: OrgSeed,
  passwordHash: string,
  now: number,
  storage?: AssetStorage,
) {
  const rnd = random(plan.seed);
  await db.transaction(async (tx) => {
    const [org] = await tx.insert(t.organizations).values({ name: plan.organization }).returning();
    const [user] = await tx
      .insert(t.users)
      .values({
        email: plan.email,
        passwordHash,
        firstName: plan.firstName,
        lastName: plan.lastName,
        onboardedAt: new Date(now),
      })
      .returning();
    await tx.insert(t.memberships).values({ userId: user!.id, organizationId: org!.id, role: 'owner' });
    let firstAccountId: string | undefined;
    for (const [accountIndex, accountPlan] of plan.accounts.entries()) {
      const [account] = await tx
        .insert(t.accounts)
        .values({
          organizationId: org!.id,
          name: accountPlan.name,
          createdAt: new Date(now - (30 - accountIndex) * day),
        })
        .returning();
      firstAccountId ??= account!.id;
      await connectSeededAccount(tx, box, user!, account!.id);
      const scope = { organizationId: org!.id, accountId: account!.id };
      const customers = await tx
        .insert(t.customers)
        .values(
          accountPlan.customers.map((name, i) => ({
            ...scope,
            name,
            createdAt: new Date(now - (60 - i) * day),
          })),
        )
        .returning();
      const campaignRows = Array.from({ length: accountPlan.campaigns }, (_, i) => {
        const status = rnd.pick(SEEDED_STATUSES);
        const { start, end } = datesFor(status, now, rnd);
        const name = `${accountPlan.name.split(' ')[0]} ${rnd.pick(CAMPAIGN_THEMES)} ${2026 + (i % 2)}`;
        return {
          ...scope,
          customerId: rnd.next() < 0.9 ? rnd.pick(customers).id : null,
          objectiveId: rnd.pick(OBJECTIVES).id,
          // A failed launch needs a platform that refused it: the sandbox rejects names with "reject-<key>".
          name,
          status,
          startDate: isoDate(start),
          endDate: isoDate(end),
          budgetMinor: rnd.int(5, 500) * 10_000,
          currency: rnd.pick(CURRENCIES),
          platforms: rnd.some(PLATFORMS.map((p) => p.key)),
          createdAt: new Date(now - (accountPlan.campaigns - i) * 3_600_000),
        };
      });
      const campaigns = await tx.insert(t.campaigns).values(campaignRows).returning();
      await seedPlacements(tx, campaigns, rnd);
      // Drafts drew a coin here once (half of them were booked); drawn still, so the data after is the same.
      for (const c of campaigns) if (c.status === 'draft') rnd.next();
      const budgets = await tx
        .insert(t.budgets)
        .values(
          customers
            .filter((c) => c.name)
            .slice(0, 4)
            .map((c, i) => ({
              ...scope,
              customerId: c.id,
              name: `${c.name} Q${(i % 4) + 1} budget`,
              periodStart: `2026-${String((i % 4) * 3 + 1).padStart(2, '0')}-01`,
              periodEnd: isoDate(Date.UTC(2026, (i % 4) * 3 + 3, 0)),
              amountMinor: rnd.int(50, 900) * 100_000,
              currency: 'EUR',
            })),
        )
        .returning();
      for (const c of campaigns) {
        // The plan draws on its customer's budget when one fits it (currency, period).
        c.budgetId = budgets.find((b) => fitsPlan(b, c))?.id ?? null;
        if (c.budgetId)
          await tx.update(t.campaigns).set({ budgetId: c.budgetId }).where(eq(t.campaigns.id, c.id));
      }
      // Its own generator: the plans' details do not shift the rest of the seeded data.
      await seedPlans(tx, campaigns, random(plan.seed * 1000 + accountIndex));
      // The account's library, and ads on every campaign that ran (as its launch needed them); its own
      // generator again, for the assets' ids.
      const assetIds = random(plan.seed * 7919 + accountIndex);
      const library = await seedLibrary(tx, scope, accountPlan.name, () => uuidFrom(assetIds), storage);
      for (const c of campaigns)
        if (c.status !== 'draft') await seedAds(tx, c, library, accountPlan.name, themeOf(c.name));
      if (plan.readyDrafts && accountIndex === 0)
        await seedReadyDrafts(tx, scope, customers[0]!.id, library, accountPlan.name, now);
    }
    await tx
      .update(t.users)
      .set({ lastOrganizationId: org!.id, lastAccountId: firstAccountId })
      .where(eq(t.users.id, user!.id));
  });
}

/** "Spring Launch" of "Acme Spring Launch 2026": the theme a seeded campaign was named after. */
const themeOf = (name: string) => name.split(' ').slice(1, -1).join(' ') || name;

/** The two drafts ready to launch: what they plan, for a customer of the account. */
const READY_DRAFTS = [
  {
    name: 'Trail Season Launch',
    objectiveId: 2,
    platforms: ['meta', 'google', 'tiktok'],
    budgetMinor: 1_200_000,
    startInDays: 7,
    days: 30,
    locations: ['DE', 'AT', 'CH'],
    interests: { meta: ['6003639161770', '6003130251362'], tiktok: ['814298'] },
    interestNames: {
      meta: { '6003639161770': 'Travel', '6003130251362': 'Adventure travel' },
      tiktok: { '814298': 'Beaches' },
    },
  },
  {
    name: 'Winter Gear Reach',
    objectiveId: 1,
    platforms: ['meta', 'pinterest', 'snapchat'],
    budgetMinor: 900_000,
    startInDays: 14,
    days: 28,
    locations: ['DE', 'FR', 'NL'],
    interests: { pinterest: ['900171804725'] },
    interestNames: { pinterest: { '900171804725': 'Travel' } },
  },
] as const;

/**
 * Two drafts a demo visitor can launch at once: every step complete (overview, platforms with an even
 * split, an audience with named interests, one flight per platform, an ad per platform on the library's
 * pictures), no budget assigned, dates ahead. The newest campaigns of the account, so the list starts with them.
 */
async function seedReadyDrafts(
  tx: SeedTx,
  scope: { organizationId: string; accountId: string },
  customerId: string,
  library: SeededLibrary,
  brand: string,
  now: number,
) {
  for (const [i, draft] of READY_DRAFTS.entries()) {
    const start = now + draft.startInDays * day;
    const [row] = await tx
      .insert(t.campaigns)
      .values({
        ...scope,
        customerId,
        objectiveId: draft.objectiveId,
        name: `${brand.split(' ')[0]} ${draft.name}`,
        status: 'draft',
        startDate: isoDate(start),
        endDate: isoDate(start + (draft.days - 1) * day),
        budgetMinor: draft.budgetMinor,
        currency: 'EUR',
        platforms: [...draft.platforms],
        createdAt: new Date(now + (i + 1) * 1000),
      })
      .returning();
    const c = row!;
    const amounts = c.platforms.map((_, position) => shareOf(c.budgetMinor, c.platforms.length, position));
    await tx.insert(t.campaignAllocations).values(
      c.platforms.map((platformKey, position) => ({
        campaignId: c.id,
        platformKey,
        position,
        amountMinor: amounts[position]!,
        bidStrategy: 'lowest_cost',
      })),
    );
    await tx.insert(t.campaignAudiences).values({
      campaignId: c.id,
      locations: [...draft.locations],
      ageMin: 18,
      ageMax: 65,
      genders: [],
      languages: [],
      interests: Object.fromEntries(Object.entries(draft.interests).map(([k, ids]) => [k, [...ids]])),
      interestNames: draft.interestNames,
    });
    const flights = await tx
      .insert(t.campaignFlights)
      .values(
        c.platforms.map((platformKey, position) => ({
          campaignId: c.id,
          platformKey,
          position,
          startDate: c.startDate!,
          endDate: c.endDate!,
          amountMinor: amounts[position]!,
          pacing: 'even',
        })),
      )
      .returning();
    await tx.insert(t.bookings).values(
      flights.map((f) => ({
        ...scope,
        campaignId: c.id,
        flightId: f.id,
        platformKey: f.platformKey,
        name: `${c.name} · ${PLATFORMS.find((p) => p.key === f.platformKey)?.displayName ?? f.platformKey} · flight 1`,
        status: 'tentative',
        startDate: f.startDate,
        endDate: f.endDate,
        amountMinor: f.amountMinor,
        currency: c.currency,
      })),
    );
    await seedAds(tx, c, library, brand, draft.name);
  }
}

export interface SeedOptions {
  /** The asset library's storage: the demo's pictures are written there (without it, only their rows). */
  storage?: AssetStorage;
}

/** Demo data for a fresh database. Runs once: it does nothing when the demo user exists. */
export async function seedDemoData(
  db: Database,
  box: SecretBox,
  now = Date.now(),
  { storage }: SeedOptions = {},
): Promise<boolean> {
  await seedReferenceData(db);
  const existing = await db.select({ id: t.users.id }).from(t.users).where(eq(t.users.email, DEMO_EMAIL));
  if (existing.length > 0) return false;
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  await seedOrganization(db, box, DEMO, passwordHash, now, storage);
  await seedOrganization(db, box, RIVAL, passwordHash, now, storage);
  await seedDelivery(db, now);
  return true;
}

/** Bulk campaigns for benchmarks, inserted with one statement per 1000 rows. */
export async function seedBulkCampaigns(db: Database, accountId: string, count: number): Promise<number> {
  const [account] = await db.select().from(t.accounts).where(eq(t.accounts.id, accountId));
  if (!account) throw new Error(`No account with id ${accountId}`);
  const rnd = random(count);
  const now = Date.now();
  for (let offset = 0; offset < count; offset += 1000) {
    const rows = Array.from({ length: Math.min(1000, count - offset) }, (_, i) => {
      const start = now + rnd.int(-120, 120) * day;
      return {
        organizationId: account.organizationId,
        accountId,
        objectiveId: rnd.pick(OBJECTIVES).id,
        name: `Bulk ${rnd.pick(CAMPAIGN_THEMES)} #${offset + i + 1}`,
        // Benchmark rows: drafts and ended campaigns need no placements to agree with their status.
        status: rnd.pick(['draft', 'completed'] as const),
        startDate: isoDate(start),
        endDate: isoDate(start + rnd.int(7, 60) * day),
        budgetMinor: rnd.int(5, 500) * 10_000,
        currency: rnd.pick(CURRENCIES),
        platforms: rnd.some(PLATFORMS.map((p) => p.key)),
        createdAt: new Date(now - (offset + i) * 1000),
      };
    });
    await db.insert(t.campaigns).values(rows);
  }
  await db.execute(sql`ANALYZE campaigns`);
  return count;
}

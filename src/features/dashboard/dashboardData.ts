import type { DashboardSpend } from '@contract/pacing';
import { CAMPAIGN_STATUSES } from '@contract/reference';
import { type Booking, MAX_PAGE_SIZE } from '@contract/resources';
import { dataProvider } from '@src/api/dataProvider';
import { loadDashboardSpend } from '@src/api/pacing';
import { loadPlatformNames, orEmpty } from '@src/api/referenceData';

export type CampaignStatus = (typeof CAMPAIGN_STATUSES)[number];

export interface DashboardData {
  campaigns: { total: number; byStatus: { status: CampaignStatus; count: number }[] };
  upcomingBookings: (Booking & { platformName: string })[];
  budgets: { count: number; totals: { currency: string; amountMinor: number }[] };
  /** This month's spend against plan and the budgets furthest off pace; null when it could not be loaded. */
  spend: DashboardSpend | null;
}

/** Today as a calendar date in the person's time zone ('YYYY-MM-DD'). */
export function today(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** How many campaigns have `status`: one row asked for, the count read from x-total-count. */
async function countCampaigns(status: CampaignStatus): Promise<number> {
  const { total } = await dataProvider.getList({
    resource: 'campaigns',
    pagination: { current: 1, pageSize: 1 },
    filters: [{ field: 'status', operator: 'eq', value: status }],
  });
  return total;
}

/** The next five bookings starting today or later, soonest first. */
async function upcomingBookings(now: Date) {
  const [{ data }, platforms] = await Promise.all([
    dataProvider.getList({
      resource: 'bookings',
      pagination: { current: 1, pageSize: 5 },
      sorters: [{ field: 'startDate', order: 'asc' }],
      filters: [{ field: 'startDate', operator: 'gte', value: today(now) }],
    }),
    orEmpty(loadPlatformNames()),
  ]);
  return data.map((b) => ({ ...b, platformName: platforms.get(b.platformKey) ?? b.platformKey }));
}

/** Every budget of the account (100 a page), summed by currency. */
async function budgetTotals() {
  const sums = new Map<string, number>();
  let count = 0;
  for (let page = 1; ; page++) {
    const { data, total } = await dataProvider.getList({
      resource: 'budgets',
      pagination: { current: page, pageSize: MAX_PAGE_SIZE },
      sorters: [{ field: 'id', order: 'asc' }],
    });
    for (const budget of data)
      sums.set(budget.currency, (sums.get(budget.currency) ?? 0) + budget.amountMinor);
    count += data.length;
    if (data.length === 0 || count >= total) break;
  }
  const totals = [...sums].map(([currency, amountMinor]) => ({ currency, amountMinor }));
  totals.sort((a, b) => b.amountMinor - a.amountMinor);
  return { count, totals };
}

export async function loadDashboard(now = new Date()): Promise<DashboardData> {
  const [counts, bookings, budgets, spend] = await Promise.all([
    Promise.all(CAMPAIGN_STATUSES.map(async (status) => ({ status, count: await countCampaigns(status) }))),
    upcomingBookings(now),
    budgetTotals(),
    // The rest of the dashboard stands without it.
    loadDashboardSpend().catch(() => null),
  ]);
  return {
    campaigns: { total: counts.reduce((sum, c) => sum + c.count, 0), byStatus: counts },
    upcomingBookings: bookings,
    budgets,
    spend,
  };
}

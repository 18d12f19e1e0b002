import type { CampaignDetail } from '../../api/campaignDetail';

/** The smallest budget share (in minor units, i.e. 1.00) a platform accepts. */
export const MIN_PLATFORM_BUDGET_MINOR = 100;

export interface PlatformCheck {
  platform: string;
  platformName: string;
  label: string;
  ok: boolean;
  /** What to fix, when not ok. */
  problem: string | null;
}

/** Today as YYYY-MM-DD in local time (the date inputs' format). */
export function todayIso(now: Date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/**
 * The review step's per-platform checks: the budget split evenly must give each platform at least 1.00,
 * and the dates must be set, in order and not in the past. Pure: `today` is YYYY-MM-DD.
 */
export function platformChecks(
  { campaign, platformNames }: Pick<CampaignDetail, 'campaign' | 'platformNames'>,
  today: string = todayIso(),
): PlatformCheck[] {
  const count = campaign.platforms.length;
  const share = count > 0 ? Math.floor(campaign.budgetMinor / count) : 0;
  const { startDate, endDate } = campaign;
  let dateProblem: string | null = null;
  if (!startDate || !endDate) dateProblem = 'Set a start and an end date.';
  else if (endDate < startDate) dateProblem = 'The end date is before the start date.';
  else if (startDate < today) dateProblem = 'The start date is in the past.';
  return campaign.platforms.flatMap((platform, index) => {
    const platformName = platformNames[index] ?? platform;
    const budgetOk = share >= MIN_PLATFORM_BUDGET_MINOR;
    return [
      {
        platform,
        platformName,
        label: 'Budget share of at least 1.00',
        ok: budgetOk,
        problem: budgetOk ? null : 'Raise the budget or choose fewer platforms.',
      },
      {
        platform,
        platformName,
        label: 'Dates set and not in the past',
        ok: !dateProblem,
        problem: dateProblem,
      },
    ];
  });
}

import { formatMinor } from '@contract/planning';
import type { PlatformCampaignRequest } from '../connector';

/**
 * What a real platform says about a change to a running campaign, in the sandbox's words: Meta and
 * TikTok restart an ad set's learning phase after a significant edit (a budget moved by more than a fifth,
 * new targeting, new ads), and platforms cap how far a running budget moves at once.
 */
const SIGNIFICANT_BUDGET_SHARE = 0.2;
/** A budget more than doubled at once is still taken, with the platform's pacing caution. */
const LARGE_BUDGET_FACTOR = 2;

export function updateWarnings(
  displayName: string,
  before: Partial<PlatformCampaignRequest>,
  after: PlatformCampaignRequest,
): string[] {
  const warnings: string[] = [];
  const was = Number(before.budgetMinor ?? 0);
  const moved = Math.abs(after.budgetMinor - was);
  if (was > 0 && moved / was > SIGNIFICANT_BUDGET_SHARE)
    warnings.push(
      `${displayName}: the budget moves from ${formatMinor(was, after.currency)} to ${formatMinor(after.budgetMinor, after.currency)}, more than 20 %: the learning phase starts again.`,
    );
  if (was > 0 && after.budgetMinor > was * LARGE_BUDGET_FACTOR)
    warnings.push(
      `${displayName}: a budget more than doubled at once may spend unevenly for a few days while delivery adjusts.`,
    );
  if (JSON.stringify(before.adSet?.audience ?? null) !== JSON.stringify(after.adSet?.audience ?? null))
    warnings.push(`${displayName}: a new audience starts the learning phase again.`);
  const adsOf = (request: Partial<PlatformCampaignRequest>) => JSON.stringify(request.ads ?? []);
  if (adsOf(before) !== adsOf(after))
    warnings.push(`${displayName}: new or changed ads go through ad review before they deliver.`);
  return warnings;
}

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
  if (stable(before.adSet?.audience ?? null) !== stable(after.adSet?.audience ?? null))
    warnings.push(`${displayName}: a new audience starts the learning phase again.`);
  if (stable(before.ads ?? []) !== stable(after.ads ?? []))
    warnings.push(`${displayName}: new or changed ads go through ad review before they deliver.`);
  return warnings;
}

/** JSON with object keys sorted: the stored payload (jsonb) keeps no key order. */
function stable(value: unknown): string {
  return JSON.stringify(value, (_, item) =>
    item && typeof item === 'object' && !Array.isArray(item)
      ? Object.fromEntries(Object.entries(item).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : item,
  );
}

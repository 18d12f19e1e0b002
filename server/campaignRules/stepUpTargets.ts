import { byPlatformOrder, displayNameOf } from '@contract/reference';
import { STEP_UP_ACTIONS, type StepUpTarget } from '@contract/stepUp';
import type { CampaignRow } from '../db/rows';
import type { customers } from '../db/schema';

/**
 * The targets of the campaign and customer step-ups (issue 11), built from the locked row: what the challenge
 * dialog says ("Delete campaign Spring Launch on Meta and TikTok") and what the token is bound to. Every route
 * to the same action (the section-7 call and the generic `DELETE /api/...`) builds the same target.
 */

type CustomerRow = Pick<typeof customers.$inferSelect, 'id' | 'name'>;

/** "Meta", "Meta and TikTok", "Google, Meta and TikTok". */
export function listed(names: readonly string[]): string {
  if (names.length <= 1) return names.join('');
  return `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
}

/** Budgets are minor units (cents); money reads the same for everyone, whatever the server's locale. */
function money(amountMinor: number, currency: string): string {
  try {
    return new Intl.NumberFormat('en-GB', { style: 'currency', currency, minimumFractionDigits: 2 }).format(
      amountMinor / 100,
    );
  } catch {
    return `${currency} ${(amountMinor / 100).toFixed(2)}`;
  }
}

const VERBS = {
  [STEP_UP_ACTIONS.launchCampaign]: 'Launch',
  [STEP_UP_ACTIONS.resumeCampaign]: 'Resume',
  [STEP_UP_ACTIONS.deleteCampaign]: 'Delete',
} as const;
export type CampaignStepUpAction = keyof typeof VERBS;

export function campaignTarget(action: CampaignStepUpAction, row: CampaignRow): StepUpTarget {
  const platforms = row.platforms
    .map((platformKey) => ({ platformKey }))
    .sort(byPlatformOrder)
    .map((p) => p.platformKey);
  const on = platforms.length > 0 ? ` on ${listed(platforms.map(displayNameOf))}` : '';
  if (action === STEP_UP_ACTIONS.launchCampaign) {
    return {
      kind: 'campaign',
      id: row.id,
      description: `Launch campaign ${row.name}${on} with a budget of ${money(row.budgetMinor, row.currency)}`,
      // What a launch spends, where and when: a token verified before any of them changed is refused.
      params: {
        platforms,
        budgetMinor: row.budgetMinor,
        currency: row.currency,
        startDate: row.startDate,
        endDate: row.endDate,
        customerId: row.customerId,
        objectiveId: row.objectiveId,
      },
    };
  }
  return {
    kind: 'campaign',
    id: row.id,
    description: `${VERBS[action]} campaign ${row.name}${on}`,
    params: { platforms },
  };
}

/** Apply changes (issue 28): bound to the campaign and the change's content hash. */
export function changeTarget(row: CampaignRow, hash: string): StepUpTarget {
  const on = row.platforms.length > 0 ? ` on ${listed(sortedPlatforms(row).map(displayNameOf))}` : '';
  return {
    kind: 'campaign',
    id: row.id,
    description: `Apply changes to campaign ${row.name}${on}: budget ${money(row.budgetMinor, row.currency)}, ending ${row.endDate ?? 'open'}`,
    params: { hash },
  };
}

const sortedPlatforms = (row: CampaignRow) =>
  row.platforms
    .map((platformKey) => ({ platformKey }))
    .sort(byPlatformOrder)
    .map((p) => p.platformKey);

/**
 * Resuming one platform's placement (the campaign page's row): bound to the campaign and that platform, so
 * a token verified for resuming the whole campaign, or another platform, does not open it.
 */
export function placementTarget(row: CampaignRow, platformKey: string): StepUpTarget {
  return {
    kind: 'campaign',
    id: row.id,
    description: `Resume campaign ${row.name} on ${displayNameOf(platformKey)}`,
    params: { platforms: [platformKey], onePlatform: true },
  };
}

export function customerTarget(row: CustomerRow): StepUpTarget {
  // A customer's name may be empty (the modal asks about "this customer").
  const description = row.name.trim() ? `Delete customer ${row.name}` : 'Delete an unnamed customer';
  return { kind: 'customer', id: row.id, description };
}

import type { LaunchBlocker } from '@contract/campaigns';

/**
 * Where a campaign that cannot launch gets finished: the wizard step that fixes its first problem
 * ("Finish the plan"), or the Platforms page when a planned platform is not connected.
 */
export function finishPlanLink(campaignId: string, blocker: LaunchBlocker): { to: string; label: string } {
  return blocker.step
    ? { to: `/planning/wizard/${encodeURIComponent(campaignId)}/${blocker.step}`, label: 'Finish the plan' }
    : { to: '/platforms', label: 'Connect platforms' };
}

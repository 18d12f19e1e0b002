import { CAMPAIGN_ERROR_CODES } from '@contract/campaigns';
import { notConnectedMessage, PLATFORMS_NOT_CONNECTED } from '@contract/connections';
import {
  formatMinor,
  PLAN_OVER_BUDGET,
  type PlanIssues,
  planIssues,
  type RulesByPlatform,
  todayUtc,
} from '@contract/planning';
import { PLATFORMS } from '@contract/reference';
import { businessError } from '../campaignRules/lifecycle';
import type { LaunchGate } from '../campaigns/store';
import { unusablePlatforms } from '../connections/queries';
import type { CampaignRow } from '../db/rows';
import type { TxDatabase } from '../db/transaction';
import { budgetFitOf } from './budgets';
import { planOf } from './plan';

/**
 * What the plan itself says about a launch, after the lifecycle allowed it: 422 CAMPAIGN_INCOMPLETE with
 * the first problem while a step has issues (the same `planIssues` the wizard marks "needs attention"),
 * then 409 PLATFORMS_NOT_CONNECTED while a planned platform is not connected (or needs reconnecting),
 * then 409 PLAN_OVER_BUDGET while the plan exceeds its budget without the planner's confirmation.
 */
export function launchGate(rules: RulesByPlatform, today = todayUtc()): LaunchGate {
  return async (tx, campaign) => {
    const issue = firstPlanIssue(planIssues(await planOf(tx, campaign), rules, today));
    if (issue) throw businessError(422, CAMPAIGN_ERROR_CODES.incomplete, issue);
    const unconnected = await unconnectedPlatforms(tx, campaign);
    if (unconnected) throw businessError(409, PLATFORMS_NOT_CONNECTED, unconnected);
    const over = await overBudgetUnconfirmed(tx, campaign);
    if (over) throw businessError(409, PLAN_OVER_BUDGET, over);
  };
}

/** The plan's platforms the account cannot launch on (not connected, or to reconnect), in words. */
export async function unconnectedPlatforms(tx: TxDatabase, campaign: CampaignRow): Promise<string | null> {
  const unusable = await unusablePlatforms(tx, campaign.accountId, campaign.platforms);
  if (unusable.size === 0) return null;
  const names = [...unusable.keys()].map((key) => PLATFORMS.find((p) => p.key === key)?.displayName ?? key);
  const list = names.length === 1 ? names[0] : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
  return `Connect ${list} under Platforms before launching: ${[...unusable]
    .map(([key, status], i) => notConnectedMessage(names[i]!, status).replace(/: .*$/, ''))
    .join('; ')}.`;
}

/** Why a plan cannot launch yet (422): the first problem of the first step that has one. */
export function firstPlanIssue(issues: Record<string, PlanIssues>): string | null {
  for (const step of Object.values(issues)) {
    const [message] = Object.values(step);
    if (message) return message;
  }
  return null;
}

/** The plan over its budget, and not confirmed: launching it needs the planner's word first. */
export async function overBudgetUnconfirmed(tx: TxDatabase, row: CampaignRow): Promise<string | null> {
  const fit = await budgetFitOf(tx, row);
  if (!fit?.over || fit.overBudgetConfirmedAt) return null;
  return `This plan is ${formatMinor(-fit.leftAfterMinor, row.currency)} over the budget "${fit.budget.name}". Confirm planning over budget on the review step first.`;
}

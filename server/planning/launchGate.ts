import { CAMPAIGN_ERROR_CODES } from '../../contract/campaigns';
import {
  formatMinor,
  PLAN_OVER_BUDGET,
  type PlanIssues,
  planIssues,
  type RulesByPlatform,
  todayUtc,
} from '../../contract/planning';
import { businessError } from '../campaigns/lifecycle';
import type { LaunchGate } from '../campaigns/store';
import type { TxDatabase } from '../jobs/transaction';
import { budgetFitOf } from './budgets';
import { type CampaignRow, planOf } from './plan';

/**
 * What the plan itself says about a launch, after the lifecycle allowed it: 422 CAMPAIGN_INCOMPLETE with
 * the first problem while a step has issues (the same `planIssues` the wizard marks "needs attention"),
 * then 409 PLAN_OVER_BUDGET while the plan exceeds its budget without the planner's confirmation.
 */
export function launchGate(rules: RulesByPlatform, today = todayUtc()): LaunchGate {
  return async (tx, campaign) => {
    const issue = firstPlanIssue(planIssues(await planOf(tx, campaign), rules, today));
    if (issue) throw businessError(422, CAMPAIGN_ERROR_CODES.incomplete, issue);
    const over = await overBudgetUnconfirmed(tx, campaign);
    if (over) throw businessError(409, PLAN_OVER_BUDGET, over);
  };
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

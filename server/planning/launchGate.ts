import { CAMPAIGN_ERROR_CODES } from '../../contract/campaigns';
import { PLAN_OVER_BUDGET, planIssues, type RulesByPlatform, todayUtc } from '../../contract/planning';
import { businessError } from '../campaigns/lifecycle';
import type { LaunchGate } from '../campaigns/store';
import { planOf } from './plan';
import { firstPlanIssue, overBudgetUnconfirmed } from './steps';

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

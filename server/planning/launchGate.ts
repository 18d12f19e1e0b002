import { CAMPAIGN_ERROR_CODES, type LaunchBlocker, type LaunchReadiness } from '@contract/campaigns';
import { notConnectedMessage, PLATFORMS_NOT_CONNECTED } from '@contract/connections';
import {
  EDITABLE_WIZARD_STEPS,
  formatMinor,
  PLAN_OVER_BUDGET,
  planIssues,
  type RulesByPlatform,
  todayUtc,
} from '@contract/planning';
import { PLATFORMS } from '@contract/reference';
import { allowedCampaignActions, type CampaignStatus } from '@machines/campaignLifecycle';
import { and, inArray, sql } from 'drizzle-orm';
import { businessError } from '../campaignRules/lifecycle';
import type { LaunchGate } from '../campaigns/store';
import { unusablePlatforms } from '../connections/queries';
import type { ScopeContext } from '../data/define';
import { RESOURCES } from '../data/resources';
import { scopeCondition } from '../data/scope';
import { parseId } from '../data/store';
import type { Database } from '../db/connect';
import type { CampaignRow } from '../db/rows';
import { campaigns } from '../db/schema';
import { inTransaction, type TxDatabase } from '../db/transaction';
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
    const blocker = await launchBlockerOf(tx, campaign, rules, today);
    if (blocker) throw businessError(blocker.status, blocker.errorCode, blocker.message);
  };
}

/** What the launch gate would refuse, with the answer's status and code, and the step that fixes it. */
export interface LaunchRefusal extends LaunchBlocker {
  status: 409 | 422;
  errorCode: string;
}

/**
 * Why the plan cannot launch now, or null when it can (the lifecycle asked separately): the launch gate's
 * checks in its order, each with the wizard step that fixes it. The campaigns list and the launch modal
 * show it before anyone confirms (`GET /data/campaigns/launch-readiness`).
 */
export async function launchBlockerOf(
  tx: TxDatabase,
  campaign: CampaignRow,
  rules: RulesByPlatform,
  today = todayUtc(),
): Promise<LaunchRefusal | null> {
  const issues = planIssues(await planOf(tx, campaign), rules, today);
  const step = EDITABLE_WIZARD_STEPS.find((key) => Object.keys(issues[key]).length > 0);
  const issue = step && Object.values(issues[step])[0];
  if (step && issue) return { status: 422, errorCode: CAMPAIGN_ERROR_CODES.incomplete, message: issue, step };
  const unconnected = await unconnectedPlatforms(tx, campaign);
  if (unconnected)
    return { status: 409, errorCode: PLATFORMS_NOT_CONNECTED, message: unconnected, step: null };
  const over = await overBudgetUnconfirmed(tx, campaign);
  if (over) return { status: 409, errorCode: PLAN_OVER_BUDGET, message: over, step: 'review' };
  return null;
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

/** The plan over its budget, and not confirmed: launching it needs the planner's word first. */
export async function overBudgetUnconfirmed(tx: TxDatabase, row: CampaignRow): Promise<string | null> {
  const fit = await budgetFitOf(tx, row);
  if (!fit?.over || fit.overBudgetConfirmedAt) return null;
  return `This plan is ${formatMinor(-fit.leftAfterMinor, row.currency)} over the budget "${fit.budget.name}". Confirm planning over budget on the review step first.`;
}

/**
 * `GET /data/campaigns/launch-readiness`: for each of `ids` in the session's account whose status lets it
 * launch, why it cannot launch now (null: it can), in the order asked. One read-only snapshot.
 */
export async function launchReadiness(
  db: Database,
  scope: ScopeContext,
  ids: readonly string[],
  rules: RulesByPlatform,
  today = todayUtc(),
): Promise<LaunchReadiness> {
  const def = RESOURCES.campaigns;
  const wanted = [
    ...new Set(
      ids
        .map((id) => parseId(def, id))
        .filter((id) => id !== null)
        .map(String),
    ),
  ];
  if (wanted.length === 0) return [];
  return inTransaction(db, async (tx) => {
    await tx.execute(sql`SET TRANSACTION ISOLATION LEVEL REPEATABLE READ READ ONLY`);
    const rows = await tx
      .select()
      .from(campaigns)
      .where(and(scopeCondition(def, scope), inArray(campaigns.id, wanted)));
    const launchable = rows
      .filter((row) => allowedCampaignActions(row.status as CampaignStatus).launch)
      .sort((a, b) => wanted.indexOf(a.id) - wanted.indexOf(b.id));
    const answer: LaunchReadiness = [];
    for (const row of launchable) {
      const refusal = await launchBlockerOf(tx, row, rules, today);
      answer.push({
        campaignId: row.id,
        blocker: refusal ? { message: refusal.message, step: refusal.step } : null,
      });
    }
    return answer;
  });
}

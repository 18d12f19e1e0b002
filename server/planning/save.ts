import {
  PLAN_VERSION_CONFLICT,
  PLAN_VERSION_CONFLICT_MESSAGE,
  type Plan,
  type PlanIssues,
  type RulesByPlatform,
} from '@contract/planning';
import { OBJECTIVES } from '@contract/reference';
import { type CampaignField, type CampaignStatus, editableCampaignFields } from '@machines/campaignLifecycle';
import { and, eq, sql } from 'drizzle-orm';
import { assertEditAllowed } from '../campaignRules/lifecycle';
import { campaignNotFound, lockCampaign } from '../campaigns/store';
import type { ScopeContext } from '../data/define';
import { RESOURCES } from '../data/resources';
import { scopeCondition } from '../data/scope';
import { parseId } from '../data/store';
import type { Database } from '../db/connect';
import type { CampaignRow } from '../db/rows';
import { campaigns, customers } from '../db/schema';
import { inTransaction, type TxDatabase } from '../db/transaction';
import { HttpError } from '../http/errors';
import { budgetOfAccount, fitsPlan } from './budgets';
import { ensureBaseline, isApplying } from './live';
import { planOf } from './plan';

/**
 * The frame of the wizard's step saves (docs/planning.md, "Steps and their endpoints"): in one
 * transaction the campaign locked, its version compared, the lifecycle asked, then the step's own work
 * (steps.ts), the budget assignment kept honest and the version bumped. The answer is the plan as saved.
 */

/** What a save works with: the session's scope and the platforms' rules, asked before the transaction. */
export interface PlanningContext {
  db: Database;
  scope: ScopeContext;
  rules: RulesByPlatform;
  /** 'YYYY-MM-DD'; tests pin it. */
  today?: string;
  /**
   * The interests of `ids` that `platform`'s interest taxonomy knows, with their names (its connector's
   * `interestsByIds`); asked before the transaction, so no platform call is made while the campaign row is locked.
   */
  knownInterests?: (
    platform: string,
    ids: readonly string[],
  ) => Promise<readonly { id: string; name: string }[]>;
}

/** 400 with the check's messages at their dot paths, the first one as the message. */
export function issuesError(issues: PlanIssues): HttpError {
  const entries = Object.entries(issues);
  const validationErrors = Object.fromEntries(entries.map(([path, message]) => [path, { message }]));
  const [path, message] = entries[0] ?? ['_', 'Invalid input'];
  return new HttpError(400, `${path}: ${message}`, { validationErrors });
}

/** Throws the 400 of `issues` unless there are none. */
export function refuseIssues(issues: PlanIssues): void {
  if (Object.keys(issues).length > 0) throw issuesError(issues);
}

/** The campaign's plan, read in one transaction (a save in between cannot tear it). */
export async function readPlan(ctx: Pick<PlanningContext, 'db' | 'scope'>, campaignId: string) {
  return inTransaction(ctx.db, async (tx) => {
    // One snapshot for all of the plan's tables: a save committing between two reads cannot tear it.
    await tx.execute(sql`SET TRANSACTION ISOLATION LEVEL REPEATABLE READ READ ONLY`);
    const def = RESOURCES.campaigns;
    const id = parseId(def, campaignId);
    if (id === null) throw campaignNotFound();
    const [row] = await tx
      .select()
      .from(campaigns)
      .where(and(scopeCondition(def, ctx.scope), eq(campaigns.id, String(id))));
    if (!row) throw campaignNotFound();
    return planOf(tx, row);
  });
}

export type CampaignChanges = Partial<
  Pick<
    CampaignRow,
    | 'name'
    | 'objectiveId'
    | 'customerId'
    | 'currency'
    | 'platforms'
    | 'budgetMinor'
    | 'splitMode'
    | 'startDate'
    | 'endDate'
    | 'budgetId'
    | 'overBudgetConfirmedAt'
  >
>;

/**
 * The frame of every save. `fieldsOf(row)` names the lifecycle fields the save changes; `work` checks
 * and writes the step's rows and returns the campaign's own changes.
 */
export async function save(
  ctx: PlanningContext,
  campaignId: string,
  version: number,
  fields: (row: CampaignRow) => readonly CampaignField[],
  work: (tx: TxDatabase, row: CampaignRow) => Promise<CampaignChanges>,
): Promise<Plan> {
  return inTransaction(ctx.db, async (tx) => {
    const row = await lockCampaign(tx, ctx.scope, campaignId);
    if (!row) throw campaignNotFound();
    if (row.version !== version) {
      throw new HttpError(409, PLAN_VERSION_CONFLICT_MESSAGE, { errorCode: PLAN_VERSION_CONFLICT });
    }
    // A live campaign's save is its next change (issue 28): refused while the last one is on its way, and
    // what runs is kept first if it never was (campaigns launched before live plans were recorded).
    assertEditAllowed(row.status, fields(row), await isApplying(tx, row));
    await ensureBaseline(tx, row, ctx.scope.userId);
    const changes = await work(tx, row);
    const next = { ...row, ...changes };
    if (!('budgetId' in changes)) await keepBudgetHonest(tx, row, next, changes);
    const [saved] = await tx
      .update(campaigns)
      .set({ ...changes, version: sql`${campaigns.version} + 1`, updatedAt: sql`now()` })
      .where(eq(campaigns.id, row.id))
      .returning();
    return planOf(tx, saved!);
  });
}

/**
 * A save that changes the plan's total drops the planner's over-budget confirmation (it was given for
 * another amount); one that makes the assigned budget no longer fit (customer, currency, dates) drops
 * the assignment, so the review offers the budgets that fit. Only while the assignment may change.
 */
async function keepBudgetHonest(
  tx: TxDatabase,
  before: CampaignRow,
  after: CampaignRow,
  changes: CampaignChanges,
) {
  if (!before.budgetId || !editableCampaignFields(before.status as CampaignStatus).includes('budgetId'))
    return;
  const budget = await budgetOfAccount(tx, before, before.budgetId);
  if (!budget || !fitsPlan(budget, after)) {
    changes.budgetId = null;
    changes.overBudgetConfirmedAt = null;
  } else if (after.budgetMinor !== before.budgetMinor) {
    changes.overBudgetConfirmedAt = null;
  }
}

export async function assertCustomerOfAccount(
  tx: TxDatabase,
  scope: ScopeContext,
  customerId: string | null,
) {
  if (customerId === null) return;
  const [found] = await tx
    .select({ id: customers.id })
    .from(customers)
    .where(and(scopeCondition(RESOURCES.customers, scope), eq(customers.id, customerId.toLowerCase())));
  if (!found) refuseIssues({ customerId: 'Customer not found' });
}

export const assertObjective = (objectiveId: number) => {
  if (!OBJECTIVES.some((o) => o.id === objectiveId)) refuseIssues({ objectiveId: 'Choose an objective' });
};

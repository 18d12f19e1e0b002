import { and, eq, sql } from 'drizzle-orm';
import type * as v from 'valibot';
import {
  type AudienceStepBody,
  type BudgetChoiceBody,
  checkAudience,
  checkOverview,
  checkPlatforms,
  checkSchedule,
  formatMinor,
  type NewOverviewStepSchema,
  type OverviewStepBody,
  PLAN_VERSION_CONFLICT,
  PLAN_VERSION_CONFLICT_MESSAGE,
  type Plan,
  type PlanIssues,
  type PlatformsStepBody,
  type RulesByPlatform,
  type ScheduleStepBody,
  todayUtc,
} from '../../contract/planning';
import { OBJECTIVES } from '../../contract/reference';
import type { Campaign } from '../../contract/resources';
import {
  type CampaignField,
  type CampaignStatus,
  editableCampaignFields,
} from '../../machines/campaignLifecycle';
import { assertEditAllowed } from '../campaigns/lifecycle';
import { campaignNotFound } from '../campaigns/store';
import type { ScopeContext } from '../data/define';
import { RESOURCES } from '../data/resources';
import { scopeCondition } from '../data/scope';
import { createRecord, parseId } from '../data/store';
import type { Database } from '../db/connect';
import { campaignAllocations, campaignAudiences, campaignFlights, campaigns, customers } from '../db/schema';
import { HttpError } from '../http/errors';
import { inTransaction, type TxDatabase } from '../jobs/transaction';
import { cancelBookingsOfFlights, syncBookings } from './bookings';
import { budgetFitOf, budgetOfAccount, committedOn, fitsPlan } from './budgets';
import { type CampaignRow, fieldsOf, loadAllocations, planOf } from './plan';

/**
 * The wizard's step saves (docs/planning.md, "Steps and their endpoints"). Each one: the step's body
 * shape (the route parsed it), then in one transaction the campaign locked, its version compared, the
 * lifecycle asked, the contract's check with the platforms' rules and the server's own checks (ids of
 * this account), the step's rows written and the version bumped. The answer is the plan as saved.
 */

export interface PlanningContext {
  db: Database;
  scope: ScopeContext;
  rules: RulesByPlatform;
  /** 'YYYY-MM-DD'; tests pin it. */
  today?: string;
}

/** 400 with the check's messages at their dot paths, the first one as the message. */
function issuesError(issues: PlanIssues): HttpError {
  const entries = Object.entries(issues);
  const validationErrors = Object.fromEntries(entries.map(([path, message]) => [path, { message }]));
  const [path, message] = entries[0] ?? ['_', 'Invalid input'];
  return new HttpError(400, `${path}: ${message}`, { validationErrors });
}

/** Throws the 400 of `issues` unless there are none. */
export function refuseIssues(issues: PlanIssues): void {
  if (Object.keys(issues).length > 0) throw issuesError(issues);
}

/**
 * Interest ids cannot be looked up one by one (connectors search the taxonomy by name only), so the
 * server accepts ids of the shape platforms use (letters, digits, `_ - . :`), and the platform itself
 * refuses an unknown one at launch (its validate call).
 */
const INTEREST_ID = /^[A-Za-z0-9_.:-]{1,100}$/;

async function lockCampaign(tx: TxDatabase, scope: ScopeContext, rawId: string): Promise<CampaignRow> {
  const def = RESOURCES.campaigns;
  const id = parseId(def, rawId);
  if (id === null) throw campaignNotFound();
  const [row] = await tx
    .select()
    .from(campaigns)
    .where(and(scopeCondition(def, scope), eq(campaigns.id, String(id))))
    .for('update');
  if (!row) throw campaignNotFound();
  return row;
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

type CampaignChanges = Partial<
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
async function save(
  ctx: PlanningContext,
  campaignId: string,
  version: number,
  fields: (row: CampaignRow) => readonly CampaignField[],
  work: (tx: TxDatabase, row: CampaignRow) => Promise<CampaignChanges>,
): Promise<Plan> {
  return inTransaction(ctx.db, async (tx) => {
    const row = await lockCampaign(tx, ctx.scope, campaignId);
    if (row.version !== version) {
      throw new HttpError(409, PLAN_VERSION_CONFLICT_MESSAGE, { errorCode: PLAN_VERSION_CONFLICT });
    }
    assertEditAllowed(row.status, fields(row));
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

async function assertCustomerOfAccount(tx: TxDatabase, scope: ScopeContext, customerId: string | null) {
  if (customerId === null) return;
  const [found] = await tx
    .select({ id: customers.id })
    .from(customers)
    .where(and(scopeCondition(RESOURCES.customers, scope), eq(customers.id, customerId.toLowerCase())));
  if (!found) refuseIssues({ customerId: 'Customer not found' });
}

const assertObjective = (objectiveId: number) => {
  if (!OBJECTIVES.some((o) => o.id === objectiveId)) refuseIssues({ objectiveId: 'Choose an objective' });
};

// --- Overview ---------------------------------------------------------------------------------------------

/** A new plan: a draft with its overview, nothing planned yet. */
export async function createPlan(
  ctx: PlanningContext,
  body: v.InferOutput<typeof NewOverviewStepSchema>,
  raw: Record<string, unknown>,
): Promise<{ campaignId: string; plan: Plan }> {
  assertObjective(body.objectiveId);
  // The raw scope keys go along so the data provider refuses a foreign accountId/organizationId as it does.
  const created = (await createRecord(ctx.db, RESOURCES.campaigns, ctx.scope, {
    ...(raw.accountId !== undefined ? { accountId: raw.accountId } : {}),
    ...(raw.organizationId !== undefined ? { organizationId: raw.organizationId } : {}),
    ...body,
  })) as Campaign;
  return { campaignId: created.id, plan: await readPlan(ctx, created.id) };
}

export function saveOverview(ctx: PlanningContext, campaignId: string, body: OverviewStepBody) {
  const customerId = body.customerId?.toLowerCase() ?? null;
  return save(
    ctx,
    campaignId,
    body.version,
    (row) => {
      const changed: CampaignField[] = [];
      if (body.name !== row.name) changed.push('name');
      if (customerId !== row.customerId) changed.push('customerId');
      if (body.objectiveId !== row.objectiveId) changed.push('objectiveId');
      if (body.currency !== row.currency) changed.push('currency');
      // A save that changes nothing is still refused while a job works on the campaign.
      return changed.length > 0 ? changed : ['name'];
    },
    async (tx, row) => {
      assertObjective(body.objectiveId);
      if (body.objectiveId !== row.objectiveId) refuseIssues(checkOverview(body, ctx.rules, row.platforms));
      if (customerId !== row.customerId) await assertCustomerOfAccount(tx, ctx.scope, customerId);
      const changes = { name: body.name, objectiveId: body.objectiveId, customerId, currency: body.currency };
      if (body.name !== row.name || body.currency !== row.currency) {
        await syncBookings(tx, { ...row, ...changes }, await flightRows(tx, row.id), { create: false });
      }
      return changes;
    },
  );
}

// --- Platforms and budget ---------------------------------------------------------------------------------

export function savePlatforms(ctx: PlanningContext, campaignId: string, body: PlatformsStepBody) {
  return save(
    ctx,
    campaignId,
    body.version,
    () => fieldsOf('platforms'),
    async (tx, row) => {
      refuseIssues(
        checkPlatforms(body, {
          rules: ctx.rules,
          objectiveId: row.objectiveId,
          currency: row.currency,
          startDate: row.startDate,
          endDate: row.endDate,
        }),
      );
      await tx.delete(campaignAllocations).where(eq(campaignAllocations.campaignId, row.id));
      await tx.insert(campaignAllocations).values(
        body.platforms.map((platformKey, position) => {
          const allocation = body.allocations[platformKey]!;
          return {
            campaignId: row.id,
            platformKey,
            position,
            amountMinor: allocation.amountMinor,
            bidStrategy: allocation.bidStrategy,
            costCapMinor: allocation.bidStrategy === 'cost_cap' ? allocation.costCapMinor : null,
          };
        }),
      );
      // What the plan no longer runs on goes: its flights (their bookings cancelled) and its interests.
      const removed = row.platforms.filter((key) => !body.platforms.includes(key));
      if (removed.length > 0) {
        const flights = await flightRows(tx, row.id);
        const gone = flights.filter((f) => removed.includes(f.platformKey));
        await removeFlights(
          tx,
          gone.map((f) => f.id),
        );
        await renumber(tx, row.id);
        const [audience] = await tx
          .select({ interests: campaignAudiences.interests })
          .from(campaignAudiences)
          .where(eq(campaignAudiences.campaignId, row.id));
        if (audience) {
          const interests = Object.fromEntries(
            Object.entries(audience.interests).filter(([key]) => body.platforms.includes(key)),
          );
          await tx
            .update(campaignAudiences)
            .set({ interests })
            .where(eq(campaignAudiences.campaignId, row.id));
        }
      }
      return { platforms: body.platforms, budgetMinor: body.budgetMinor, splitMode: body.splitMode };
    },
  );
}

// --- Audience -------------------------------------------------------------------------------------------

export function saveAudience(ctx: PlanningContext, campaignId: string, body: AudienceStepBody) {
  return save(
    ctx,
    campaignId,
    body.version,
    () => fieldsOf('audience'),
    async (tx, row) => {
      const { version: _version, ...audience } = body;
      const issues = checkAudience(audience, {
        rules: ctx.rules,
        objectiveId: row.objectiveId,
        platforms: row.platforms,
      });
      for (const [key, ids] of Object.entries(audience.interests)) {
        if (!row.platforms.includes(key))
          issues[`interests.${key}`] ??= `${ctx.rules[key]?.displayName ?? key} is not in this plan`;
        else if (!ids.every((id) => INTEREST_ID.test(id)))
          issues[`interests.${key}`] ??= 'Choose interests from the list';
        else if (new Set(ids).size !== ids.length) issues[`interests.${key}`] ??= 'Choose each interest once';
      }
      refuseIssues(issues);
      const values = {
        locations: audience.locations,
        ageMin: audience.ageMin,
        ageMax: audience.ageMax,
        genders: audience.genders,
        languages: audience.languages,
        interests: audience.interests,
      };
      await tx
        .insert(campaignAudiences)
        .values({ campaignId: row.id, ...values })
        .onConflictDoUpdate({ target: campaignAudiences.campaignId, set: values });
      return {};
    },
  );
}

// --- Schedule -------------------------------------------------------------------------------------------

const flightRows = (tx: TxDatabase, campaignId: string) =>
  tx
    .select()
    .from(campaignFlights)
    .where(eq(campaignFlights.campaignId, campaignId))
    .orderBy(campaignFlights.position);

async function removeFlights(tx: TxDatabase, ids: string[]) {
  if (ids.length === 0) return;
  await cancelBookingsOfFlights(tx, ids);
  for (const id of ids) await tx.delete(campaignFlights).where(eq(campaignFlights.id, id));
}

/** Positions 0..n-1 again after flights were removed. */
async function renumber(tx: TxDatabase, campaignId: string) {
  const rows = await flightRows(tx, campaignId);
  for (const [position, row] of rows.entries()) {
    if (row.position !== position)
      await tx.update(campaignFlights).set({ position }).where(eq(campaignFlights.id, row.id));
  }
}

export function saveSchedule(ctx: PlanningContext, campaignId: string, body: ScheduleStepBody) {
  return save(
    ctx,
    campaignId,
    body.version,
    () => fieldsOf('schedule'),
    async (tx, row) => {
      refuseIssues(
        checkSchedule(body, {
          rules: ctx.rules,
          platforms: row.platforms,
          allocations: await loadAllocations(tx, row.id),
          currency: row.currency,
          today: ctx.today ?? todayUtc(),
        }),
      );
      const existing = await flightRows(tx, row.id);
      const kept = new Set<string>();
      const saved: (typeof existing)[number][] = [];
      for (const [position, flight] of body.flights.entries()) {
        const values = {
          platformKey: flight.platform,
          position,
          startDate: flight.startDate,
          endDate: flight.endDate,
          amountMinor: flight.amountMinor,
          pacing: flight.pacing,
        };
        // A flight keeps its id (and its booking) when it is one of this plan's; any other id is a new flight.
        const id = flight.id?.toLowerCase();
        if (id && !kept.has(id) && existing.some((e) => e.id === id)) {
          kept.add(id);
          const [updated] = await tx
            .update(campaignFlights)
            .set(values)
            .where(eq(campaignFlights.id, id))
            .returning();
          saved.push(updated!);
        } else {
          const [inserted] = await tx
            .insert(campaignFlights)
            .values({ campaignId: row.id, ...values })
            .returning();
          saved.push(inserted!);
        }
      }
      await removeFlights(
        tx,
        existing.filter((e) => !kept.has(e.id)).map((e) => e.id),
      );
      await syncBookings(tx, row, saved);
      return { startDate: body.startDate, endDate: body.endDate };
    },
  );
}

// --- Budget (review) --------------------------------------------------------------------------------------

export function saveBudget(ctx: PlanningContext, campaignId: string, body: BudgetChoiceBody) {
  return save(
    ctx,
    campaignId,
    body.version,
    () => fieldsOf('review'),
    async (tx, row) => {
      if (body.budgetId === null) return { budgetId: null, overBudgetConfirmedAt: null };
      const budget = await budgetOfAccount(tx, row, body.budgetId.toLowerCase());
      if (!budget) throw issuesError({ budgetId: 'Budget not found' });
      if (!fitsPlan(budget, row)) {
        refuseIssues({
          budgetId: !row.customerId
            ? 'Choose the customer before a budget'
            : !row.startDate || !row.endDate
              ? 'Schedule the plan before choosing a budget'
              : `Choose a budget of this plan's customer, in ${row.currency}, covering ${row.startDate} to ${row.endDate}`,
        });
      }
      const left = budget.amountMinor - (await committedOn(tx, budget.id, row.id)) - row.budgetMinor;
      const over = left < 0;
      return {
        budgetId: budget.id,
        overBudgetConfirmedAt: over && body.overBudgetConfirmed ? new Date() : null,
      };
    },
  );
}

// --- Launch gate --------------------------------------------------------------------------------------------

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

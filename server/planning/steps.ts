import {
  type AudienceStepBody,
  type BudgetChoiceBody,
  checkAudience,
  checkLivePlatforms,
  checkLiveSchedule,
  checkOverview,
  checkPlatforms,
  checkSchedule,
  type NewOverviewStepSchema,
  type OverviewStepBody,
  type Plan,
  type PlatformsStepBody,
  type ScheduleStepBody,
  todayUtc,
} from '@contract/planning';
import type { Campaign } from '@contract/resources';
import type { CampaignField } from '@machines/campaignLifecycle';
import { and, eq, notInArray, sql } from 'drizzle-orm';
import type * as v from 'valibot';
import { syncBookings } from '../campaignRules/bookings';
import { RESOURCES } from '../data/resources';
import { createRecord } from '../data/store';
import { campaignAllocations, campaignAudiences, campaignFlights } from '../db/schema';
import { HttpError } from '../http/errors';
import { dropAdsOutside } from './ads';
import { budgetOfAccount, committedOn, fitsPlan } from './budgets';
import { flightRows, removeFlights, renumber } from './flights';
import { isLive, liveContextOf } from './live';
import { fieldsOf, loadAllocations } from './plan';
import {
  assertCustomerOfAccount,
  assertObjective,
  issuesError,
  type PlanningContext,
  readPlan,
  refuseIssues,
  save,
} from './save';

// The wizard's step saves, each in the frame of save.ts: the contract's check with the platforms' rules
// and the server's own checks (ids of this account), then the step's rows written.

/**
 * Interest ids cannot be looked up one by one (connectors search the taxonomy by name only), so the
 * server accepts ids of the shape platforms use (letters, digits, `_ - . :`), and the platform itself
 * refuses an unknown one at launch (its validate call).
 */
const INTEREST_ID = /^[A-Za-z0-9_.:-]{1,100}$/;

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
      const issues = checkPlatforms(body, {
        rules: ctx.rules,
        objectiveId: row.objectiveId,
        currency: row.currency,
        startDate: row.startDate,
        endDate: row.endDate,
      });
      if (isLive(row.status))
        Object.assign(
          issues,
          checkLivePlatforms(row.platforms, body, await liveContextOf(tx, row, ctx.today)),
        );
      refuseIssues(issues);
      // Kept platforms are updated in place (not deleted and created again): the change log shows what changed.
      await tx
        .delete(campaignAllocations)
        .where(
          and(
            eq(campaignAllocations.campaignId, row.id),
            notInArray(campaignAllocations.platformKey, [...body.platforms]),
          ),
        );
      await tx
        .insert(campaignAllocations)
        .values(
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
        )
        .onConflictDoUpdate({
          target: [campaignAllocations.campaignId, campaignAllocations.platformKey],
          set: {
            position: sql`excluded.position`,
            amountMinor: sql`excluded.amount_minor`,
            bidStrategy: sql`excluded.bid_strategy`,
            costCapMinor: sql`excluded.cost_cap_minor`,
          },
        });
      // What the plan no longer runs on goes: its flights (their bookings cancelled), its interests and its ads.
      const removed = row.platforms.filter((key) => !body.platforms.includes(key));
      if (removed.length > 0) {
        await dropAdsOutside(tx, row.id, body.platforms);
        const flights = await flightRows(tx, row.id);
        const gone = flights.filter((f) => removed.includes(f.platformKey));
        await removeFlights(
          tx,
          gone.map((f) => f.id),
          { cancelBookings: !isLive(row.status) },
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

export async function saveAudience(ctx: PlanningContext, campaignId: string, body: AudienceStepBody) {
  // Each platform's interests must be in its own taxonomy: asked of the connectors before the row is locked.
  const unknown: Record<string, string> = {};
  // Each interest's name as its platform gives it, kept beside the ids for the review and the exports.
  const interestNames: Record<string, Record<string, string>> = {};
  if (ctx.knownInterests) {
    const known = ctx.knownInterests;
    await Promise.all(
      Object.entries(body.interests).map(async ([key, ids]) => {
        if (ids.length === 0 || !ids.every((id) => INTEREST_ID.test(id))) return;
        let answer: readonly { id: string; name: string }[];
        try {
          answer = await known(key, ids);
        } catch (error) {
          // A real platform lists its interests for a connected ad account only: said at the field.
          if (error instanceof HttpError && error.status === 409) {
            unknown[key] = error.message;
            return;
          }
          throw error;
        }
        const found = new Set(answer.map((interest) => interest.id));
        if (answer.length > 0)
          interestNames[key] = Object.fromEntries(answer.map((interest) => [interest.id, interest.name]));
        const missing = ids.find((id) => !found.has(id));
        if (missing !== undefined)
          unknown[key] =
            `${ctx.rules[key]?.displayName ?? key} has no interest ${missing}: choose interests from its list`;
      }),
    );
  }
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
        else if (unknown[key]) issues[`interests.${key}`] ??= unknown[key];
      }
      refuseIssues(issues);
      const values = {
        locations: audience.locations,
        ageMin: audience.ageMin,
        ageMax: audience.ageMax,
        genders: audience.genders,
        languages: audience.languages,
        interests: audience.interests,
        interestNames,
      };
      await tx
        .insert(campaignAudiences)
        .values({ campaignId: row.id, ...values })
        .onConflictDoUpdate({ target: campaignAudiences.campaignId, set: values });
      return {};
    },
  );
}

const SCHEDULE_WITHOUT_START: readonly CampaignField[] = ['endDate', 'flights'];

// --- Schedule -------------------------------------------------------------------------------------------

export function saveSchedule(ctx: PlanningContext, campaignId: string, body: ScheduleStepBody) {
  return save(
    ctx,
    campaignId,
    body.version,
    // A live campaign keeps its start date: the save changes it only when the body moves it.
    (row) => (body.startDate === row.startDate ? SCHEDULE_WITHOUT_START : fieldsOf('schedule')),
    async (tx, row) => {
      const live = isLive(row.status);
      const issues = checkSchedule(body, {
        rules: ctx.rules,
        platforms: row.platforms,
        allocations: await loadAllocations(tx, row.id),
        currency: row.currency,
        // A live plan keeps the start it launched with (planIssues reads it the same way).
        today: live && row.startDate ? row.startDate : (ctx.today ?? todayUtc()),
      });
      if (live) {
        const liveContext = await liveContextOf(tx, row, ctx.today);
        Object.assign(issues, checkLiveSchedule(liveContext.flights, body, row.endDate, liveContext));
      }
      refuseIssues(issues);
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
      // A live campaign's bookings follow the change when it is applied (server/planning/apply.ts), not before.
      await removeFlights(
        tx,
        existing.filter((e) => !kept.has(e.id)).map((e) => e.id),
        { cancelBookings: !live },
      );
      if (!live) await syncBookings(tx, row, saved);
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

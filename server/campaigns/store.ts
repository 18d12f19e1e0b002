import {
  CAMPAIGN_ERROR_CODES,
  CAMPAIGN_NOT_FOUND_MESSAGE,
  type CampaignDetail,
  type CampaignPlatformState,
  type CampaignPlatformStatus,
  type CampaignSummary,
  CUSTOMER_NOT_FOUND_MESSAGE,
  missingForLaunch,
} from '@contract/campaigns';
import { addDays } from '@contract/planning';
import { byPlatformOrder, displayNameOf } from '@contract/reference';
import type { Campaign } from '@contract/resources';
import { STEP_UP_ACTIONS } from '@contract/stepUp';
import {
  type CampaignStatus,
  nextPlacementStatus,
  type PlacementAction,
  placementRefusalOf,
} from '@machines/campaignLifecycle';
import { and, asc, count, eq, inArray, ne, sql } from 'drizzle-orm';
import type { StepUpConfirm } from '../auth/sessions';
import { budgetsCovering } from '../campaignRules/budgetCover';
import {
  assertActionAllowed,
  businessError,
  moveCampaign,
  moveCampaignForPlacement,
} from '../campaignRules/lifecycle';
import { campaignTarget, customerTarget, placementTarget } from '../campaignRules/stepUpTargets';
import type { ScopeContext } from '../data/define';
import { RESOURCES } from '../data/resources';
import { scopeCondition } from '../data/scope';
import { parseId } from '../data/store';
import type { Database } from '../db/connect';
import type { CampaignRow, PlatformRow } from '../db/rows';
import { budgets, campaignPlatforms, campaigns, customers } from '../db/schema';
import { inTransaction, type TxDatabase } from '../db/transaction';
import { HttpError } from '../http/errors';
import { copyPlan } from './copyPlan';
import type { CampaignJobSender } from './jobSender';
import { loadPlatformRows } from './platformRows';

export const campaignNotFound = () => new HttpError(404, CAMPAIGN_NOT_FOUND_MESSAGE);
export const customerNotFound = () => new HttpError(404, CUSTOMER_NOT_FOUND_MESSAGE);
/** A platform the campaign has no placement on (or no such platform): answered like a missing campaign. */
export const PLACEMENT_NOT_FOUND_MESSAGE = "Sorry, we couldn't find that platform on this campaign.";
export const placementNotFound = () => new HttpError(404, PLACEMENT_NOT_FOUND_MESSAGE);

const ordered = (keys: readonly string[]) =>
  [...keys]
    .map((platformKey) => ({ platformKey }))
    .sort(byPlatformOrder)
    .map((k) => k.platformKey);

export function summaryOf(campaign: Campaign): CampaignSummary {
  return {
    id: campaign.id,
    name: campaign.name,
    status: campaign.status,
    platforms: ordered(campaign.platforms).map((key) => ({ key, displayName: displayNameOf(key) })),
  };
}

/** The campaign's platforms (its list first, in reference order, then rows of platforms it no longer lists). */
export async function platformStates(db: Database, campaign: Campaign): Promise<CampaignPlatformState[]> {
  const rows = await loadPlatformRows(db, campaign.id);
  const [live] = await db
    .select({ hash: campaigns.liveHash })
    .from(campaigns)
    .where(eq(campaigns.id, campaign.id));
  // Never claim a platform runs the newest plan where it does not (issue 28).
  const noteOf = (row: PlatformRow | undefined) => {
    if (!row || !live?.hash || !RUNNING.has(row.status) || row.appliedHash === live.hash) return null;
    return row.updateError ?? 'Taking the change…';
  };
  const keys = ordered(campaign.platforms);
  for (const row of rows) if (!keys.includes(row.platformKey)) keys.push(row.platformKey);
  return keys.map((key) => {
    const row = rows.find((r) => r.platformKey === key);
    return {
      key,
      displayName: displayNameOf(key),
      status: (row?.status ?? 'pending') as CampaignPlatformStatus,
      externalId: row?.externalId ?? null,
      lastError: row?.lastError ?? null,
      attempts: row?.attempts ?? 0,
      nextAttemptAt: row?.nextAttemptAt?.toISOString() ?? null,
      updatedAt: row?.updatedAt.toISOString() ?? null,
      ...(noteOf(row) ? { changeNote: noteOf(row) } : {}),
    };
  });
}

const RUNNING: ReadonlySet<string> = new Set(['scheduled', 'active', 'paused', 'in_review']);

export async function detailOf(db: Database, campaign: Campaign): Promise<CampaignDetail> {
  const platforms = await platformStates(db, campaign);
  const failed = platforms.find((p) => (p.status === 'rejected' || p.status === 'failed') && p.lastError);
  return {
    id: campaign.id,
    name: campaign.name,
    status: campaign.status,
    customerId: campaign.customerId,
    objectiveId: campaign.objectiveId,
    startDate: campaign.startDate,
    endDate: campaign.endDate,
    budgetMinor: campaign.budgetMinor,
    currency: campaign.currency,
    failureReason: failed ? `${failed.displayName}: ${failed.lastError}` : null,
    platforms,
    updatedAt: campaign.updatedAt,
  };
}

/** The caller's campaign, locked for the transaction; null when missing, malformed or another tenant's. */
export async function lockCampaign(
  tx: TxDatabase,
  scope: ScopeContext,
  rawId: string,
  strength: 'update' | 'share' = 'update',
): Promise<CampaignRow | null> {
  const def = RESOURCES.campaigns;
  const id = parseId(def, rawId);
  if (id === null) return null;
  const [row] = await tx
    .select()
    .from(campaigns)
    .where(and(scopeCondition(def, scope), eq(campaigns.id, String(id))))
    .for(strength);
  return row ?? null;
}

/**
 * The step-up of a risky action, run after the checks (a refused action asks for no confirmation) and before
 * anything changes, with the target built from the locked row; it throws 403 CHALLENGE_REQUIRED without a
 * valid verified token for that target.
 */
export type Confirm = StepUpConfirm;
/** Throws (422, 409) when the campaign's plan may not launch as it is. */
export type LaunchGate = (tx: TxDatabase, campaign: CampaignRow) => Promise<void>;
const noConfirmation: Confirm = async () => {};

/**
 * Delete: the campaign becomes `deleting` and a delete job is queued in the same transaction; the job
 * removes it on every platform, then removes the row. Asking again while it is deleting changes nothing.
 */
export async function requestDelete(
  db: Database,
  jobs: CampaignJobSender,
  scope: ScopeContext,
  campaignId: string,
  confirm: Confirm = noConfirmation,
): Promise<void> {
  await jobs.ready();
  const queued = await inTransaction(db, async (tx, executor) => {
    const campaign = await lockCampaign(tx, scope, campaignId);
    if (!campaign) throw campaignNotFound();
    // Asking again while it is deleting is allowed by the chart and changes nothing.
    if (campaign.status === 'deleting') return false;
    assertActionAllowed(campaign.status, 'delete');
    await confirm(campaignTarget(STEP_UP_ACTIONS.deleteCampaign, campaign));
    await moveCampaign(tx, campaign, 'delete', { type: 'delete.request' });
    await tx
      .update(campaignPlatforms)
      .set({ status: 'deleting', attempts: 0, lastError: null, nextAttemptAt: null, updatedAt: sql`now()` })
      .where(and(eq(campaignPlatforms.campaignId, campaign.id), ne(campaignPlatforms.status, 'deleted')));
    await jobs.enqueue('delete', campaign.id, { executor });
    return true;
  });
  if (queued) jobs.wake('delete');
}

/** Duplicate: a new draft with the same objective, customer, platforms, dates, budget and plan. */
/**
 * A copy of the campaign as a new draft, its dates and every flight moved by `shiftDays` ("for the next
 * period"); it draws on the budget that covers its new dates (the customer's, same currency), the earliest
 * when several do, or none — the answer says which.
 */
export async function duplicate(
  db: Database,
  scope: ScopeContext,
  campaignId: string,
  name: string,
  shiftDays = 0,
): Promise<{ campaignId: string; budget: { id: string; name: string } | null }> {
  return inTransaction(db, async (tx) => {
    const source = await lockCampaign(tx, scope, campaignId, 'share');
    if (!source) throw campaignNotFound();
    assertActionAllowed(source.status, 'duplicate');
    const shift = (day: string | null) => (day === null ? null : addDays(day, shiftDays));
    const dates = { startDate: shift(source.startDate), endDate: shift(source.endDate) };
    const covering = budgetsCovering({ ...source, ...dates });
    const [budget] = covering
      ? await tx
          .select({ id: budgets.id, name: budgets.name })
          .from(budgets)
          .where(covering)
          .orderBy(asc(budgets.periodStart), asc(budgets.name))
          .limit(1)
      : [];
    const [copy] = await tx
      .insert(campaigns)
      .values({
        organizationId: source.organizationId,
        accountId: source.accountId,
        customerId: source.customerId,
        objectiveId: source.objectiveId,
        name,
        status: 'draft',
        ...dates,
        budgetMinor: source.budgetMinor,
        currency: source.currency,
        platforms: source.platforms,
        splitMode: source.splitMode,
        budgetId: budget?.id ?? null,
      })
      .returning();
    await copyPlan(tx, source, copy!, shiftDays);
    return { campaignId: copy!.id, budget: budget ?? null };
  });
}

/** The chart's refusal (409), then what the plan still lacks (422, the first missing item). */
function assertLaunchable(campaign: CampaignRow): void {
  assertActionAllowed(campaign.status, 'launch');
  const [missing] = missingForLaunch(campaign);
  if (missing) throw businessError(422, CAMPAIGN_ERROR_CODES.incomplete, missing);
}

/**
 * Launch: from draft or failed, the campaign becomes `launching`, its platform rows are prepared and a
 * launch job is queued, all in one transaction. On a relaunch, platforms already active (or in review)
 * are kept; rejected ones are submitted again under a new launch key; failed ones that exist on the
 * platform are checked again, the others launched.
 */
export async function requestLaunch(
  db: Database,
  jobs: CampaignJobSender,
  scope: ScopeContext,
  campaignId: string,
  confirm: Confirm = noConfirmation,
  /** The plan's own refusals (server/planning launchGate: steps with issues, over budget), on the locked row. */
  gate: LaunchGate = async () => {},
): Promise<void> {
  await jobs.ready();
  await inTransaction(db, async (tx, executor) => {
    const campaign = await lockCampaign(tx, scope, campaignId);
    if (!campaign) throw campaignNotFound();
    assertLaunchable(campaign);
    await gate(tx, campaign);
    await confirm(campaignTarget(STEP_UP_ACTIONS.launchCampaign, campaign));
    await moveCampaign(tx, campaign, 'launch', { type: 'launch.request' });
    const targets = campaign.platforms;
    const mine = eq(campaignPlatforms.campaignId, campaign.id);
    await tx
      .insert(campaignPlatforms)
      .values(targets.map((platformKey) => ({ campaignId: campaign.id, platformKey })))
      .onConflictDoNothing();
    const rows = await tx.select().from(campaignPlatforms).where(mine).for('update');
    for (const row of rows) {
      if (!targets.includes(row.platformKey)) {
        // A platform no longer listed that never reached the platform is dropped.
        if (row.externalId === null && row.attempts === 0) {
          await tx
            .delete(campaignPlatforms)
            .where(and(mine, eq(campaignPlatforms.platformKey, row.platformKey)));
        }
        continue;
      }
      const status = nextPlacementStatus(row.status as CampaignPlatformStatus, {
        type: 'launch.request',
        onPlatform: row.externalId !== null && row.status !== 'deleted',
      });
      if (status === null) throw new Error(`A ${row.status} placement cannot be launched again`);
      const kept = status === row.status;
      // Rejected and deleted placements are submitted again under a new idempotency key.
      const resubmit = row.status === 'rejected' || row.status === 'deleted';
      await tx
        .update(campaignPlatforms)
        .set({
          status,
          externalId: row.status === 'deleted' ? null : row.externalId,
          launchKey: resubmit ? sql`gen_random_uuid()` : row.launchKey,
          attempts: kept ? row.attempts : 0,
          lastError: kept ? row.lastError : null,
          nextAttemptAt: null,
          updatedAt: sql`now()`,
        })
        .where(and(mine, eq(campaignPlatforms.platformKey, row.platformKey)));
    }
    await jobs.enqueue('launch', campaign.id, { executor });
    // A relaunch keeps what already runs; a plan fixed since reaches those platforms as an update.
    const running = rows.some(
      (row) =>
        targets.includes(row.platformKey) &&
        ['scheduled', 'active', 'paused', 'in_review'].includes(row.status),
    );
    if (running) await jobs.enqueue('update', campaign.id, { executor });
  });
  jobs.wake('launch');
  jobs.wake('update');
}

/**
 * Pause (active → pausing) or resume (paused → resuming): the status changes and the job that tells
 * each platform is queued in the same transaction. The platforms follow one by one (campaign page).
 */
export async function requestToggle(
  db: Database,
  jobs: CampaignJobSender,
  scope: ScopeContext,
  campaignId: string,
  action: 'pause' | 'resume',
  confirm: Confirm = noConfirmation,
): Promise<'pausing' | 'resuming'> {
  await jobs.ready();
  await inTransaction(db, async (tx, executor) => {
    const campaign = await lockCampaign(tx, scope, campaignId);
    if (!campaign) throw campaignNotFound();
    assertActionAllowed(campaign.status, action);
    // Pausing asks for no step-up (the route passes no confirmation); resuming is bound to this campaign.
    await confirm(campaignTarget(STEP_UP_ACTIONS.resumeCampaign, campaign));
    await moveCampaign(tx, campaign, action, {
      type: action === 'pause' ? 'pause.request' : 'resume.request',
    });
    // Each placement to move starts its attempts afresh; the others (already there) are left alone.
    await tx
      .update(campaignPlatforms)
      .set({ attempts: 0, lastError: null, nextAttemptAt: null, updatedAt: sql`now()` })
      .where(
        and(
          eq(campaignPlatforms.campaignId, campaign.id),
          action === 'pause'
            ? inArray(campaignPlatforms.status, ['active', 'scheduled'])
            : eq(campaignPlatforms.status, 'paused'),
        ),
      );
    await jobs.enqueue(action, campaign.id, { executor });
  });
  jobs.wake(action);
  return action === 'pause' ? 'pausing' : 'resuming';
}

/**
 * Pause or resume the campaign on one platform (the campaign page's row): the campaign becomes `pausing`
 * (`resuming`) through the lifecycle chart and a job for that one placement is queued in the same
 * transaction; when it has run, the campaign's status follows its placements (all paused → `paused`,
 * one running → `active` or `scheduled`). A platform the campaign is not on answers 404; a status either
 * chart refuses, 409 with the reason. Resuming asks for the step-up bound to the campaign and platform.
 */
export async function requestPlacementToggle(
  db: Database,
  jobs: CampaignJobSender,
  scope: ScopeContext,
  campaignId: string,
  platformKey: string,
  action: PlacementAction,
  confirm: Confirm = noConfirmation,
): Promise<'pausing' | 'resuming'> {
  await jobs.ready();
  await inTransaction(db, async (tx, executor) => {
    const campaign = await lockCampaign(tx, scope, campaignId);
    if (!campaign) throw campaignNotFound();
    const mine = and(
      eq(campaignPlatforms.campaignId, campaign.id),
      eq(campaignPlatforms.platformKey, platformKey),
    );
    const [row] = await tx.select().from(campaignPlatforms).where(mine).for('update');
    // A platform it plans but never reached (a draft) is refused by the charts; any other, not found.
    if (!row && !campaign.platforms.includes(platformKey)) throw placementNotFound();
    const refusal = placementRefusalOf(
      campaign.status as CampaignStatus,
      (row?.status ?? 'pending') as CampaignPlatformStatus,
      action,
      displayNameOf(platformKey),
    );
    if (refusal) throw businessError(409, refusal.errorCode, refusal.message);
    // Pausing asks for no step-up (the route passes no confirmation); resuming is bound to this platform.
    await confirm(placementTarget(campaign, platformKey));
    await moveCampaignForPlacement(tx, campaign, action);
    await tx
      .update(campaignPlatforms)
      .set({ attempts: 0, lastError: null, nextAttemptAt: null, updatedAt: sql`now()` })
      .where(mine);
    await jobs.enqueue(action, campaign.id, { executor, platformKey });
  });
  jobs.wake(action);
  return action === 'pause' ? 'pausing' : 'resuming';
}

/** Delete a customer, unless campaigns (not yet deleted) still name it. */
export async function deleteCustomer(
  db: Database,
  scope: ScopeContext,
  customerId: string,
  confirm: Confirm = noConfirmation,
): Promise<void> {
  const def = RESOURCES.customers;
  const id = parseId(def, customerId);
  if (id === null) throw customerNotFound();
  await inTransaction(db, async (tx) => {
    const [customer] = await tx
      .select({ id: customers.id, name: customers.name })
      .from(customers)
      .where(and(scopeCondition(def, scope), eq(customers.id, String(id))))
      .for('update');
    if (!customer) throw customerNotFound();
    const [{ n } = { n: 0 }] = await tx
      .select({ n: count() })
      .from(campaigns)
      .where(eq(campaigns.customerId, customer.id));
    if (n > 0) {
      throw businessError(
        409,
        CAMPAIGN_ERROR_CODES.customerHasCampaigns,
        n === 1
          ? 'This customer still has 1 campaign. Delete it first.'
          : `This customer still has ${n} campaigns. Delete them first.`,
      );
    }
    await confirm(customerTarget(customer));
    await tx.delete(customers).where(eq(customers.id, customer.id));
  });
}

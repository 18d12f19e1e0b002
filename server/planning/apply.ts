import { CAMPAIGN_ERROR_CODES } from '@contract/campaigns';
import {
  CHANGE_ERROR_CODES,
  type ChangeState,
  diffSnapshots,
  mergeInterestNames,
  type PlanChange,
  type RevisionSnapshot,
} from '@contract/planning';
import { displayNameOf } from '@contract/reference';
import { APPLYING_MESSAGE, type CampaignStatus, nextCampaignStatus } from '@machines/campaignLifecycle';
import { and, eq, inArray, isNull, notInArray, sql } from 'drizzle-orm';
import { syncBookings } from '../campaignRules/bookings';
import { businessError } from '../campaignRules/lifecycle';
import { changeTarget } from '../campaignRules/stepUpTargets';
import type { CampaignJobSender } from '../campaigns/jobSender';
import { loadPlatformRows } from '../campaigns/platformRows';
import { type Confirm, campaignNotFound, type LaunchGate, lockCampaign } from '../campaigns/store';
import type { ScopeContext } from '../data/define';
import type { Database } from '../db/connect';
import type { CampaignRow, PlatformRow } from '../db/rows';
import { bookings, campaignLivePlans, campaignPlatforms, campaigns, users } from '../db/schema';
import { inTransaction, type TxDatabase } from '../db/transaction';
import { flightRows } from './flights';
import { ensureBaseline, isLive, RUNNING_PLACEMENTS, recordLivePlan } from './live';
import { readPlan } from './save';
import { draftOf } from './snapshot';

/**
 * Apply changes (issue 28, docs/live-changes.md): the draft over a live campaign — its plan as it is now —
 * goes to every platform that runs it, by a durable update job per campaign (server/jobs/update.ts).
 */

const owes = (row: PlatformRow, liveHash: string | null) =>
  (RUNNING_PLACEMENTS as readonly string[]).includes(row.status) && row.appliedHash !== liveHash;

/** The change's state, from the plan's hash, the live hash and what each placement runs. */
export function changeStateOf(
  draftHash: string,
  liveHash: string | null,
  rows: readonly PlatformRow[],
): ChangeState {
  const owed = rows.filter((row) => owes(row, liveHash));
  if (owed.some((row) => row.updateError === null)) return 'applying';
  if (liveHash !== null && draftHash !== liveHash) return 'draft';
  return owed.length > 0 ? 'refused' : 'none';
}

/** `GET /planning/wizard/{id}/change`: what runs, the draft against it, and each platform's side. */
export async function planChangeOf(
  db: Database,
  scope: ScopeContext,
  campaignId: string,
): Promise<PlanChange> {
  const plan = await readPlan({ db, scope }, campaignId);
  return inTransaction(db, async (tx) => {
    const [row] = await tx.select().from(campaigns).where(eq(campaigns.id, plan.campaign.id));
    if (!row) throw campaignNotFound();
    const { snapshot, hash, interestNames } = await draftOf(tx, row);
    // A campaign launched before live plans were kept has no live hash yet: its platforms run this very plan.
    const rows = (await loadPlatformRows(tx, row.id)).map((r) =>
      row.liveHash ? r : { ...r, appliedHash: r.appliedHash ?? hash },
    );
    const [live] = row.liveHash
      ? await tx
          .select({
            snapshot: campaignLivePlans.snapshot,
            interestNames: campaignLivePlans.interestNames,
            appliedAt: campaignLivePlans.appliedAt,
            firstName: users.firstName,
            lastName: users.lastName,
            email: users.email,
          })
          .from(campaignLivePlans)
          .leftJoin(users, eq(users.id, campaignLivePlans.appliedBy))
          .where(and(eq(campaignLivePlans.campaignId, row.id), eq(campaignLivePlans.hash, row.liveHash)))
      : [];
    // Before any change was saved, a live campaign launched before live plans were kept runs this very plan.
    const liveHash = row.liveHash ?? (isLive(row.status) ? hash : null);
    const liveSnapshot = (live?.snapshot as RevisionSnapshot | undefined) ?? snapshot;
    return {
      campaignId: row.id,
      state: changeStateOf(hash, liveHash, rows),
      draftHash: hash,
      liveHash,
      appliedAt: live?.appliedAt.toISOString() ?? null,
      appliedBy: live?.email ? `${live.firstName} ${live.lastName}`.trim() || live.email : null,
      diff: liveHash && hash !== liveHash ? diffSnapshots(liveSnapshot, snapshot) : null,
      interestNames: mergeInterestNames(live?.interestNames ?? {}, interestNames),
      platforms: rows
        .filter((r) => row.platforms.includes(r.platformKey))
        .map((r) => ({
          platform: r.platformKey,
          displayName: displayNameOf(r.platformKey),
          placementStatus: r.status,
          upToDate: !owes(r, liveHash),
          updating: owes(r, liveHash) && r.updateError === null,
          error: owes(r, liveHash) ? r.updateError : null,
        })),
    };
  });
}

/**
 * `POST /planning/wizard/{id}/apply`. On the locked row: the chart allows `change.apply` in the status;
 * nothing is still on its way; the plan passes the launch's own gate (complete, connected, within budget)
 * and the sign-off gate; the step-up is bound to the change's hash. Then the draft becomes what runs (its
 * snapshot kept), the bookings follow its flights, and the update job is queued — all in one transaction.
 * Applying again with nothing new retries the platforms that refused.
 */
export async function requestApply(
  db: Database,
  jobs: CampaignJobSender,
  scope: ScopeContext,
  campaignId: string,
  reviewedHash: string | undefined,
  confirm: Confirm,
  gate: LaunchGate,
): Promise<{ hash: string }> {
  await jobs.ready();
  const hash = await inTransaction(db, async (tx, executor) => {
    const row = await lockCampaign(tx, scope, campaignId);
    if (!row) throw campaignNotFound();
    if (nextCampaignStatus(row.status as CampaignStatus, { type: 'change.apply' }) === null)
      throw businessError(
        409,
        CAMPAIGN_ERROR_CODES.busy,
        `Only an active or paused campaign takes changes. This campaign is ${row.status}.`,
      );
    await ensureBaseline(tx, row, scope.userId);
    const rows = await loadPlatformRows(tx, row.id);
    const state = changeStateOf((await draftOf(tx, row)).hash, row.liveHash, rows);
    if (state === 'applying') throw businessError(409, CAMPAIGN_ERROR_CODES.busy, APPLYING_MESSAGE);
    const draft = await draftOf(tx, row);
    const { hash } = draft;
    if (reviewedHash !== undefined && reviewedHash !== hash)
      throw businessError(
        409,
        CHANGE_ERROR_CODES.edited,
        'The plan was edited since you reviewed it. Review the change again, then apply it.',
      );
    if (state === 'none')
      throw businessError(
        409,
        CHANGE_ERROR_CODES.nothingToApply,
        'There is nothing to apply: the platforms run the plan as it is.',
      );
    await gate(tx, row);
    await confirm(changeTarget(row, hash));
    if (state === 'draft') {
      await recordLivePlan(tx, row.id, draft, scope.userId);
      await tx
        .update(campaigns)
        .set({ liveHash: hash, updatedAt: sql`now()` })
        .where(eq(campaigns.id, row.id));
      await followChange(tx, { ...row, liveHash: hash });
    }
    // Every placement owed the change starts afresh (a retry clears the last refusal).
    await tx
      .update(campaignPlatforms)
      .set({ updateAttempts: 0, updateError: null, updateNextAt: null, updatedAt: sql`now()` })
      .where(
        and(
          eq(campaignPlatforms.campaignId, row.id),
          inArray(campaignPlatforms.status, [...RUNNING_PLACEMENTS]),
          sql`${campaignPlatforms.appliedHash} IS DISTINCT FROM ${hash}`,
        ),
      );
    await jobs.enqueue('update', row.id, { executor });
    return hash;
  });
  jobs.wake('update');
  return { hash };
}

/**
 * The bookings follow the applied plan: each flight's booking takes its dates and amount (a new flight's
 * is tentative until its platform runs the change), and the bookings of flights the change removed are
 * released.
 */
async function followChange(tx: TxDatabase, row: CampaignRow) {
  await syncBookings(tx, row, await flightRows(tx, row.id));
  await tx
    .update(bookings)
    .set({ status: 'cancelled', updatedAt: sql`now()` })
    .where(
      and(
        eq(bookings.campaignId, row.id),
        isNull(bookings.flightId),
        notInArray(bookings.status, ['completed', 'cancelled']),
      ),
    );
}

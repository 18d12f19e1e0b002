import { CAMPAIGN_ERROR_CODES } from '@contract/campaigns';
import {
  CAMPAIGN_FIELD_LABELS,
  type CampaignAction,
  type CampaignField,
  type CampaignLifecycleEvent,
  type CampaignStatus,
  editRefusalOf,
  LIVE_STATUSES,
  type LifecycleOutcome,
  nextCampaignStatus,
  type PlacementAction,
  refusalOf,
} from '@machines/campaignLifecycle';
import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../db/connect';
import { campaigns } from '../db/schema';
import { inTransaction, type TxDatabase } from '../db/transaction';
import { HttpError } from '../http/errors';
import { cancelCampaignBookings } from './bookings';

/**
 * The server side of the campaign lifecycle chart (machines/campaignLifecycle): every change of
 * `campaigns.status` goes through `moveCampaign` (a person's request, 409 when the chart refuses) or
 * `settleCampaign` (a job's outcome, ignored when the campaign has moved on, e.g. a delete won), inside
 * the transaction that changes the row.
 */

/** A rule of the product refuses the action: 409 (the state forbids it) or 422 (the campaign is incomplete). */
const listed = (names: readonly string[]) =>
  names.length > 1 ? `${names.slice(0, -1).join(', ')} and ${names.at(-1)}` : (names[0] ?? '');

export function businessError(status: 409 | 422, errorCode: string, message: string): HttpError {
  return new HttpError(status, message, { errorCode, businessError: { message } });
}

type RequestAction = Exclude<CampaignAction, 'edit'>;

/** 409 with the chart's reason when `action` is not allowed in `status`. */
export function assertActionAllowed(status: string, action: RequestAction): void {
  const refusal = refusalOf(status as CampaignStatus, action);
  if (refusal) throw businessError(409, refusal.errorCode, refusal.message);
}

/**
 * 409 with the chart's reason when one of `fields` may not change in `status`, or when an applied change is
 * still on its way to the platforms (`applying`).
 */
export function assertEditAllowed(status: string, fields: readonly CampaignField[], applying = false): void {
  if (fields.length === 0) return;
  const refusal = editRefusalOf(status as CampaignStatus, fields, applying);
  if (refusal) throw businessError(409, refusal.errorCode, refusal.message);
}

/**
 * The data API's PATCH of a live campaign (issue 28): its name and customer only. What runs changes as a
 * reviewed change in the planning wizard, where delivered days and spent money are checked and Apply
 * changes sends it to the platforms; a PATCH would change the plan behind both.
 */
export function assertBookkeepingWhileLive(status: string, fields: readonly CampaignField[]): void {
  if (!LIVE_STATUSES.includes(status as CampaignStatus)) return;
  const plan = fields.filter((field) => field !== 'name' && field !== 'customerId');
  if (plan.length === 0) return;
  const message = `This campaign is ${status}: change its ${listed(plan.map((f) => CAMPAIGN_FIELD_LABELS[f]))} in the planning wizard, as a change you review and apply.`;
  throw businessError(409, CAMPAIGN_ERROR_CODES.fieldLocked, message);
}

/**
 * A person's request on a locked row: the chart's next status is written (409 when it refuses).
 * Returns the new status; the caller has checked the action first with `assertActionAllowed` when it
 * must refuse before a step-up.
 */
export async function moveCampaign(
  tx: TxDatabase,
  row: { id: string; status: string },
  action: RequestAction,
  event: CampaignLifecycleEvent,
): Promise<LifecycleOutcome> {
  assertActionAllowed(row.status, action);
  const next = nextCampaignStatus(row.status as CampaignStatus, event);
  if (next && next !== row.status && next !== 'deleted') {
    await tx.update(campaigns).set({ status: next, updatedAt: sql`now()` }).where(eq(campaigns.id, row.id));
  }
  return next;
}

/**
 * A person's request for one platform's placement (`placement.pause` / `placement.resume`) on a locked
 * row: the chart's next status (`pausing` / `resuming`) is written. The caller has checked it first with
 * `placementRefusalOf` (both charts); a refusal here is a bug.
 */
export async function moveCampaignForPlacement(
  tx: TxDatabase,
  row: { id: string; status: string },
  action: PlacementAction,
): Promise<LifecycleOutcome> {
  const event: CampaignLifecycleEvent = { type: action === 'pause' ? 'placement.pause' : 'placement.resume' };
  const next = nextCampaignStatus(row.status as CampaignStatus, event);
  if (next === null) throw new Error(`A ${row.status} campaign cannot take ${event.type}`);
  if (next !== row.status && next !== 'deleted') {
    await tx.update(campaigns).set({ status: next, updatedAt: sql`now()` }).where(eq(campaigns.id, row.id));
  }
  return next;
}

/**
 * A job's outcome (`launch.succeeded`, `delete.failed`, `schedule.ended`…): applied when the chart
 * allows it from the campaign's current status, in one transaction with the row locked. `deleted`
 * removes the row. Returns the new status, or null when the chart refused (nothing changed).
 */
export async function settleCampaign(
  db: Database,
  campaignId: string,
  event: CampaignLifecycleEvent,
  /** More writes that belong to the move, in its transaction (run only when the chart allowed it). */
  alongside?: (tx: TxDatabase) => Promise<void>,
): Promise<LifecycleOutcome> {
  return inTransaction(db, async (tx) => {
    const [row] = await tx
      .select({ status: campaigns.status })
      .from(campaigns)
      .where(eq(campaigns.id, campaignId))
      .for('update');
    if (!row) return null;
    const next = nextCampaignStatus(row.status as CampaignStatus, event);
    if (next === null) return null;
    const mine = and(eq(campaigns.id, campaignId), eq(campaigns.status, row.status));
    if (next === 'deleted') {
      // Its bookings are released first: the row's delete unlinks them (campaign_id set null).
      await cancelCampaignBookings(tx, campaignId);
      await tx.delete(campaigns).where(mine);
    } else if (next !== row.status)
      await tx.update(campaigns).set({ status: next, updatedAt: sql`now()` }).where(mine);
    await alongside?.(tx);
    return next;
  });
}

import { displayNameOf } from '@contract/reference';
import { and, eq, sql } from 'drizzle-orm';
import { confirmBookings } from '../campaignRules/bookings';
import { loadPlatformRows } from '../campaigns/platformRows';
import type { CampaignRow, PlatformRow } from '../db/rows';
import { campaignPlatforms } from '../db/schema';
import { inTransaction } from '../db/transaction';
import { noticeOfPlatformFailure } from '../notifications/systemNotices';
import { platformRequest } from '../planning/adSet';
import { RUNNING_PLACEMENTS } from '../planning/live';
import { PlatformError } from '../platforms/connector';
import {
  callOptions,
  connectorFor,
  loadCampaign,
  type PassContext,
  type PassResult,
  type RoundResult,
  retryDelayMs,
  runRounds,
} from './common';

/**
 * One pass of the update job (issue 28): sends the campaign's applied change to every platform that runs
 * it and has not taken it yet, one call each, then stops. The plan cannot change while the update is on
 * its way (the lifecycle chart's `applying`), so the request built from it is the applied change.
 *
 * Exactly once: the update key is the placement's launch key with the change's hash, the same on every
 * retry and in every process, and a platform applies one key once. The placement's `applied_hash` is
 * written as soon as the platform answers; a pass cut off before that sends the same key again.
 */
export function updatePass(ctx: PassContext, campaignId: string): Promise<PassResult> {
  return runRounds(ctx, () => updateRound(ctx, campaignId));
}

export const updateKeyOf = (row: Pick<PlatformRow, 'launchKey'>, hash: string) =>
  `${row.launchKey}:${hash.slice(0, 32)}`;

const isOwed = (row: PlatformRow, hash: string) =>
  (RUNNING_PLACEMENTS as readonly string[]).includes(row.status) &&
  row.appliedHash !== hash &&
  row.updateError === null;

async function updateRound(ctx: PassContext, campaignId: string): Promise<RoundResult> {
  const campaign = await loadCampaign(ctx.db, campaignId);
  const hash = campaign?.liveHash;
  if (!campaign || !hash) return { done: true };
  for (const row of await loadPlatformRows(ctx.db, campaignId)) {
    ctx.signal.throwIfAborted();
    if (!isOwed(row, hash) || (row.updateNextAt && row.updateNextAt.getTime() > Date.now())) continue;
    await updateStep(ctx, campaign, hash, row);
  }
  const open = (await loadPlatformRows(ctx.db, campaignId)).filter((row) => isOwed(row, hash));
  if (open.length === 0) return { done: true };
  const due = Math.min(...open.map((row) => row.updateNextAt?.getTime() ?? Date.now()));
  return { waitUntil: new Date(Math.max(Date.now(), due)) };
}

async function updateStep(ctx: PassContext, campaign: CampaignRow, hash: string, row: PlatformRow) {
  const connector = connectorFor(ctx, row.platformKey);
  const attempts = row.updateAttempts + 1;
  const mine = and(
    eq(campaignPlatforms.campaignId, row.campaignId),
    eq(campaignPlatforms.platformKey, row.platformKey),
  );
  try {
    await ctx.db.update(campaignPlatforms).set({ updateAttempts: attempts }).where(mine);
    const call = await callOptions(ctx, campaign.accountId, row.platformKey);
    if (!row.externalId)
      throw new PlatformError(row.platformKey, 'not_found', 'The platform has no id for it.');
    const request = await platformRequest(ctx.db, connector, campaign, updateKeyOf(row, hash), call);
    await connector.update(row.externalId, request, call);
    await inTransaction(ctx.db, async (tx) => {
      await tx
        .update(campaignPlatforms)
        .set({ appliedHash: hash, updateError: null, updateNextAt: null, updatedAt: sql`now()` })
        .where(mine);
      // The platform runs the change: its new flights' bookings are firm, like a launch's.
      if (row.status !== 'in_review') await confirmBookings(tx, campaign.id, row.platformKey);
    });
  } catch (error) {
    if (!(error instanceof PlatformError)) throw error;
    await ctx.connections.noteFailure(campaign.accountId, error);
    if (error.retryable && attempts < ctx.settings.maxAttempts) {
      await ctx.db
        .update(campaignPlatforms)
        .set({
          updateNextAt: new Date(Date.now() + retryDelayMs(ctx.settings, error, attempts)),
          updatedAt: sql`now()`,
        })
        .where(mine);
      return;
    }
    const gaveUp = error.retryable ? ` Gave up after ${attempts} attempts.` : '';
    const reason = `${displayNameOf(row.platformKey)} did not take the change: ${error.message}${gaveUp}`;
    await inTransaction(ctx.db, async (tx) => {
      await tx
        .update(campaignPlatforms)
        .set({ updateError: reason, updateNextAt: null, updatedAt: sql`now()` })
        .where(mine);
      await noticeOfPlatformFailure(
        tx,
        campaign,
        [{ platformKey: row.platformKey, lastError: reason }],
        'update',
      );
    });
  }
}

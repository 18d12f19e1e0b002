import { settleCampaign } from '../campaignRules/lifecycle';
import { loadPlatformRows } from '../campaigns/platformRows';
import type { CampaignRow, PlatformRow } from '../db/rows';
import { campaignPlatforms } from '../db/schema';
import { noticeOfPlatformFailure } from '../notifications/systemNotices';
import { platformRequest } from '../planning/adSet';
import { type PlatformCampaign, PlatformError } from '../platforms/connector';
import {
  callOptions,
  connectorFor,
  earliestDue,
  ignoreNotFound,
  isBeforeStart,
  isDue,
  isRunning,
  loadCampaign,
  movePlacement,
  newLaunchKey,
  type PassContext,
  type PassResult,
  type RoundResult,
  retryDelayMs,
  runRounds,
  startScheduledPlacements,
  updatePlatformRow,
} from './common';

/**
 * One pass of the launch job: brings every platform of a `launching` campaign one step further
 * (validate + launch → `in_review` → `active` or `rejected`; `scheduled` instead of `active` while the
 * campaign's first flight has not started), then sets the campaign `active` or `scheduled` (all platforms
 * run) or `failed` (one was rejected or failed; the reason stays on its row).
 *
 * Every step is idempotent, so a pass may be cut off anywhere and run again:
 * - the attempt is counted, then the platform called with the row's launch key (its idempotency key),
 *   then the external id stored at once; a platform already `in_review`/`active` is never launched again;
 * - campaign writes are conditional on the campaign still being `launching` (a delete request wins).
 */
export function launchPass(ctx: PassContext, campaignId: string): Promise<PassResult> {
  return runRounds(ctx, () => launchRound(ctx, campaignId));
}

const TERMINAL = new Set(['active', 'scheduled', 'rejected', 'failed']);

async function launchRound(ctx: PassContext, campaignId: string): Promise<RoundResult> {
  const campaign = await loadCampaign(ctx.db, campaignId);
  if (campaign?.status !== 'launching') return { done: true };
  const beforeStart = await isBeforeStart(ctx.db, campaignId);
  let rows = await targetRows(ctx, campaign);
  for (const row of rows) {
    ctx.signal.throwIfAborted();
    if (TERMINAL.has(row.status) || !isDue(row)) continue;
    await launchStep(ctx, campaign, row, beforeStart);
  }
  rows = await targetRows(ctx, campaign);
  const open = rows.filter((row) => !TERMINAL.has(row.status));
  if (open.length > 0) return { waitUntil: earliestDue(open) };
  const allRunning = rows.every((row) => isRunning(row.status));
  // Through the lifecycle chart: ignored when the campaign left launching meanwhile (a delete won).
  // A failed launch is told to the account's planners once, in the move to failed (docs/notifications.md).
  const failed = rows.filter((row) => !isRunning(row.status));
  await settleCampaign(
    ctx.db,
    campaignId,
    allRunning ? { type: 'launch.succeeded', beforeStart } : { type: 'launch.failed' },
    allRunning
      ? beforeStart
        ? undefined
        : (tx) => startScheduledPlacements(tx, campaignId) // approved before the start, settled after it
      : (tx) => noticeOfPlatformFailure(tx, campaign, failed),
  );
  return { done: true };
}

/** The rows of the campaign's platforms (created if the platform list changed since the request). */
async function targetRows(ctx: PassContext, campaign: CampaignRow): Promise<PlatformRow[]> {
  const rows = await loadPlatformRows(ctx.db, campaign.id);
  const missing = campaign.platforms.filter((key) => !rows.some((row) => row.platformKey === key));
  if (missing.length > 0) {
    await ctx.db
      .insert(campaignPlatforms)
      .values(missing.map((platformKey) => ({ campaignId: campaign.id, platformKey })))
      .onConflictDoNothing();
    return targetRows(ctx, campaign);
  }
  return rows.filter((row) => campaign.platforms.includes(row.platformKey));
}

async function launchStep(ctx: PassContext, campaign: CampaignRow, row: PlatformRow, beforeStart: boolean) {
  const connector = connectorFor(ctx, row.platformKey);
  const phase = row.status === 'pending' ? 'launch' : 'status';
  let current = row;
  try {
    const call = await callOptions(ctx, campaign.accountId, row.platformKey);
    if (row.status === 'pending') {
      if (row.externalId) {
        // Left over from a rejected launch: remove it before submitting the campaign again.
        await ignoreNotFound(connector.delete(row.externalId, call));
        await updatePlatformRow(ctx.db, row, { externalId: null });
      }
      current = { ...row, externalId: null, attempts: row.attempts + 1 };
      // The plan cannot change while launching: what is sent is the live plan (issue 28).
      await updatePlatformRow(ctx.db, row, { attempts: current.attempts, appliedHash: campaign.liveHash });
      const request = await platformRequest(ctx.db, connector, campaign, row.launchKey, call);
      await connector.validate(request, call);
      await applyPlatformState(ctx, current, await connector.launch(request, call), beforeStart);
    } else if (row.status === 'in_review' && row.externalId) {
      await applyPlatformState(ctx, current, await connector.status(row.externalId, call), beforeStart);
    } else {
      await movePlacement(ctx.db, row, { type: 'platform.lost' }); // in review without an id: launch it
    }
  } catch (error) {
    if (!(error instanceof PlatformError)) throw error;
    await ctx.connections.noteFailure(campaign.accountId, error);
    await recordFailure(ctx, current, error, phase);
  }
}

/** Stores what the platform said, external id first: from here on the platform is never launched again. */
async function applyPlatformState(
  ctx: PassContext,
  row: PlatformRow,
  state: PlatformCampaign,
  beforeStart: boolean,
) {
  switch (state.status) {
    case 'in_review': {
      const changes = {
        externalId: state.externalId,
        lastError: null,
        nextAttemptAt: new Date(Date.now() + ctx.settings.statusPollMs),
      };
      // Still in review at a status check: the placement stays where it is.
      if (row.status === 'in_review') return updatePlatformRow(ctx.db, row, changes);
      return movePlacement(ctx.db, row, { type: 'platform.submitted' }, changes);
    }
    case 'active':
    case 'paused':
      return movePlacement(
        ctx.db,
        row,
        { type: 'platform.approved', beforeStart },
        { externalId: state.externalId, lastError: null, nextAttemptAt: null },
      );
    case 'rejected':
      return movePlacement(
        ctx.db,
        row,
        { type: 'platform.rejected' },
        {
          externalId: state.externalId,
          lastError: state.reason ?? 'The platform rejected the campaign.',
          nextAttemptAt: null,
        },
      );
    case 'deleted':
      return recordFailure(
        ctx,
        row,
        new PlatformError(row.platformKey, 'not_found', 'The campaign was deleted on the platform.'),
        'status',
      );
  }
}

async function recordFailure(
  ctx: PassContext,
  row: PlatformRow,
  error: PlatformError,
  phase: 'launch' | 'status',
) {
  if (error.kind === 'not_found') {
    // The platform lost the campaign: submit it again under a new key (bounded by maxAttempts).
    const changes = {
      externalId: null,
      launchKey: newLaunchKey(),
      lastError: error.message,
      nextAttemptAt: null,
    };
    if (row.status === 'pending') return updatePlatformRow(ctx.db, row, changes);
    return movePlacement(ctx.db, row, { type: 'platform.lost' }, changes);
  }
  if (error.retryable) {
    if (phase === 'launch' && row.attempts >= ctx.settings.maxAttempts) {
      return movePlacement(
        ctx.db,
        row,
        { type: 'platform.failed' },
        { lastError: `${error.message} Gave up after ${row.attempts} attempts.`, nextAttemptAt: null },
      );
    }
    const delay =
      phase === 'launch'
        ? retryDelayMs(ctx.settings, error, row.attempts)
        : Math.max(ctx.settings.statusPollMs, retryDelayMs(ctx.settings, error, 1));
    return updatePlatformRow(ctx.db, row, {
      lastError: error.message,
      nextAttemptAt: new Date(Date.now() + delay),
    });
  }
  // validation, credentials_expired: retrying cannot help; the user fixes it and launches again.
  return movePlacement(
    ctx.db,
    row,
    { type: 'platform.failed' },
    { lastError: error.message, nextAttemptAt: null },
  );
}

import { displayNameOf } from '@contract/reference';
import type { CampaignLifecycleEvent, PlacementEvent } from '@machines/campaignLifecycle';
import { settleCampaign } from '../campaignRules/lifecycle';
import { loadPlatformRows } from '../campaigns/platformRows';
import type { PlatformRow } from '../db/rows';
import { noticeOfPlatformFailure } from '../notifications/systemNotices';
import { PlatformError } from '../platforms/connector';
import {
  callOptions,
  connectorFor,
  earliestDue,
  isBeforeStart,
  isDue,
  isRunning,
  loadCampaign,
  movePlacement,
  type PassContext,
  type PassResult,
  type RoundResult,
  retryDelayMs,
  runRounds,
  startScheduledPlacements,
  updatePlatformRow,
} from './common';

export type ToggleKind = 'pause' | 'resume';

const PLAN = {
  pause: {
    campaign: 'pausing',
    /** What the job moves: a placement that runs (delivering, or waiting for its start). */
    from: ['active', 'scheduled'],
    /** What the platform answers once it followed. */
    to: 'paused',
    verb: 'pause',
  },
  resume: {
    campaign: 'resuming',
    from: ['paused'],
    to: 'active',
    verb: 'resume',
  },
} as const;

/**
 * One pass of the pause or resume job: asks each platform of a `pausing` (`resuming`) campaign to pause
 * (resume) it — or only `platformKey`'s, when a person paused or resumed one platform — moving each
 * placement as the platform confirms, then settles the campaign through the lifecycle chart, which makes
 * its status follow the placements: `paused` when none runs any more, else running (`active`, or
 * `scheduled` while the first flight has not started). A refusing platform keeps its reason on its row.
 * Pausing twice is harmless on every platform, so a pass may be cut off anywhere and run again.
 *
 * A placement still to move has no `lastError`, or one with a retry due; a refused one keeps its
 * `lastError` with no retry due.
 */
export function togglePass(
  ctx: PassContext,
  campaignId: string,
  kind: ToggleKind,
  platformKey?: string,
): Promise<PassResult> {
  return runRounds(ctx, () => toggleRound(ctx, campaignId, kind, platformKey));
}

const isFrom = (row: PlatformRow, kind: ToggleKind) =>
  (PLAN[kind].from as readonly string[]).includes(row.status);
const isOpen = (row: PlatformRow, kind: ToggleKind) =>
  isFrom(row, kind) && (row.lastError === null || row.nextAttemptAt !== null);

/** The lifecycle event that settles a pause or resume job, with what it left behind. */
export function toggleOutcome(
  kind: ToggleKind,
  followed: boolean,
  rows: readonly PlatformRow[],
  beforeStart: boolean,
): CampaignLifecycleEvent {
  const running = rows.some((row) => isRunning(row.status));
  if (kind === 'pause')
    return followed
      ? { type: 'pause.succeeded', running, beforeStart }
      : { type: 'pause.failed', beforeStart };
  return followed
    ? { type: 'resume.succeeded', beforeStart }
    : { type: 'resume.failed', running, beforeStart };
}

async function toggleRound(
  ctx: PassContext,
  campaignId: string,
  kind: ToggleKind,
  platformKey: string | undefined,
): Promise<RoundResult> {
  const plan = PLAN[kind];
  const campaign = await loadCampaign(ctx.db, campaignId);
  if (campaign?.status !== plan.campaign) return { done: true };
  const beforeStart = await isBeforeStart(ctx.db, campaignId);
  const isTarget = (row: PlatformRow) => platformKey === undefined || row.platformKey === platformKey;
  let rows = await loadPlatformRows(ctx.db, campaignId);
  for (const row of rows) {
    ctx.signal.throwIfAborted();
    if (!isTarget(row) || !isOpen(row, kind) || !isDue(row)) continue;
    await toggleStep(ctx, campaign.accountId, row, kind, beforeStart);
  }
  rows = await loadPlatformRows(ctx.db, campaignId);
  const open = rows.filter((row) => isTarget(row) && isOpen(row, kind));
  if (open.length > 0) return { waitUntil: earliestDue(open) };
  // A pause or resume some platform refused is told to the planners, once, in the move back.
  const refused = rows.filter((row) => isTarget(row) && isFrom(row, kind));
  const followed = refused.length === 0;
  await settleCampaign(ctx.db, campaignId, toggleOutcome(kind, followed, rows, beforeStart), async (tx) => {
    if (!followed) await noticeOfPlatformFailure(tx, campaign, refused, kind);
    if (!beforeStart) await startScheduledPlacements(tx, campaignId);
  });
  return { done: true };
}

async function toggleStep(
  ctx: PassContext,
  accountId: string,
  row: PlatformRow,
  kind: ToggleKind,
  beforeStart: boolean,
) {
  const plan = PLAN[kind];
  const connector = connectorFor(ctx, row.platformKey);
  const attempts = row.attempts + 1;
  try {
    await updatePlatformRow(ctx.db, row, { attempts });
    const call = await callOptions(ctx, accountId, row.platformKey);
    if (!row.externalId)
      throw new PlatformError(row.platformKey, 'not_found', 'The platform has no id for it.');
    const state =
      kind === 'pause'
        ? await connector.pause(row.externalId, call)
        : await connector.resume(row.externalId, call);
    if (state.status !== plan.to) {
      throw new PlatformError(row.platformKey, 'validation', `The platform reports it ${state.status}.`);
    }
    const moved: PlacementEvent =
      kind === 'pause' ? { type: 'platform.paused' } : { type: 'platform.resumed', beforeStart };
    await movePlacement(ctx.db, row, moved, { attempts, lastError: null, nextAttemptAt: null });
  } catch (error) {
    if (!(error instanceof PlatformError)) throw error;
    await ctx.connections.noteFailure(accountId, error);
    if (error.retryable && attempts < ctx.settings.maxAttempts) {
      await updatePlatformRow(ctx.db, row, {
        lastError: error.message,
        nextAttemptAt: new Date(Date.now() + retryDelayMs(ctx.settings, error, attempts)),
      });
      return;
    }
    const gaveUp = error.retryable ? ` Gave up after ${attempts} attempts.` : '';
    await updatePlatformRow(ctx.db, row, {
      lastError: `Could not ${plan.verb} the campaign on ${displayNameOf(row.platformKey)}: ${error.message}${gaveUp}`,
      nextAttemptAt: null,
    });
  }
}

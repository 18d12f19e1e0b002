import { displayNameOf } from '@contract/reference';
import { settleCampaign } from '../campaignRules/lifecycle';
import { loadPlatformRows } from '../campaigns/platformRows';
import type { PlatformRow } from '../db/rows';
import { noticeOfPlatformFailure } from '../notifications/systemNotices';
import { PlatformError } from '../platforms/connector';
import {
  callOptions,
  connectorFor,
  earliestDue,
  isDue,
  loadCampaign,
  movePlacement,
  type PassContext,
  type PassResult,
  type RoundResult,
  retryDelayMs,
  runRounds,
  updatePlatformRow,
} from './common';

export type ToggleKind = 'pause' | 'resume';

const PLAN = {
  pause: {
    campaign: 'pausing',
    from: 'active',
    to: 'paused',
    moved: { type: 'platform.paused' },
    succeeded: { type: 'pause.succeeded' },
    failed: { type: 'pause.failed' },
    verb: 'pause',
  },
  resume: {
    campaign: 'resuming',
    from: 'paused',
    to: 'active',
    moved: { type: 'platform.resumed' },
    succeeded: { type: 'resume.succeeded' },
    failed: { type: 'resume.failed' },
    verb: 'resume',
  },
} as const;

/**
 * One pass of the pause or resume job: asks each platform of a `pausing` (`resuming`) campaign to pause
 * (resume) it, moving each placement as the platform confirms, then settles the campaign through the
 * lifecycle chart: `paused` (`active`) when every platform followed, else back where it was, with the
 * refusing platform's reason on its row. Pausing twice is harmless on every platform, so a pass may be
 * cut off anywhere and run again.
 *
 * A placement still to move has no `lastError`, or one with a retry due; a refused one keeps its
 * `lastError` with no retry due.
 */
export function togglePass(ctx: PassContext, campaignId: string, kind: ToggleKind): Promise<PassResult> {
  return runRounds(ctx, () => toggleRound(ctx, campaignId, kind));
}

const isOpen = (row: PlatformRow, from: string) =>
  row.status === from && (row.lastError === null || row.nextAttemptAt !== null);

async function toggleRound(ctx: PassContext, campaignId: string, kind: ToggleKind): Promise<RoundResult> {
  const plan = PLAN[kind];
  const campaign = await loadCampaign(ctx.db, campaignId);
  if (campaign?.status !== plan.campaign) return { done: true };
  let rows = await loadPlatformRows(ctx.db, campaignId);
  for (const row of rows) {
    ctx.signal.throwIfAborted();
    if (!isOpen(row, plan.from) || !isDue(row)) continue;
    await toggleStep(ctx, campaign.accountId, row, kind);
  }
  rows = await loadPlatformRows(ctx.db, campaignId);
  const open = rows.filter((row) => isOpen(row, plan.from));
  if (open.length > 0) return { waitUntil: earliestDue(open) };
  const followed = rows.every((row) => row.status !== plan.from);
  // A pause or resume some platform refused is told to the planners, once, in the move back.
  const refused = rows.filter((row) => row.status === plan.from);
  await settleCampaign(
    ctx.db,
    campaignId,
    followed ? plan.succeeded : plan.failed,
    followed ? undefined : (tx) => noticeOfPlatformFailure(tx, campaign, refused, kind),
  );
  return { done: true };
}

async function toggleStep(ctx: PassContext, accountId: string, row: PlatformRow, kind: ToggleKind) {
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
    await movePlacement(ctx.db, row, plan.moved, { attempts, lastError: null, nextAttemptAt: null });
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

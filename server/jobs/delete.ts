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
  ignoreNotFound,
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

/**
 * One pass of the delete job: removes a `deleting` campaign from every platform it reached, then the
 * campaign row itself (its platform rows go with it). A platform that refuses (expired credentials)
 * leaves its row `failed` with the reason and the campaign `failed`, so the user can delete again.
 *
 * A platform row without an external id is looked up by its launch key first: a launch may have
 * reached the platform just before a crash, before the id was stored.
 */
export function deletePass(ctx: PassContext, campaignId: string): Promise<PassResult> {
  return runRounds(ctx, () => deleteRound(ctx, campaignId));
}

const TERMINAL = new Set(['deleted', 'failed']);

async function deleteRound(ctx: PassContext, campaignId: string): Promise<RoundResult> {
  const campaign = await loadCampaign(ctx.db, campaignId);
  if (campaign?.status !== 'deleting') return { done: true };
  let rows = await loadPlatformRows(ctx.db, campaignId);
  for (const row of rows) {
    ctx.signal.throwIfAborted();
    if (TERMINAL.has(row.status) || !isDue(row)) continue;
    await deleteStep(ctx, campaign.accountId, row);
  }
  rows = await loadPlatformRows(ctx.db, campaignId);
  const open = rows.filter((row) => !TERMINAL.has(row.status));
  if (open.length > 0) return { waitUntil: earliestDue(open) };
  // Through the lifecycle chart: `deleted` removes the row (its placements go with it).
  const succeeded = rows.every((row) => row.status === 'deleted');
  const kept = rows.filter((row) => row.status !== 'deleted');
  await settleCampaign(
    ctx.db,
    campaignId,
    { type: succeeded ? 'delete.succeeded' : 'delete.failed' },
    succeeded ? undefined : (tx) => noticeOfPlatformFailure(tx, campaign, kept, 'delete'),
  );
  return { done: true };
}

async function deleteStep(ctx: PassContext, accountId: string, row: PlatformRow) {
  const connector = connectorFor(ctx, row.platformKey);
  const attempts = row.attempts + 1;
  try {
    await updatePlatformRow(ctx.db, row, { attempts });
    const call = await callOptions(ctx, accountId, row.platformKey);
    let externalId = row.externalId;
    if (!externalId) {
      externalId = (await connector.findByReference(row.launchKey, call))?.externalId ?? null;
      if (externalId) await updatePlatformRow(ctx.db, row, { externalId });
    }
    if (externalId) await ignoreNotFound(connector.delete(externalId, call));
    await movePlacement(ctx.db, row, { type: 'platform.deleted' }, { lastError: null, nextAttemptAt: null });
  } catch (error) {
    if (!(error instanceof PlatformError)) throw error;
    await ctx.connections.noteFailure(accountId, error);
    const reason = `Could not delete the campaign on ${displayNameOf(row.platformKey)}: ${error.message}`;
    if (error.retryable && attempts < ctx.settings.maxAttempts) {
      await updatePlatformRow(ctx.db, row, {
        lastError: error.message,
        nextAttemptAt: new Date(Date.now() + retryDelayMs(ctx.settings, error, attempts)),
      });
    } else {
      const gaveUp = error.retryable ? ` Gave up after ${attempts} attempts.` : '';
      await movePlacement(
        ctx.db,
        row,
        { type: 'platform.failed' },
        { lastError: reason + gaveUp, nextAttemptAt: null },
      );
    }
  }
}

import { type LaunchBlocker, LaunchReadinessSchema } from '@contract/campaigns';
import { requestJson } from './http';

/**
 * GET /data/campaigns/launch-readiness?campaignId=…: why each of `ids` that its status lets launch cannot
 * launch now (null: it can). Campaigns the server left out (another status) are not in the map.
 */
export async function loadLaunchReadiness(
  ids: readonly string[],
  signal?: AbortSignal,
): Promise<Map<string, LaunchBlocker | null>> {
  if (ids.length === 0) return new Map();
  const search = new URLSearchParams(ids.map((id) => ['campaignId', id]));
  const answer = await requestJson('GET', 'data/campaigns/launch-readiness', LaunchReadinessSchema, {
    searchParams: search,
    signal,
  });
  return new Map(answer.map((entry) => [entry.campaignId, entry.blocker]));
}

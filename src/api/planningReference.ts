import {
  type AudienceEstimateAnswer,
  type AudienceEstimateRequest,
  AudienceEstimatesSchema,
  type Interest,
  InterestListSchema,
  type PlatformRules,
  PlatformRulesListSchema,
  type RulesByPlatform,
} from '@contract/planning';
import { requestJson } from './http';

/** The planning wizard's reference calls: the platforms' rules, their interests, audience estimates. */

/** GET /planning/platforms: every platform's rules, in reference order. */
export function loadPlatformRules(): Promise<PlatformRules[]> {
  return requestJson('GET', 'planning/platforms', PlatformRulesListSchema);
}

/** The same rules by platform key, as the wizard's checks take them. */
export async function loadRulesByPlatform(): Promise<RulesByPlatform> {
  return Object.fromEntries((await loadPlatformRules()).map((rules) => [rules.key, rules]));
}

/** GET /planning/platforms/{key}/interests?q=&limit=: the platform's taxonomy searched on the server. */
export function searchInterests(
  platform: string,
  query: string,
  limit = 20,
  signal?: AbortSignal,
): Promise<Interest[]> {
  return requestJson(
    'GET',
    `planning/platforms/${encodeURIComponent(platform)}/interests`,
    InterestListSchema,
    { searchParams: { q: query, limit }, signal },
  );
}

/** POST /planning/audience-estimates: each platform's reach for an audience as typed. */
export function estimateAudience(
  request: AudienceEstimateRequest,
  signal?: AbortSignal,
): Promise<AudienceEstimateAnswer[]> {
  return requestJson('POST', 'planning/audience-estimates', AudienceEstimatesSchema, {
    json: request,
    signal,
  });
}

import * as v from 'valibot';

/**
 * `GET /planning/wizard/{campaignId}/preflight`: each platform's validate-only answer to the plan as it
 * would be launched now (its budget, audience, bidding and flights), for the review's pre-flight checks.
 */
export const PREFLIGHT_RESULTS = ['passed', 'refused', 'unavailable', 'not_connected'] as const;
export type PreflightResult = (typeof PREFLIGHT_RESULTS)[number];

export const PreflightCheckSchema = v.object({
  platform: v.string(),
  displayName: v.string(),
  /**
   * passed: the platform would take it; refused: it would not (message says why); unavailable: no answer;
   * not_connected: the account has not connected it, or must reconnect it (connect it under /platforms).
   */
  result: v.picklist(PREFLIGHT_RESULTS),
  /** With `not_connected`: never connected, or a connection that must be made again ("Reconnect Meta"). */
  connection: v.optional(v.picklist(['not_connected', 'needs_reconnect'])),
  message: v.nullable(v.string()),
  /**
   * A live campaign's change (issue 28): what the platform warns about it though it would take it (a budget
   * change limit, a learning phase that starts again), in its words. Empty for a launch.
   */
  warnings: v.optional(v.array(v.string())),
});
export type PreflightCheck = v.InferOutput<typeof PreflightCheckSchema>;
export const PreflightSchema = v.array(PreflightCheckSchema);

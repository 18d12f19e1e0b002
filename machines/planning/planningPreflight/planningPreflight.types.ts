import type { PreflightCheck } from '@contract/planning';

/**
 * Types of the review's pre-flight (`planningPreflight`): each platform's validate-only answer to the
 * plan as the launch would send it (GET /planning/wizard/{campaignId}/preflight).
 */

export interface PlanningPreflightInput {
  campaignId: string;
}

export interface LoadPreflightInput {
  campaignId: string;
}

export interface PlanningPreflightContext {
  campaignId: string;
  /** The platforms' last answers; kept on screen while they are asked again. */
  checks: PreflightCheck[] | null;
  /** Why the last request failed (an ApiError or a network error). */
  error: unknown;
}

export type PlanningPreflightEvent =
  /** "Check again": the plan changed elsewhere, or a platform was unavailable. */
  { type: 'preflight.recheck' };

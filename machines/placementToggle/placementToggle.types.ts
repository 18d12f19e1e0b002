/**
 * Types of the campaign page's per-platform pause and resume (`placementToggle`): one platform's row asks
 * the server to pause or resume the campaign there (resuming through the step-up), then the page follows
 * the job.
 */
import type { PlacementAction } from '../campaignLifecycle/campaignLifecycle.types';

export type { PlacementAction };

/** What is sent: POST /api/campaigns/{campaignId}/platforms/{platformKey}/{action}. */
export interface PlacementRequest {
  campaignId: string;
  platformKey: string;
  action: PlacementAction;
}

export interface PlacementToggleInput {
  campaignId: string;
}

export interface PlacementToggleContext {
  campaignId: string;
  /** The request on its way (while sending), with the platform's name for the messages. */
  request: { platformKey: string; platformName: string; action: PlacementAction } | null;
  /** Why the last request was refused, shown in its platform's row. */
  refusal: { platformKey: string; message: string } | null;
}

export type PlacementToggleEvent =
  | { type: 'platform.pause'; platformKey: string; platformName: string }
  | { type: 'platform.resume'; platformKey: string; platformName: string };

/** The server took the request: the page follows the campaign while the job runs. */
export type PlacementToggleEmitted = { type: 'placement.sent'; platformKey: string; action: PlacementAction };

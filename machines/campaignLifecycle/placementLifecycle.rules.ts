import type { CampaignPlatformStatus } from '@contract/campaigns';
import { transition } from 'xstate';
import { type PlacementEvent, placementLifecycleMachine } from './placementLifecycle.machine';

/** The placement's next status on an event, or null when the chart has no such transition there. */
export function nextPlacementStatus(
  status: CampaignPlatformStatus,
  event: PlacementEvent,
): CampaignPlatformStatus | null {
  const snapshot = placementLifecycleMachine.resolveState({ value: status });
  if (!snapshot.can(event)) return null;
  const [next] = transition(placementLifecycleMachine, snapshot, event);
  return next.value as CampaignPlatformStatus;
}

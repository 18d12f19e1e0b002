/**
 * What each status of a campaign's placement on one ad platform promises to the jobs (server/jobs write a
 * placement's status only through `nextPlacementStatus`), written from the spec of the lifecycle: where
 * every event takes a placement from each status, null where the status refuses it.
 */
import type { CampaignPlatformStatus } from '@contract/campaigns';
import {
  nextPlacementStatus,
  type PlacementEvent,
  placementLifecycleMachine,
} from '@machines/campaignLifecycle';
import { defineOracle, expectEqual, type OracleCheck } from '../oracle';

type Move = Exclude<PlacementEvent['type'], 'launch.request'>;
/** `launch.request` is listed twice: when the platform may already hold the placement, and when it does not. */
type Key =
  | Move
  | 'relaunch (on platform)'
  | 'relaunch (not on platform)'
  | 'platform.approved (before start)'
  | 'platform.resumed (before start)';

const KEYS: Key[] = [
  'platform.submitted',
  'platform.approved',
  'platform.approved (before start)',
  'platform.rejected',
  'platform.failed',
  'platform.lost',
  'platform.paused',
  'platform.resumed',
  'platform.resumed (before start)',
  'schedule.started',
  'delete.request',
  'platform.deleted',
  'relaunch (on platform)',
  'relaunch (not on platform)',
];

const eventOf = (key: Key): PlacementEvent =>
  key.endsWith(' (before start)')
    ? ({ type: key.replace(' (before start)', ''), beforeStart: true } as PlacementEvent)
    : key === 'relaunch (on platform)'
      ? { type: 'launch.request', onPlatform: true }
      : key === 'relaunch (not on platform)'
        ? { type: 'launch.request', onPlatform: false }
        : ({ type: key } as PlacementEvent);

/** Where each event takes a placement; anything not listed is refused (the status stays, the job says so). */
const SPEC: Record<CampaignPlatformStatus, Partial<Record<Key, CampaignPlatformStatus>>> = {
  pending: {
    'platform.submitted': 'in_review',
    'platform.approved': 'active',
    // Approved before the campaign's first flight starts: it waits for it.
    'platform.approved (before start)': 'scheduled',
    'platform.rejected': 'rejected',
    'platform.failed': 'failed',
    'delete.request': 'deleting',
    // Waiting for its turn: a relaunch leaves it waiting.
    'relaunch (on platform)': 'pending',
    'relaunch (not on platform)': 'pending',
  },
  in_review: {
    'platform.approved': 'active',
    'platform.approved (before start)': 'scheduled',
    'platform.rejected': 'rejected',
    'platform.failed': 'failed',
    'platform.lost': 'pending',
    'delete.request': 'deleting',
    'relaunch (on platform)': 'in_review',
    'relaunch (not on platform)': 'in_review',
  },
  scheduled: {
    'schedule.started': 'active',
    'platform.paused': 'paused',
    'platform.lost': 'pending',
    'delete.request': 'deleting',
    'relaunch (on platform)': 'scheduled',
    'relaunch (not on platform)': 'scheduled',
  },
  active: {
    'platform.paused': 'paused',
    'platform.lost': 'pending',
    'delete.request': 'deleting',
    // What runs stays.
    'relaunch (on platform)': 'active',
    'relaunch (not on platform)': 'active',
  },
  paused: {
    'platform.resumed': 'active',
    'platform.resumed (before start)': 'scheduled',
    'platform.lost': 'pending',
    'delete.request': 'deleting',
  },
  rejected: {
    'delete.request': 'deleting',
    'relaunch (on platform)': 'pending',
    'relaunch (not on platform)': 'pending',
  },
  failed: {
    'delete.request': 'deleting',
    // Checked again when the platform holds it, submitted again when it never did.
    'relaunch (on platform)': 'in_review',
    'relaunch (not on platform)': 'pending',
  },
  deleting: {
    'platform.deleted': 'deleted',
    'platform.failed': 'failed',
    'delete.request': 'deleting',
  },
  deleted: {
    'relaunch (on platform)': 'pending',
    'relaunch (not on platform)': 'pending',
  },
};

const statusPromises =
  (status: CampaignPlatformStatus): OracleCheck =>
  ({ snapshot }) => {
    // No status ends the chart: a deleted placement comes back on a relaunch.
    expectEqual(snapshot.status, 'active', 'machine status');
    for (const key of KEYS)
      expectEqual(
        nextPlacementStatus(status, eventOf(key)),
        SPEC[status][key] ?? null,
        `${status} on ${key}`,
      );
  };

const keyOf = (event: { type: string; onPlatform?: unknown; beforeStart?: unknown }): Key =>
  event.beforeStart
    ? (`${event.type} (before start)` as Key)
    : event.type === 'launch.request'
      ? event.onPlatform
        ? 'relaunch (on platform)'
        : 'relaunch (not on platform)'
      : (event.type as Move);

export const placementLifecycleOracle = defineOracle(placementLifecycleMachine, {
  states: Object.fromEntries(
    (Object.keys(SPEC) as CampaignPlatformStatus[]).map((status) => [status, statusPromises(status)]),
  ),
  always: ({ snapshot, previous, event, index }) => {
    if (index === 0) {
      expectEqual(snapshot.value, 'pending', 'a new placement');
      return;
    }
    const from = previous!.value as CampaignPlatformStatus;
    expectEqual(snapshot.value, SPEC[from][keyOf(event)], `${from} on ${keyOf(event)}`);
  },
});

import { setup } from 'xstate';

/** What moves a campaign's placement on one ad platform (a `campaign_platforms` row). */
export type PlacementEvent =
  /** The launch job asked the platform to create it; the platform reviews it. */
  | { type: 'platform.submitted' }
  /** `beforeStart`: the campaign's first flight has not started, so the placement waits for it (scheduled). */
  | { type: 'platform.approved'; beforeStart?: boolean }
  | { type: 'platform.rejected' }
  /** A call failed for good (validation, expired credentials, retries used up). */
  | { type: 'platform.failed' }
  /** The platform no longer knows it: it is submitted again. */
  | { type: 'platform.lost' }
  | { type: 'platform.paused' }
  | { type: 'platform.resumed'; beforeStart?: boolean }
  /** The scheduler: the campaign's first flight has started. */
  | { type: 'schedule.started' }
  /**
   * A relaunch: what did not run is submitted again, what runs stays. `onPlatform`: the platform already
   * holds this placement (a failed status check), so it is checked again instead of submitted.
   */
  | { type: 'launch.request'; onPlatform: boolean }
  | { type: 'delete.request' }
  | { type: 'platform.deleted' };

/** Running on the platform: `scheduled` before the campaign's first flight starts, else `active`. */
const running = [{ guard: 'isBeforeStart' as const, target: 'scheduled' }, { target: 'active' }];

/**
 * A campaign's placement on one platform. The launch, pause, resume and delete jobs write a
 * placement's status only through this chart (server/jobs/common.ts `movePlacement`).
 */
export const placementLifecycleMachine = setup({
  types: { events: {} as PlacementEvent },
  guards: {
    isOnPlatform: ({ event }) => event.type === 'launch.request' && event.onPlatform,
    isBeforeStart: ({ event }) => 'beforeStart' in event && event.beforeStart === true,
  },
}).createMachine({
  id: 'placementLifecycle',
  description:
    'A campaign on one ad platform: submitted, reviewed, scheduled until its first flight starts, running, paused, and removed.',
  initial: 'pending',
  states: {
    pending: {
      description: 'Not on the platform yet: waiting for its turn in the launch job, or for a retry.',
      on: {
        'platform.submitted': 'in_review',
        'platform.approved': running,
        'platform.rejected': 'rejected',
        'platform.failed': 'failed',
        'launch.request': 'pending',
        'delete.request': 'deleting',
      },
    },
    in_review: {
      description: 'The platform has the campaign and is reviewing it against its ad policies.',
      on: {
        'platform.approved': running,
        'platform.rejected': 'rejected',
        'platform.failed': 'failed',
        'platform.lost': 'pending',
        'launch.request': 'in_review',
        'delete.request': 'deleting',
      },
    },
    scheduled: {
      description:
        'Approved on the platform, which delivers from the start date: the campaign’s first flight has not started. It becomes active when it does; it can be paused on its own meanwhile.',
      on: {
        'schedule.started': 'active',
        'platform.paused': 'paused',
        'platform.lost': 'pending',
        'launch.request': 'scheduled',
        'delete.request': 'deleting',
      },
    },
    active: {
      description: 'Approved and delivering on the platform.',
      on: {
        'platform.paused': 'paused',
        'platform.lost': 'pending',
        'launch.request': 'active',
        'delete.request': 'deleting',
      },
    },
    paused: {
      description:
        'Paused on the platform (with the whole campaign, or on its own): it delivers nothing until resumed, scheduled again if the first flight has not started.',
      on: {
        'platform.resumed': running,
        'platform.lost': 'pending',
        'delete.request': 'deleting',
      },
    },
    rejected: {
      description: 'The platform refused the campaign (the reason shows); a relaunch submits it again.',
      on: { 'launch.request': 'pending', 'delete.request': 'deleting' },
    },
    failed: {
      description:
        'A call to the platform failed for good (the reason shows); a relaunch checks it again (or submits it, if the platform never had it), a delete tries again.',
      on: {
        'launch.request': [{ guard: 'isOnPlatform', target: 'in_review' }, { target: 'pending' }],
        'delete.request': 'deleting',
      },
    },
    deleting: {
      description: 'The delete job is removing the campaign from the platform.',
      on: { 'platform.deleted': 'deleted', 'platform.failed': 'failed', 'delete.request': 'deleting' },
    },
    deleted: {
      description:
        'Removed from the platform. A relaunch of a campaign whose delete failed elsewhere submits it again.',
      on: { 'launch.request': 'pending' },
    },
  },
});

export type PlacementLifecycleMachine = typeof placementLifecycleMachine;

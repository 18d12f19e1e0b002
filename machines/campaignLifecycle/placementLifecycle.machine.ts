import { setup } from 'xstate';

/** What moves a campaign's placement on one ad platform (a `campaign_platforms` row). */
export type PlacementEvent =
  /** The launch job asked the platform to create it; the platform reviews it. */
  | { type: 'platform.submitted' }
  | { type: 'platform.approved' }
  | { type: 'platform.rejected' }
  /** A call failed for good (validation, expired credentials, retries used up). */
  | { type: 'platform.failed' }
  /** The platform no longer knows it: it is submitted again. */
  | { type: 'platform.lost' }
  | { type: 'platform.paused' }
  | { type: 'platform.resumed' }
  /**
   * A relaunch: what did not run is submitted again, what runs stays. `onPlatform`: the platform already
   * holds this placement (a failed status check), so it is checked again instead of submitted.
   */
  | { type: 'launch.request'; onPlatform: boolean }
  | { type: 'delete.request' }
  | { type: 'platform.deleted' };

/**
 * A campaign's placement on one platform. The launch, pause, resume and delete jobs write a
 * placement's status only through this chart (server/jobs/common.ts `movePlacement`).
 */
export const placementLifecycleMachine = setup({
  types: { events: {} as PlacementEvent },
  guards: {
    isOnPlatform: ({ event }) => event.type === 'launch.request' && event.onPlatform,
  },
}).createMachine({
  id: 'placementLifecycle',
  description: 'A campaign on one ad platform: submitted, reviewed, running, paused, and removed.',
  initial: 'pending',
  states: {
    pending: {
      description: 'Not on the platform yet: waiting for its turn in the launch job, or for a retry.',
      on: {
        'platform.submitted': 'in_review',
        'platform.approved': 'active',
        'platform.rejected': 'rejected',
        'platform.failed': 'failed',
        'launch.request': 'pending',
        'delete.request': 'deleting',
      },
    },
    in_review: {
      description: 'The platform has the campaign and is reviewing it against its ad policies.',
      on: {
        'platform.approved': 'active',
        'platform.rejected': 'rejected',
        'platform.failed': 'failed',
        'platform.lost': 'pending',
        'launch.request': 'in_review',
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
      description: 'Paused on the platform: it delivers nothing until resumed.',
      on: {
        'platform.resumed': 'active',
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

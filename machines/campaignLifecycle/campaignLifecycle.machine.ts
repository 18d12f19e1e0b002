import { and, setup } from 'xstate';
import { EDITABLE_FIELDS } from './campaignLifecycle.fields';
import type { CampaignField, CampaignLifecycleEvent } from './campaignLifecycle.types';

/** `campaign.edit` is allowed when every field it changes is one the state lets change. */
const editIn = (state: keyof typeof EDITABLE_FIELDS) => ({
  target: state,
  guard: { type: 'isEditAllowed' as const, params: { allowed: EDITABLE_FIELDS[state] } },
});

/** Back to running: `scheduled` before the first flight starts, else `active`. */
const running = [{ guard: 'isBeforeStart' as const, target: 'scheduled' }, { target: 'active' }];
/** The status follows the placements: running if one still runs, else `paused`. */
const followPlacements = [
  { guard: and(['hasRunningPlacement', 'isBeforeStart']), target: 'scheduled' },
  { guard: 'hasRunningPlacement' as const, target: 'active' },
  { target: 'paused' },
];

/**
 * The one campaign lifecycle. The server runs every status change through it (server/campaignRules/lifecycle.ts,
 * inside the transaction that changes the row); the browser asks it what a campaign allows
 * (campaignLifecycle.rules.ts). It has no side effects: launching, pausing, resuming and deleting on the
 * ad platforms are jobs that report back with `*.succeeded` / `*.failed`.
 */
export const campaignLifecycleMachine = setup({
  types: {
    events: {} as CampaignLifecycleEvent,
  },
  guards: {
    isEditAllowed: ({ event }, params: { allowed: readonly CampaignField[] }) =>
      event.type === 'campaign.edit' &&
      !event.applying &&
      event.fields.every((field) => params.allowed.includes(field)),
    /** The job's outcome says the campaign's first flight has not started yet. */
    isBeforeStart: ({ event }) => 'beforeStart' in event && event.beforeStart === true,
    /** The job's outcome says some placement still runs (a pause of one platform, a partial resume). */
    hasRunningPlacement: ({ event }) => 'running' in event && event.running === true,
  },
}).createMachine({
  id: 'campaignLifecycle',
  description:
    'A campaign from plan to platforms and back: every status it can have, what moves it, and what may change in each.',
  initial: 'draft',
  states: {
    draft: {
      description:
        'A plan not yet on any ad platform. Everything can change; it can be launched once complete, duplicated or deleted.',
      on: {
        'launch.request': 'launching',
        'delete.request': 'deleting',
        'campaign.edit': editIn('draft'),
        'campaign.duplicate': 'draft',
      },
    },
    launching: {
      description:
        'The launch job is creating the campaign on each platform and waiting for their review. Nothing can change meanwhile; deleting stops the launch.',
      on: {
        'launch.succeeded': running,
        'launch.failed': 'failed',
        'delete.request': 'deleting',
        'campaign.duplicate': 'launching',
      },
    },
    scheduled: {
      description:
        'Launched: every platform holds it, but its first flight has not started, so nothing is delivered yet. It becomes active when the first flight starts. It can be paused or deleted, one platform or all; it can change as a draft over what the platforms hold, as while active.',
      on: {
        'schedule.started': 'active',
        'change.apply': 'scheduled',
        'pause.request': 'pausing',
        'placement.pause': 'pausing',
        'placement.resume': 'resuming',
        'schedule.ended': 'completed',
        'delete.request': 'deleting',
        'campaign.edit': editIn('scheduled'),
        'campaign.duplicate': 'scheduled',
      },
    },
    active: {
      description:
        'Running: its flights have started and its platforms deliver (one may be paused on its own). It can be paused or deleted, one platform or all. Its amounts, flights, end date, audience and ads can change as a draft over what runs, applied to the platforms as a whole (nothing changes while a change is on its way). It completes when its end date has passed.',
      on: {
        'pause.request': 'pausing',
        'placement.pause': 'pausing',
        'placement.resume': 'resuming',
        'change.apply': 'active',
        'schedule.ended': 'completed',
        'delete.request': 'deleting',
        'campaign.edit': editIn('active'),
        'campaign.duplicate': 'active',
      },
    },
    pausing: {
      description:
        'The pause job is pausing the campaign on each platform (or on the one platform asked); each platform shows paused as it confirms. Then the status follows the platforms: paused when every one is, else running again (scheduled before the first flight). If one refuses, the campaign keeps running.',
      on: {
        'pause.succeeded': followPlacements,
        'pause.failed': running,
        'delete.request': 'deleting',
        'campaign.duplicate': 'pausing',
      },
    },
    paused: {
      description:
        'Paused on every platform: nothing is delivered or spent. It can be resumed (all platforms or one) or deleted, and changed like an active campaign (the change is applied while it stays paused).',
      on: {
        'resume.request': 'resuming',
        'placement.resume': 'resuming',
        'change.apply': 'paused',
        'schedule.ended': 'completed',
        'delete.request': 'deleting',
        'campaign.edit': editIn('paused'),
        'campaign.duplicate': 'paused',
      },
    },
    resuming: {
      description:
        'The resume job is restarting the campaign on each paused platform (or on the one platform asked). Then it runs again (scheduled before the first flight); if a platform refuses, the status follows the platforms: paused while none runs.',
      on: {
        'resume.succeeded': running,
        'resume.failed': followPlacements,
        'delete.request': 'deleting',
        'campaign.duplicate': 'resuming',
      },
    },
    completed: {
      description:
        'Its end date has passed: the platforms stopped delivering. It stays for reporting; it can be duplicated or deleted, and renamed.',
      on: {
        'delete.request': 'deleting',
        'campaign.edit': editIn('completed'),
        'campaign.duplicate': 'completed',
      },
    },
    failed: {
      description:
        'A launch or a delete did not finish: a platform rejected the campaign or an error stopped the job (the reason shows per platform). It can be fixed and launched again, or deleted.',
      on: {
        'launch.request': 'launching',
        'delete.request': 'deleting',
        'campaign.edit': editIn('failed'),
        'campaign.duplicate': 'failed',
      },
    },
    deleting: {
      description:
        'The delete job is removing the campaign from every platform; then the campaign is gone. Asking to delete again changes nothing.',
      on: {
        'delete.request': 'deleting',
        'delete.succeeded': 'deleted',
        'delete.failed': 'failed',
      },
    },
    deleted: {
      type: 'final',
      description: 'Removed from every platform and from Flightplan.',
    },
  },
});

export type CampaignLifecycleMachine = typeof campaignLifecycleMachine;

import { setup } from 'xstate';
import { EDITABLE_FIELDS } from './campaignLifecycle.fields';
import type { CampaignField, CampaignLifecycleEvent } from './campaignLifecycle.types';

/** `campaign.edit` is allowed when every field it changes is one the state lets change. */
const editIn = (state: keyof typeof EDITABLE_FIELDS) => ({
  target: state,
  guard: { type: 'isEditAllowed' as const, params: { allowed: EDITABLE_FIELDS[state] } },
});

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
        'launch.succeeded': 'active',
        'launch.failed': 'failed',
        'delete.request': 'deleting',
        'campaign.duplicate': 'launching',
      },
    },
    active: {
      description:
        'Running on every platform. It can be paused or deleted. Its amounts, flights, end date, audience and ads can change as a draft over what runs, applied to the platforms as a whole (nothing changes while a change is on its way). It completes when its end date has passed.',
      on: {
        'pause.request': 'pausing',
        'change.apply': 'active',
        'schedule.ended': 'completed',
        'delete.request': 'deleting',
        'campaign.edit': editIn('active'),
        'campaign.duplicate': 'active',
      },
    },
    pausing: {
      description:
        'The pause job is pausing the campaign on each platform; each platform shows paused as it confirms. If one refuses, the campaign stays active.',
      on: {
        'pause.succeeded': 'paused',
        'pause.failed': 'active',
        'delete.request': 'deleting',
        'campaign.duplicate': 'pausing',
      },
    },
    paused: {
      description:
        'Paused on every platform: nothing is delivered or spent. It can be resumed or deleted, and changed like an active campaign (the change is applied while it stays paused).',
      on: {
        'resume.request': 'resuming',
        'change.apply': 'paused',
        'schedule.ended': 'completed',
        'delete.request': 'deleting',
        'campaign.edit': editIn('paused'),
        'campaign.duplicate': 'paused',
      },
    },
    resuming: {
      description:
        'The resume job is restarting the campaign on each platform. If one refuses, the campaign stays paused.',
      on: {
        'resume.succeeded': 'active',
        'resume.failed': 'paused',
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

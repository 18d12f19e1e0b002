/**
 * What each status of the campaign lifecycle promises to the app and the server, written from the spec of
 * the lifecycle (not from the chart): where each event takes a campaign, which actions the campaigns table,
 * campaign page and review offer (`allowedCampaignActions`), which fields may change
 * (`editableCampaignFields`), and what the server answers when it refuses (`refusalOf`, `editRefusalOf`).
 * Every status is checked against the whole table, so a path landing in a status proves all of its rules.
 */
import {
  allowedCampaignActions,
  allowedPlacementActions,
  campaignLifecycleMachine,
  editableCampaignFields,
  editRefusalOf,
  nextCampaignStatus,
  placementRefusalOf,
  refusalOf,
} from '@machines/campaignLifecycle';
import type {
  CampaignAction,
  CampaignField,
  CampaignLifecycleEvent,
  CampaignStatus,
} from '@machines/campaignLifecycle/campaignLifecycle.types';
import { defineOracle, expectEqual, type OracleCheck } from '../oracle';

type Status = CampaignStatus | 'deleted';
/**
 * Every event but an edit; a job's outcome also in the variants that say what it left behind (some
 * placement still runs; the first flight has not started).
 */
type Move =
  | Exclude<CampaignLifecycleEvent['type'], 'campaign.edit'>
  | 'launch.succeeded (before start)'
  | 'pause.succeeded (others run)'
  | 'pause.succeeded (others run, before start)'
  | 'pause.failed (before start)'
  | 'resume.succeeded (before start)'
  | 'resume.failed (some run)'
  | 'resume.failed (some run, before start)';
type Action = Exclude<CampaignAction, 'edit'>;

const VARIANT = / \((.*)\)$/;

/** The event a key names: "pause.succeeded (others run, before start)" carries running and beforeStart. */
function eventOf(move: Move): CampaignLifecycleEvent {
  const variant = VARIANT.exec(move)?.[1] ?? '';
  const type = move.replace(VARIANT, '');
  return {
    type,
    ...(/run/.test(variant) ? { running: true } : {}),
    ...(/before start/.test(variant) ? { beforeStart: true } : {}),
  } as CampaignLifecycleEvent;
}

/** The key of an event the path took. */
function keyOf(event: { type: string; running?: boolean; beforeStart?: boolean }): Move {
  const parts = [
    ...(event.running ? [event.type.startsWith('pause') ? 'others run' : 'some run'] : []),
    ...(event.beforeStart ? ['before start'] : []),
  ];
  return (parts.length > 0 ? `${event.type} (${parts.join(', ')})` : event.type) as Move;
}

const EVERYTHING: CampaignField[] = [
  'name',
  'customerId',
  'objectiveId',
  'startDate',
  'endDate',
  'budgetMinor',
  'currency',
  'platforms',
  'audience',
  'flights',
  'ads',
  'budgetId',
];
/** Name and customer: nothing on an ad platform depends on them. */
const BOOKKEEPING: CampaignField[] = ['name', 'customerId'];
/**
 * A live campaign's change (issue 28): amounts, flights, end date, audience and ads; never its objective,
 * currency, start date or budget assignment.
 */
const LIVE_CHANGE: CampaignField[] = [
  ...BOOKKEEPING,
  'budgetMinor',
  'platforms',
  'endDate',
  'flights',
  'audience',
  'ads',
];

const MOVES: Move[] = [
  'launch.request',
  'launch.succeeded',
  'launch.succeeded (before start)',
  'launch.failed',
  'pause.request',
  'pause.succeeded',
  'pause.succeeded (others run)',
  'pause.succeeded (others run, before start)',
  'pause.failed',
  'pause.failed (before start)',
  'resume.request',
  'resume.succeeded',
  'resume.succeeded (before start)',
  'resume.failed',
  'resume.failed (some run)',
  'resume.failed (some run, before start)',
  'placement.pause',
  'placement.resume',
  'schedule.started',
  'schedule.ended',
  'delete.request',
  'delete.succeeded',
  'delete.failed',
  'campaign.duplicate',
  'change.apply',
];

interface StatusSpec {
  /** Where each event takes the campaign; any event not listed is refused. */
  next: Partial<Record<Move, Status>>;
  /** The fields that may change (an edit of only these keeps the status). */
  editable: CampaignField[];
  /** The actions offered to a person. */
  offers: Action[];
}

const SPEC: Record<CampaignStatus, StatusSpec> = {
  draft: {
    next: { 'launch.request': 'launching', 'delete.request': 'deleting', 'campaign.duplicate': 'draft' },
    editable: EVERYTHING,
    offers: ['launch', 'duplicate', 'delete'],
  },
  launching: {
    next: {
      'launch.succeeded': 'active',
      // Launched before its first flight starts: the platforms hold it, nothing delivers yet.
      'launch.succeeded (before start)': 'scheduled',
      'launch.failed': 'failed',
      'delete.request': 'deleting',
      'campaign.duplicate': 'launching',
    },
    editable: [],
    offers: ['duplicate', 'delete'],
  },
  scheduled: {
    next: {
      'schedule.started': 'active',
      'pause.request': 'pausing',
      'placement.pause': 'pausing',
      'placement.resume': 'resuming',
      'schedule.ended': 'completed',
      'delete.request': 'deleting',
      'campaign.duplicate': 'scheduled',
      'change.apply': 'scheduled',
    },
    // What may change while scheduled is what may change while active.
    editable: LIVE_CHANGE,
    offers: ['pause', 'duplicate', 'delete'],
  },
  active: {
    next: {
      'pause.request': 'pausing',
      'placement.pause': 'pausing',
      'placement.resume': 'resuming',
      'schedule.ended': 'completed',
      'delete.request': 'deleting',
      'campaign.duplicate': 'active',
      'change.apply': 'active',
    },
    editable: LIVE_CHANGE,
    offers: ['pause', 'duplicate', 'delete'],
  },
  pausing: {
    next: {
      // The status follows the placements: paused when none runs any more.
      'pause.succeeded': 'paused',
      'pause.succeeded (others run)': 'active',
      'pause.succeeded (others run, before start)': 'scheduled',
      'pause.failed': 'active',
      'pause.failed (before start)': 'scheduled',
      'delete.request': 'deleting',
      'campaign.duplicate': 'pausing',
    },
    editable: [],
    offers: ['duplicate', 'delete'],
  },
  paused: {
    next: {
      'resume.request': 'resuming',
      'placement.resume': 'resuming',
      'schedule.ended': 'completed',
      'delete.request': 'deleting',
      'campaign.duplicate': 'paused',
      'change.apply': 'paused',
    },
    editable: LIVE_CHANGE,
    offers: ['resume', 'duplicate', 'delete'],
  },
  resuming: {
    next: {
      'resume.succeeded': 'active',
      'resume.succeeded (before start)': 'scheduled',
      'resume.failed': 'paused',
      'resume.failed (some run)': 'active',
      'resume.failed (some run, before start)': 'scheduled',
      'delete.request': 'deleting',
      'campaign.duplicate': 'resuming',
    },
    editable: [],
    offers: ['duplicate', 'delete'],
  },
  completed: {
    next: { 'delete.request': 'deleting', 'campaign.duplicate': 'completed' },
    editable: BOOKKEEPING,
    offers: ['duplicate', 'delete'],
  },
  failed: {
    next: { 'launch.request': 'launching', 'delete.request': 'deleting', 'campaign.duplicate': 'failed' },
    editable: EVERYTHING,
    offers: ['launch', 'duplicate', 'delete'],
  },
  deleting: {
    // Asking to delete again changes nothing; nobody is offered anything.
    next: { 'delete.request': 'deleting', 'delete.succeeded': 'deleted', 'delete.failed': 'failed' },
    editable: [],
    offers: [],
  },
};

const REQUEST: Record<Action, Move> = {
  launch: 'launch.request',
  pause: 'pause.request',
  resume: 'resume.request',
  duplicate: 'campaign.duplicate',
  delete: 'delete.request',
};
const DONE: Record<Action, string> = {
  launch: 'launched',
  pause: 'paused',
  resume: 'resumed',
  duplicate: 'duplicated',
  delete: 'deleted',
};
const BUSY: Partial<Record<CampaignStatus, string>> = {
  launching: 'being launched',
  pausing: 'being paused',
  resuming: 'being resumed',
};

/** The server's 409 for an action the status refuses (null when allowed). */
function expectedRefusal(status: CampaignStatus, action: Action) {
  if (SPEC[status].next[REQUEST[action]]) return null;
  if (status === 'deleting')
    return {
      errorCode: 'CAMPAIGN_BEING_DELETED',
      message: `This campaign is being deleted, so it cannot be ${DONE[action]}.`,
    };
  if (status === 'launching' && action === 'launch')
    return { errorCode: 'CAMPAIGN_ALREADY_LAUNCHING', message: 'This campaign is already launching.' };
  const busy = BUSY[status];
  if (busy)
    return {
      errorCode: 'CAMPAIGN_BUSY',
      message: `This campaign is ${busy}. Try again when that has finished.`,
    };
  if (action === 'launch')
    return {
      errorCode: 'CAMPAIGN_NOT_LAUNCHABLE',
      message: `Only draft or failed campaigns can be launched. This campaign is ${status}.`,
    };
  if (action === 'pause')
    return {
      errorCode: 'CAMPAIGN_NOT_PAUSABLE',
      message: `Only active or scheduled campaigns can be paused. This campaign is ${status}.`,
    };
  return {
    errorCode: 'CAMPAIGN_NOT_RESUMABLE',
    message: `Only paused campaigns can be resumed. This campaign is ${status}.`,
  };
}

/** The server's 409 when the budget is changed in a status that keeps it (null when it may change). */
const BUDGET_REFUSAL: Record<CampaignStatus, { errorCode: string; message: string } | null> = {
  draft: null,
  failed: null,
  active: null,
  paused: null,
  launching: {
    errorCode: 'CAMPAIGN_BUSY',
    message: 'This campaign is being launched. Try again when that has finished.',
  },
  pausing: {
    errorCode: 'CAMPAIGN_BUSY',
    message: 'This campaign is being paused. Try again when that has finished.',
  },
  resuming: {
    errorCode: 'CAMPAIGN_BUSY',
    message: 'This campaign is being resumed. Try again when that has finished.',
  },
  deleting: {
    errorCode: 'CAMPAIGN_BUSY',
    message: 'This campaign is being deleted. Try again when that has finished.',
  },
  scheduled: null,
  completed: {
    errorCode: 'CAMPAIGN_FIELD_LOCKED',
    message:
      'This campaign is completed, so its budget cannot change; only its name and customer can. Duplicate it to plan the next one.',
  },
};

const sorted = (fields: readonly string[]) => [...fields].sort();

const statusPromises =
  (status: CampaignStatus): OracleCheck =>
  ({ snapshot }) => {
    expectEqual(snapshot.status, 'active', 'machine status');
    const spec = SPEC[status];
    for (const move of MOVES)
      expectEqual(nextCampaignStatus(status, eventOf(move)), spec.next[move] ?? null, `${status} on ${move}`);
    const mayRename = spec.editable.includes('name');
    expectEqual(
      nextCampaignStatus(status, { type: 'campaign.edit', fields: ['name'] }),
      mayRename ? status : null,
      `${status}: rename`,
    );
    expectEqual(
      nextCampaignStatus(status, { type: 'campaign.edit', fields: ['name', 'budgetMinor'] }),
      spec.editable.includes('budgetMinor') ? status : null,
      `${status}: rename and new budget`,
    );
    expectEqual(sorted(editableCampaignFields(status)), sorted(spec.editable), `${status}: editable fields`);
    expectEqual(
      allowedCampaignActions(status),
      {
        launch: spec.offers.includes('launch'),
        pause: spec.offers.includes('pause'),
        resume: spec.offers.includes('resume'),
        duplicate: spec.offers.includes('duplicate'),
        delete: spec.offers.includes('delete'),
        edit: spec.editable.length > 0,
      },
      `${status}: actions offered`,
    );
    for (const action of Object.keys(REQUEST) as Action[])
      expectEqual(
        refusalOf(status, action),
        expectedRefusal(status, action),
        `${status}: refusal of ${action}`,
      );
    // One platform: paused on its own while the campaign runs, resumed while it runs or is paused.
    const onePause = Boolean(spec.next['placement.pause']);
    const oneResume = Boolean(spec.next['placement.resume']);
    expectEqual(
      [allowedPlacementActions(status, 'active'), allowedPlacementActions(status, 'scheduled')],
      [
        { pause: onePause, resume: false },
        { pause: onePause, resume: false },
      ],
      `${status}: a running platform's actions`,
    );
    expectEqual(
      allowedPlacementActions(status, 'paused'),
      { pause: false, resume: oneResume },
      `${status}: a paused platform's actions`,
    );
    expectEqual(
      placementRefusalOf(status, 'paused', 'pause', 'TikTok')?.message ?? null,
      onePause
        ? 'TikTok is already paused.'
        : status === 'deleting'
          ? 'This campaign is being deleted, so it cannot be paused on TikTok.'
          : BUSY[status]
            ? `This campaign is ${BUSY[status]}. Try again when that has finished.`
            : `Only active or scheduled campaigns can be paused on one platform. This campaign is ${status}.`,
      `${status}: refusal of pausing a paused platform`,
    );
    expectEqual(
      placementRefusalOf(status, 'paused', 'resume', 'TikTok'),
      oneResume ? null : placementRefusalOf(status, 'active', 'resume', 'TikTok'),
      `${status}: resuming a paused platform`,
    );
    expectEqual(
      editRefusalOf(status, ['budgetMinor']),
      BUDGET_REFUSAL[status],
      `${status}: refusal of a new budget`,
    );
  };

const STATUSES = Object.keys(SPEC) as CampaignStatus[];

export const campaignLifecycleOracle = defineOracle(campaignLifecycleMachine, {
  states: {
    ...Object.fromEntries(STATUSES.map((status) => [status, statusPromises(status)])),
    deleted: ({ snapshot }) => {
      expectEqual(snapshot.status, 'done', 'machine status');
      expectEqual(snapshot.can({ type: 'launch.request' }), false, 'a deleted campaign can be launched');
    },
  },
  // Each step goes where the spec's table says.
  always: ({ snapshot, previous, event, index }) => {
    if (index === 0) {
      expectEqual(snapshot.value, 'draft', 'a new campaign');
      return;
    }
    const from = previous!.value as CampaignStatus;
    const expected = event.type === 'campaign.edit' ? from : SPEC[from].next[keyOf(event)];
    expectEqual(snapshot.value, expected, `${from} on ${event.type}`);
  },
});

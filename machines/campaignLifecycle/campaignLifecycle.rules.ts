import { CAMPAIGN_ERROR_CODES, type CampaignPlatformStatus } from '@contract/campaigns';
import { transition } from 'xstate';
import { CAMPAIGN_FIELD_LABELS, EDITABLE_FIELDS } from './campaignLifecycle.fields';
import { campaignLifecycleMachine } from './campaignLifecycle.machine';
import type {
  CampaignAction,
  CampaignField,
  CampaignLifecycleEvent,
  CampaignStatus,
  PlacementAction,
} from './campaignLifecycle.types';
import { nextPlacementStatus } from './placementLifecycle.rules';

/** Where a campaign goes from a status on an event: a status, `deleted` (the row goes), or null (refused). */
export type LifecycleOutcome = CampaignStatus | 'deleted' | null;

const snapshotOf = (status: CampaignStatus) => campaignLifecycleMachine.resolveState({ value: status });

/** The chart's answer: the next status, or null when the chart has no transition for the event there. */
export function nextCampaignStatus(status: CampaignStatus, event: CampaignLifecycleEvent): LifecycleOutcome {
  const snapshot = snapshotOf(status);
  if (!snapshot.can(event)) return null;
  const [next] = transition(campaignLifecycleMachine, snapshot, event);
  return next.value as CampaignStatus | 'deleted';
}

const REQUEST: Record<Exclude<CampaignAction, 'edit'>, CampaignLifecycleEvent> = {
  launch: { type: 'launch.request' },
  pause: { type: 'pause.request' },
  resume: { type: 'resume.request' },
  duplicate: { type: 'campaign.duplicate' },
  delete: { type: 'delete.request' },
};

/** The event a person's action sends to the chart. */
export const requestEventOf = (action: Exclude<CampaignAction, 'edit'>) => REQUEST[action];

/** Which actions the chart allows in a status: what the campaigns table, campaign page and review offer. */
export function allowedCampaignActions(status: CampaignStatus): Record<CampaignAction, boolean> {
  const snapshot = snapshotOf(status);
  return {
    launch: snapshot.can(REQUEST.launch),
    pause: snapshot.can(REQUEST.pause),
    resume: snapshot.can(REQUEST.resume),
    duplicate: snapshot.can(REQUEST.duplicate),
    // Asking again while deleting is allowed by the chart (it changes nothing); nobody is offered it.
    delete: status !== 'deleting' && snapshot.can(REQUEST.delete),
    edit: EDITABLE_FIELDS[status].length > 0,
  };
}

/**
 * True while a job (launch, pause, resume, delete) works on the campaign: the chart waits for its outcome.
 * The campaign page keeps checking the platforms meanwhile.
 */
export function isCampaignBusy(status: CampaignStatus): boolean {
  const snapshot = snapshotOf(status);
  return (['launch', 'pause', 'resume', 'delete'] as const).some((job) =>
    snapshot.can({ type: `${job}.succeeded` }),
  );
}

/** The fields that may change in a status (the rest show read-only). */
export const editableCampaignFields = (status: CampaignStatus): readonly CampaignField[] =>
  EDITABLE_FIELDS[status];

const BUSY: Partial<Record<CampaignStatus, string>> = {
  launching: 'being launched',
  pausing: 'being paused',
  resuming: 'being resumed',
  deleting: 'being deleted',
};

const VERB: Record<Exclude<CampaignAction, 'edit'>, string> = {
  launch: 'launched',
  pause: 'paused',
  resume: 'resumed',
  duplicate: 'duplicated',
  delete: 'deleted',
};

const ONLY_FROM: Partial<Record<Exclude<CampaignAction, 'edit'>, string>> = {
  launch: 'Only draft or failed campaigns can be launched.',
  pause: 'Only active or scheduled campaigns can be paused.',
  resume: 'Only paused campaigns can be resumed.',
};

export interface Refusal {
  /** `errorCode` of the 409 answer. */
  errorCode: string;
  /** The `businessError` message, for a person. */
  message: string;
}

/** Why the chart refuses an action in a status (null when it allows it). */
export function refusalOf(status: CampaignStatus, action: Exclude<CampaignAction, 'edit'>): Refusal | null {
  if (nextCampaignStatus(status, REQUEST[action]) !== null) return null;
  if (status === 'deleting') {
    return {
      errorCode: CAMPAIGN_ERROR_CODES.beingDeleted,
      message: `This campaign is being deleted, so it cannot be ${VERB[action]}.`,
    };
  }
  if (action === 'launch' && status === 'launching') {
    return {
      errorCode: CAMPAIGN_ERROR_CODES.alreadyLaunching,
      message: 'This campaign is already launching.',
    };
  }
  const busy = BUSY[status];
  if (busy) {
    return {
      errorCode: CAMPAIGN_ERROR_CODES.busy,
      message: `This campaign is ${busy}. Try again when that has finished.`,
    };
  }
  const code = {
    launch: CAMPAIGN_ERROR_CODES.notLaunchable,
    pause: CAMPAIGN_ERROR_CODES.notPausable,
    resume: CAMPAIGN_ERROR_CODES.notResumable,
    duplicate: CAMPAIGN_ERROR_CODES.busy,
    delete: CAMPAIGN_ERROR_CODES.busy,
  }[action];
  return { errorCode: code, message: `${ONLY_FROM[action] ?? ''} This campaign is ${status}.`.trim() };
}

/** "a", "a and b", "a, b and c". */
const listed = (names: readonly string[]) =>
  names.length > 1 ? `${names.slice(0, -1).join(', ')} and ${names.at(-1)}` : (names[0] ?? '');

/** What a refusal adds for a campaign whose plan can no longer change at all. */
const LIVE_HINT: Partial<Record<CampaignStatus, string>> = {
  completed: ' Duplicate it to plan the next one.',
};

/** The refusal of an edit while an applied change is still on its way to the platforms (issue 28). */
export const APPLYING_MESSAGE =
  'Changes are being applied on the ad platforms. Try again when they have arrived.';

/**
 * Why the chart refuses changing these fields in a status (null when every one may change). `applying`:
 * a change applied earlier is still on its way to some platform.
 */
export function editRefusalOf(
  status: CampaignStatus,
  fields: readonly CampaignField[],
  applying = false,
): Refusal | null {
  if (nextCampaignStatus(status, { type: 'campaign.edit', fields, applying }) !== null) return null;
  if (applying && nextCampaignStatus(status, { type: 'campaign.edit', fields }) !== null)
    return { errorCode: CAMPAIGN_ERROR_CODES.busy, message: APPLYING_MESSAGE };
  const busy = BUSY[status];
  if (busy) {
    return {
      errorCode: CAMPAIGN_ERROR_CODES.busy,
      message: `This campaign is ${busy}. Try again when that has finished.`,
    };
  }
  const locked = fields.filter((field) => !EDITABLE_FIELDS[status].includes(field));
  const names = locked.map((field) => CAMPAIGN_FIELD_LABELS[field]);
  const list = listed(names);
  const allowed = listed(EDITABLE_FIELDS[status].map((field) => CAMPAIGN_FIELD_LABELS[field]));
  return {
    errorCode: CAMPAIGN_ERROR_CODES.fieldLocked,
    message: `This campaign is ${status}, so its ${list} cannot change${allowed ? `; only its ${allowed} can` : ''}.${LIVE_HINT[status] ?? ''}`,
  };
}

// --- One platform at a time ---------------------------------------------------------------------------

const PLACEMENT_REQUEST: Record<PlacementAction, CampaignLifecycleEvent> = {
  pause: { type: 'placement.pause' },
  resume: { type: 'placement.resume' },
};

/** The placement chart's move for the action: a platform pauses what runs and resumes what is paused. */
const placementCan = (status: CampaignPlatformStatus, action: PlacementAction) =>
  nextPlacementStatus(status, { type: action === 'pause' ? 'platform.paused' : 'platform.resumed' }) !== null;

/**
 * Which actions the campaign page offers on one platform's row: the campaign chart allows the request in
 * the campaign's status, and the placement chart allows the move in the placement's.
 */
export function allowedPlacementActions(
  campaignStatus: CampaignStatus,
  placementStatus: CampaignPlatformStatus,
): Record<PlacementAction, boolean> {
  const snapshot = snapshotOf(campaignStatus);
  return {
    pause: snapshot.can(PLACEMENT_REQUEST.pause) && placementCan(placementStatus, 'pause'),
    resume: snapshot.can(PLACEMENT_REQUEST.resume) && placementCan(placementStatus, 'resume'),
  };
}

const PLACEMENT_WORDS: Partial<Record<CampaignPlatformStatus, string>> = { in_review: 'in review' };

/**
 * Why pausing or resuming the campaign on one platform is refused (null when it is allowed): the campaign's
 * status first, then the platform's ("TikTok is already paused.").
 */
export function placementRefusalOf(
  campaignStatus: CampaignStatus,
  placementStatus: CampaignPlatformStatus,
  action: PlacementAction,
  platformName: string,
): Refusal | null {
  const code = action === 'pause' ? CAMPAIGN_ERROR_CODES.notPausable : CAMPAIGN_ERROR_CODES.notResumable;
  if (nextCampaignStatus(campaignStatus, PLACEMENT_REQUEST[action]) === null) {
    if (campaignStatus === 'deleting') {
      return {
        errorCode: CAMPAIGN_ERROR_CODES.beingDeleted,
        message: `This campaign is being deleted, so it cannot be ${VERB[action]} on ${platformName}.`,
      };
    }
    const busy = BUSY[campaignStatus];
    if (busy) {
      return {
        errorCode: CAMPAIGN_ERROR_CODES.busy,
        message: `This campaign is ${busy}. Try again when that has finished.`,
      };
    }
    const only =
      action === 'pause'
        ? 'Only active or scheduled campaigns can be paused on one platform.'
        : 'Only active, scheduled or paused campaigns can be resumed on one platform.';
    return { errorCode: code, message: `${only} This campaign is ${campaignStatus}.` };
  }
  if (placementCan(placementStatus, action)) return null;
  if (action === 'pause' && placementStatus === 'paused')
    return { errorCode: code, message: `${platformName} is already paused.` };
  if (action === 'resume' && (placementStatus === 'active' || placementStatus === 'scheduled'))
    return { errorCode: code, message: `${platformName} is not paused, so it cannot be resumed.` };
  const word = PLACEMENT_WORDS[placementStatus] ?? placementStatus;
  return {
    errorCode: code,
    message: `${platformName} is ${word}, so it cannot be ${VERB[action]}.`,
  };
}

import type { CAMPAIGN_STATUSES } from '@contract/reference';

/** A campaign's status, as stored in `campaigns.status` (the chart's states, but the final `deleted`). */
export type CampaignStatus = (typeof CAMPAIGN_STATUSES)[number];

/** The campaign fields a planner edits (PATCH /api/campaigns/{id}, the planning wizard). */
export type CampaignField =
  | 'name'
  | 'customerId'
  | 'objectiveId'
  | 'startDate'
  | 'endDate'
  | 'budgetMinor'
  | 'currency'
  | 'platforms'
  /** The plan's audience (planning wizard). */
  | 'audience'
  /** The plan's flights (planning wizard's schedule). */
  | 'flights'
  /** The plan's ads (planning wizard's creative step). */
  | 'ads'
  /** The customer budget the plan draws on (planning wizard's review). */
  | 'budgetId';

/**
 * What a job's outcome knows about the placements it leaves behind, so the campaign's status follows them:
 * `running` — some placement still runs (a pause of one platform left the others running, a resume some
 * platform refused left the resumed ones running); `beforeStart` — the campaign's first flight has not
 * started, so running means `scheduled`, not `active`. Absent = false.
 */
export interface PlacementOutcome {
  running?: boolean;
  beforeStart?: boolean;
}

/**
 * What moves a campaign. `*.request` events come from a person (through the API, behind the step-up
 * where the action is risky); `placement.pause` / `placement.resume` are a person's request for one
 * platform; `*.succeeded` / `*.failed` come from the job that talks to the ad platforms;
 * `schedule.started` and `schedule.ended` from the scheduler when the first flight starts and when the
 * end date has passed.
 */
export type CampaignLifecycleEvent =
  | { type: 'launch.request' }
  | ({ type: 'launch.succeeded' } & Pick<PlacementOutcome, 'beforeStart'>)
  | { type: 'launch.failed' }
  | { type: 'pause.request' }
  | ({ type: 'pause.succeeded' } & PlacementOutcome)
  | ({ type: 'pause.failed' } & Pick<PlacementOutcome, 'beforeStart'>)
  | { type: 'resume.request' }
  | ({ type: 'resume.succeeded' } & Pick<PlacementOutcome, 'beforeStart'>)
  | ({ type: 'resume.failed' } & PlacementOutcome)
  | { type: 'placement.pause' }
  | { type: 'placement.resume' }
  | { type: 'schedule.started' }
  | { type: 'schedule.ended' }
  | { type: 'delete.request' }
  | { type: 'delete.succeeded' }
  | { type: 'delete.failed' }
  /**
   * `applying`: a change applied to the platforms is still on its way to some of them; nothing may change
   * under it until it has arrived (or a platform refused it).
   */
  | { type: 'campaign.edit'; fields: readonly CampaignField[]; applying?: boolean }
  /** Apply changes (issue 28): the draft over a live campaign goes to its platforms; the status stays. */
  | { type: 'change.apply' }
  | { type: 'campaign.duplicate' };

export type CampaignLifecycleEventType = CampaignLifecycleEvent['type'];

/** What a person can ask for, as the campaigns table, campaign page and review page offer it. */
export type CampaignAction = 'launch' | 'pause' | 'resume' | 'duplicate' | 'delete' | 'edit';

/** What a person can ask of one platform's placement on the campaign page. */
export type PlacementAction = 'pause' | 'resume';

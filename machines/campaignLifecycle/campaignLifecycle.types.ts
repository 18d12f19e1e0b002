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
 * What moves a campaign. `*.request` events come from a person (through the API, behind the step-up
 * where the action is risky); `*.succeeded` / `*.failed` from the job that talks to the ad platforms;
 * `schedule.ended` from the scheduler when the end date has passed.
 */
export type CampaignLifecycleEvent =
  | { type: 'launch.request' }
  | { type: 'launch.succeeded' }
  | { type: 'launch.failed' }
  | { type: 'pause.request' }
  | { type: 'pause.succeeded' }
  | { type: 'pause.failed' }
  | { type: 'resume.request' }
  | { type: 'resume.succeeded' }
  | { type: 'resume.failed' }
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

import type { CampaignField, CampaignStatus } from './campaignLifecycle.types';

export const ALL_CAMPAIGN_FIELDS: readonly CampaignField[] = [
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

/** The names people read in messages ("its budget cannot change"). */
export const CAMPAIGN_FIELD_LABELS: Record<CampaignField, string> = {
  name: 'name',
  customerId: 'customer',
  objectiveId: 'objective',
  startDate: 'start date',
  endDate: 'end date',
  budgetMinor: 'budget',
  currency: 'currency',
  platforms: 'platforms',
  audience: 'audience',
  flights: 'flights',
  ads: 'ads',
  budgetId: 'budget assignment',
};

/**
 * Name and customer are ours alone; nothing on an ad platform depends on them. The budget assignment is
 * bookkeeping too, but it is kept with the plan (draft and failed only): moving a live campaign to
 * another budget would change what that budget shows as committed behind the planner's back.
 */
const BOOKKEEPING: readonly CampaignField[] = ['name', 'customerId'];

/**
 * What a change to a live campaign may touch (issue 28): the total and per-platform amounts, the flights
 * and the end date, the audience and the ads. The objective, currency, start date and the list of
 * platforms stay as launched (another objective or currency is another campaign on every platform; a
 * platform added or removed is a launch or a delete there). The edits make a draft over what runs; Apply
 * changes sends it to the platforms (server/planning/apply.ts). Days already delivered and money already
 * spent are the server's checks on top (contract/planning/liveChange.ts).
 */
const LIVE_CHANGE: readonly CampaignField[] = [
  ...BOOKKEEPING,
  'budgetMinor',
  'platforms',
  'endDate',
  'flights',
  'audience',
  'ads',
];

/**
 * Which fields may still change in each status. A plan is fully editable until it reaches the ad
 * platforms (draft) or after it failed to (failed, so it can be fixed and launched again). Once on the
 * platforms, a change is planned as a draft over what runs (LIVE_CHANGE) and applied as a whole. A
 * completed campaign keeps what it ran. While a job works on the campaign, nothing changes under it.
 */
export const EDITABLE_FIELDS: Record<CampaignStatus, readonly CampaignField[]> = {
  draft: ALL_CAMPAIGN_FIELDS,
  failed: ALL_CAMPAIGN_FIELDS,
  launching: [],
  scheduled: LIVE_CHANGE,
  active: LIVE_CHANGE,
  pausing: [],
  paused: LIVE_CHANGE,
  resuming: [],
  completed: BOOKKEEPING,
  deleting: [],
};

/** The statuses in which the plan is on the platforms, so an edit is a change to apply (issue 28). */
export const LIVE_STATUSES: readonly CampaignStatus[] = ['scheduled', 'active', 'paused'];

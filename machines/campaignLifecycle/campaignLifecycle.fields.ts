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
 * Which fields may still change in each status. A plan is fully editable until it reaches the ad
 * platforms (draft) or after it failed to (failed, so it can be fixed and launched again). Once on the
 * platforms, what they run (objective, dates, budget, currency, platforms) stays as launched: the
 * connectors have no update call yet, so changing it here would make the plan lie about what runs.
 * While a job works on the campaign, nothing changes under it.
 */
export const EDITABLE_FIELDS: Record<CampaignStatus, readonly CampaignField[]> = {
  draft: ALL_CAMPAIGN_FIELDS,
  failed: ALL_CAMPAIGN_FIELDS,
  launching: [],
  scheduled: BOOKKEEPING,
  active: BOOKKEEPING,
  pausing: [],
  paused: BOOKKEEPING,
  resuming: [],
  completed: BOOKKEEPING,
  deleting: [],
};

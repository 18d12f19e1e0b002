export {
  type CampaignOverviewSnapshot,
  type CampaignOverviewView,
  connectCampaignOverview,
} from './campaignOverview.connect';
export {
  BUDGET_FORMAT_MESSAGE,
  type CampaignOverviewMachine,
  campaignOverviewMachine,
  overviewRequest,
  validateOverview,
} from './campaignOverview.machine';
export * from './campaignOverview.types';

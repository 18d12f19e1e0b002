export {
  type CampaignProgressPhase,
  type CampaignProgressSnapshot,
  type CampaignProgressView,
  connectCampaignProgress,
} from './campaignProgress.connect';
export {
  type CampaignProgressMachine,
  campaignProgressMachine,
  isDetailInProgress,
} from './campaignProgress.machine';
export * from './campaignProgress.types';

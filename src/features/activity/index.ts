export { ActivityView } from './ActivityView';
export { CampaignActivity } from './CampaignActivity';

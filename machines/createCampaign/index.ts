export { type CreateCampaignView, connectCreateCampaign } from './createCampaign.connect';
export { createCampaignMachine, initialObjectiveId } from './createCampaign.machine';
export * from './createCampaign.types';

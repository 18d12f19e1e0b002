export {
  type CampaignDeliveryPhase,
  type CampaignDeliverySnapshot,
  type CampaignDeliveryView,
  connectCampaignDelivery,
} from './campaignDelivery.connect';
export {
  type CampaignDeliveryMachine,
  campaignDeliveryMachine,
  isDeliveryEmpty,
} from './campaignDelivery.machine';
export * from './campaignDelivery.types';

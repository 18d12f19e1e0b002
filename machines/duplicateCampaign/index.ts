export {
  connectDuplicateCampaign,
  type DuplicateCampaignPhase,
  type DuplicateCampaignSnapshot,
  type DuplicateCampaignView,
} from './duplicateCampaign.connect';
export {
  type DuplicateCampaignMachine,
  describeRefusal,
  duplicateCampaignMachine,
} from './duplicateCampaign.machine';
export * from './duplicateCampaign.rules';
export * from './duplicateCampaign.types';

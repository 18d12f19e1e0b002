/**
 * The oracles by chart name, for `npm run test:paths` (each path test file imports its own).
 * A chart not listed here still runs its paths without an oracle (replayed against the machine
 * only). Every registered chart has one.
 */
import type { ChartOracle } from '../oracle';
import { adAccountChoiceOracle } from './adAccountChoice';
import { assetLibraryOracle } from './assetLibrary';
import { assetUploadOracle } from './assetUpload';
import { budgetCreateOracle } from './budgetCreate';
import { budgetEditOracle } from './budgetEdit';
import { budgetPacingOracle } from './budgetPacing';
import { campaignDeliveryOracle } from './campaignDelivery';
import { campaignLifecycleOracle } from './campaignLifecycle';
import { campaignProgressOracle } from './campaignProgress';
import { challengeOracle } from './challenge';
import { chartPageOracle } from './chartPage';
import { chartSimulationOracle } from './chartSimulation';
import { chartsIndexOracle } from './chartsIndex';
import { chartsLiveOracle } from './chartsLive';
import { codeEntryOracle } from './codeEntry';
import { createCampaignOracle } from './createCampaign';
import { createRecordOracle } from './createRecord';
import { customDomainsOracle } from './customDomains';
import { customerFormOracle } from './customerForm';
import { duplicateCampaignOracle } from './duplicateCampaign';
import { enrolAuthenticatorOracle } from './enrolAuthenticator';
import { iconUploadOracle } from './iconUpload';
import { inboxOracle } from './inbox';
import { invitationAcceptanceOracle } from './invitationAcceptance';
import { liveChangeOracle } from './liveChange';
import { magicLinkOracle } from './magicLink';
import { modalActionOracle } from './modalAction';
import { notificationSettingsOracle } from './notificationSettings';
import { onboardingOracle } from './onboarding';
import { pacingSettingsOracle } from './pacingSettings';
import { pacingSuggestionOracle } from './pacingSuggestion';
import { placementLifecycleOracle } from './placementLifecycle';
import { placementToggleOracle } from './placementToggle';
import { planChangeOracle } from './planChange';
import { planningAudienceOracle } from './planningAudience';
import { planningCreativeOracle } from './planningCreative';
import { planningOverviewOracle } from './planningOverview';
import { planningPlatformsOracle } from './planningPlatforms';
import { planningPreflightOracle } from './planningPreflight';
import { planningReviewOracle } from './planningReview';
import { planningScheduleOracle } from './planningSchedule';
import { planningWizardOracle } from './planningWizard';
import { planSaveOracle } from './planSave';
import { recoveryCodeEntryOracle } from './recoveryCodeEntry';
import { recoveryCodesOracle } from './recoveryCodes';
import { reportOracle } from './report';
import { resourceListOracle } from './resourceList';
import { revisionCompareOracle } from './revisionCompare';
import { revisionHistoryOracle } from './revisionHistory';
import { revisionLifecycleOracle } from './revisionLifecycle';
import { securitySettingsOracle } from './securitySettings';
import { sessionOracle } from './session';
import { signInOracle } from './signIn';
import { signOffOracle } from './signOff';
import { signOffSettingOracle } from './signOffSetting';
import { signUpOracle } from './signUp';
import { ssoSettingsOracle } from './ssoSettings';
import { stepUpConfirmationOracle } from './stepUpConfirmation';
import { teamManagementOracle } from './teamManagement';
import { trialGateOracle } from './trialGate';
import { webauthnCeremonyOracle } from './webauthnCeremony';
import { whiteLabelSettingsOracle } from './whiteLabelSettings';

export const oracles: Readonly<Record<string, ChartOracle>> = {
  trialGate: trialGateOracle,
  createRecord: createRecordOracle,
  planChange: planChangeOracle,
  whiteLabelSettings: whiteLabelSettingsOracle,
  iconUpload: iconUploadOracle,
  customDomains: customDomainsOracle,
  createCampaign: createCampaignOracle,
  customerForm: customerFormOracle,
  challenge: challengeOracle,
  codeEntry: codeEntryOracle,
  webauthnCeremony: webauthnCeremonyOracle,
  magicLink: magicLinkOracle,
  recoveryCodeEntry: recoveryCodeEntryOracle,
  signIn: signInOracle,
  signUp: signUpOracle,
  onboarding: onboardingOracle,
  budgetCreate: budgetCreateOracle,
  budgetEdit: budgetEditOracle,
  budgetPacing: budgetPacingOracle,
  planningOverview: planningOverviewOracle,
  planningPlatforms: planningPlatformsOracle,
  planningAudience: planningAudienceOracle,
  planningSchedule: planningScheduleOracle,
  planningCreative: planningCreativeOracle,
  assetUpload: assetUploadOracle,
  assetLibrary: assetLibraryOracle,
  adAccountChoice: adAccountChoiceOracle,
  planningReview: planningReviewOracle,
  planningPreflight: planningPreflightOracle,
  planningWizard: planningWizardOracle,
  planSave: planSaveOracle,
  campaignProgress: campaignProgressOracle,
  report: reportOracle,
  campaignDelivery: campaignDeliveryOracle,
  resourceList: resourceListOracle,
  session: sessionOracle,
  enrolAuthenticator: enrolAuthenticatorOracle,
  recoveryCodes: recoveryCodesOracle,
  campaignLifecycle: campaignLifecycleOracle,
  revisionLifecycle: revisionLifecycleOracle,
  signOff: signOffOracle,
  inbox: inboxOracle,
  liveChange: liveChangeOracle,
  notificationSettings: notificationSettingsOracle,
  revisionHistory: revisionHistoryOracle,
  revisionCompare: revisionCompareOracle,
  signOffSetting: signOffSettingOracle,
  placementLifecycle: placementLifecycleOracle,
  modalAction: modalActionOracle,
  duplicateCampaign: duplicateCampaignOracle,
  stepUpConfirmation: stepUpConfirmationOracle,
  securitySettings: securitySettingsOracle,
  teamManagement: teamManagementOracle,
  invitationAcceptance: invitationAcceptanceOracle,
  ssoSettings: ssoSettingsOracle,
  placementToggle: placementToggleOracle,
  pacingSettings: pacingSettingsOracle,
  pacingSuggestion: pacingSuggestionOracle,
  chartsIndex: chartsIndexOracle,
  chartPage: chartPageOracle,
  chartSimulation: chartSimulationOracle,
  chartsLive: chartsLiveOracle,
};

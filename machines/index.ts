/**
 * The registry of every statechart. Each entry gets a diagram in
 * `docs/charts/<name>.md` (`npm run charts`) and generated path tests
 * (`tests/machines/<name>.paths.test.ts`, `npm run test:paths`).
 *
 * To register a machine: write `<flow>.chart.ts` next to it with `defineChart`,
 * import it here and add it to the list.
 */

import { adAccountChoiceChart } from './adAccountChoice/adAccountChoice.chart';
import { assetLibraryChart } from './assetLibrary/assetLibrary.chart';
import { assetUploadChart } from './assetUpload/assetUpload.chart';
import { budgetCreateChart } from './budgetForm/budgetCreate.chart';
import { budgetEditChart } from './budgetForm/budgetEdit.chart';
import { budgetPacingChart } from './budgetPacing/budgetPacing.chart';
import { campaignDeliveryChart } from './campaignDelivery/campaignDelivery.chart';
import { campaignLifecycleChart } from './campaignLifecycle/campaignLifecycle.chart';
import { placementLifecycleChart } from './campaignLifecycle/placementLifecycle.chart';
import { campaignProgressChart } from './campaignProgress/campaignProgress.chart';
import { challengeChart } from './challenge/challenge.chart';
import type { Chart } from './chart';
import { chartPageChart } from './chartsExplorer/chartPage.chart';
import { chartSimulationChart } from './chartsExplorer/chartSimulation.chart';
import { chartsIndexChart } from './chartsExplorer/chartsIndex.chart';
import { chartsLiveChart } from './chartsExplorer/chartsLive.chart';
import { codeEntryChart } from './codeEntry/codeEntry.chart';
import { createCampaignChart } from './createCampaign/createCampaign.chart';
import { createRecordChart } from './createRecord/createRecord.chart';
import { customDomainsChart } from './customDomains/customDomains.chart';
import { customerFormChart } from './customerForm/customerForm.chart';
import { duplicateCampaignChart } from './duplicateCampaign/duplicateCampaign.chart';
import { enrolAuthenticatorChart } from './enrolAuthenticator/enrolAuthenticator.chart';
import { iconUploadChart } from './iconUpload/iconUpload.chart';
import { inboxChart } from './inbox/inbox.chart';
import { invitationAcceptanceChart } from './invitationAcceptance/invitationAcceptance.chart';
import { liveChangeChart } from './liveChange/liveChange.chart';
import { magicLinkChart } from './magicLink/magicLink.chart';
import { modalActionChart } from './modalAction/modalAction.chart';
import { notificationSettingsChart } from './notificationSettings/notificationSettings.chart';
import { onboardingChart } from './onboarding/onboarding.chart';
import { pacingSettingsChart } from './pacingSettings/pacingSettings.chart';
import { pacingSuggestionChart } from './pacingSuggestion/pacingSuggestion.chart';
import { placementToggleChart } from './placementToggle/placementToggle.chart';
import { planChangeChart } from './planChange/planChange.chart';
import { planImportChart } from './planImport/planImport.chart';
import { planningAudienceChart } from './planning/planningAudience/planningAudience.chart';
import { planningCreativeChart } from './planning/planningCreative/planningCreative.chart';
import { planningOverviewChart } from './planning/planningOverview/planningOverview.chart';
import { planningPlatformsChart } from './planning/planningPlatforms/planningPlatforms.chart';
import { planningPreflightChart } from './planning/planningPreflight/planningPreflight.chart';
import { planningReviewChart } from './planning/planningReview/planningReview.chart';
import { planningScheduleChart } from './planning/planningSchedule/planningSchedule.chart';
import { planningWizardChart } from './planning/planningWizard/planningWizard.chart';
import { planSaveChart } from './planning/planSave/planSave.chart';
import { platformConnectionChart } from './platformConnection/platformConnection.chart';
import { recoveryCodeEntryChart } from './recoveryCodeEntry/recoveryCodeEntry.chart';
import { recoveryCodesChart } from './recoveryCodes/recoveryCodes.chart';
import { reportChart } from './report/report.chart';
import { resourceListChart } from './resourceList/resourceList.chart';
import { revisionCompareChart } from './revisionCompare/revisionCompare.chart';
import { revisionHistoryChart } from './revisionHistory/revisionHistory.chart';
import { revisionLifecycleChart } from './revisionLifecycle/revisionLifecycle.chart';
import { securitySettingsChart } from './securitySettings/securitySettings.chart';
import { sessionChart } from './session/session.chart';
import { signInChart } from './signIn/signIn.chart';
import { signOffChart } from './signOff/signOff.chart';
import { signOffSettingChart } from './signOffSetting/signOffSetting.chart';
import { signUpChart } from './signUp/signUp.chart';
import { ssoSettingsChart } from './ssoSettings/ssoSettings.chart';
import { stepUpConfirmationChart } from './stepUpConfirmation/stepUpConfirmation.chart';
import { teamManagementChart } from './teamManagement/teamManagement.chart';
import { trialGateChart } from './trialGate/trialGate.chart';
import { webauthnCeremonyChart } from './webauthnCeremony/webauthnCeremony.chart';
import { whiteLabelSettingsChart } from './whiteLabelSettings/whiteLabelSettings.chart';

export const charts: readonly Chart[] = [
  signInChart,
  signUpChart,
  resourceListChart,
  sessionChart,
  trialGateChart,
  // Settings pages: onboarding, organizations/accounts, billing, white-label.
  onboardingChart,
  createRecordChart,
  planChangeChart,
  whiteLabelSettingsChart,
  iconUploadChart,
  customDomainsChart,
  // Campaign and customer modals.
  modalActionChart,
  // The duplicate dialog (issue 28): a copy for the next period, its dates moved, the budget that fits.
  duplicateCampaignChart,
  // A risky action's request and its step-up (invoked by modalAction and securitySettings).
  stepUpConfirmationChart,
  createCampaignChart,
  // Customers page: create and rename.
  customerFormChart,
  // The campaign lifecycle the server enforces: the campaign, and each of its placements.
  campaignLifecycleChart,
  placementLifecycleChart,
  // Plan revisions and sign-off (issue 27): the revision lifecycle the server enforces.
  revisionLifecycleChart,
  // The approver's review of one revision: approve through the step-up, or ask for changes.
  signOffChart,
  // The notification bell (issue 27): the member's inbox.
  inboxChart,
  notificationSettingsChart,
  // …and in the browser: the campaign's Revisions tab, the comparison page, the organization's setting.
  revisionHistoryChart,
  revisionCompareChart,
  signOffSettingChart,
  // Planning wizard (issue 12): the wizard, and its steps' charts.
  planningWizardChart,
  // The wizard's saving, a child chart it invokes as `planSave`.
  planSaveChart,
  planningOverviewChart,
  planningPlatformsChart,
  planningAudienceChart,
  planningScheduleChart,
  planningCreativeChart,
  assetUploadChart,
  assetLibraryChart,
  planningReviewChart,
  planningPreflightChart,
  // A live campaign's change (issue 28): reviewed against what runs, applied behind the step-up.
  liveChangeChart,
  // The plan in and out (issue 13): the import dialog.
  planImportChart,
  // Budgets: the create and edit forms.
  budgetCreateChart,
  budgetEditChart,
  budgetPacingChart,
  // Pacing alerts (issue 28): the account's thresholds, and the campaign page's suggestion.
  pacingSettingsChart,
  pacingSuggestionChart,
  // Campaign page: per-platform progress.
  campaignProgressChart,
  // Campaign page (issue 28): pausing or resuming one platform from its row.
  placementToggleChart,
  // Platforms (issue 14): connecting an ad platform through its consent page, disconnecting one.
  platformConnectionChart,
  // A platform login that reaches several ad accounts (issue 29): the planner chooses one.
  adAccountChoiceChart,
  // Reports (issue 14): the cross-platform report page, its state in the URL.
  reportChart,
  campaignDeliveryChart,
  // Step-up challenge dialog: the dialog and its method views.
  challengeChart,
  codeEntryChart,
  webauthnCeremonyChart,
  magicLinkChart,
  recoveryCodeEntryChart,
  // Security settings: the user's sign-in methods for step-up, adding and removing one.
  securitySettingsChart,
  enrolAuthenticatorChart,
  recoveryCodesChart,
  // Teams (issue 26): the Team page.
  teamManagementChart,
  // Single sign-on (issue 26): the organization's identity provider settings.
  ssoSettingsChart,
  // The invitation e-mail's page: sign up or in with the invited address, then join.
  invitationAcceptanceChart,
  // The charts explorer (issue 30): its index of every chart, and one chart's page.
  chartsIndexChart,
  chartPageChart,
  chartSimulationChart,
  chartsLiveChart,
];

export function getChart(name: string): Chart {
  const chart = charts.find((candidate) => candidate.name === name);
  if (!chart) throw new Error(`No chart named "${name}" in machines/index.ts`);
  return chart;
}

export { type Chart, defineChart, type SampleEvent } from './chart';

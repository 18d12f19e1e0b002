/**
 * The oracles by chart name, for `npm run test:paths` (each path test file imports its own).
 * A chart not listed here still runs its paths without an oracle (replayed against the machine
 * only); signIn, signUp, onboarding and campaignProgress are waiting for theirs while they are
 * being refactored.
 */
import type { ChartOracle } from '../../paths/oracle';
import { challengeOracle } from './challenge';
import { codeEntryOracle } from './codeEntry';
import { createCampaignOracle } from './createCampaign';
import { createRecordOracle } from './createRecord';
import { customerFormOracle } from './customerForm';
import { iconUploadOracle } from './iconUpload';
import { magicLinkOracle } from './magicLink';
import { modalActionOracle } from './modalAction';
import { planChangeOracle } from './planChange';
import { securitySettingsOracle } from './securitySettings';
import { stepUpConfirmationOracle } from './stepUpConfirmation';
import { trialGateOracle } from './trialGate';
import { webauthnCeremonyOracle } from './webauthnCeremony';
import { whiteLabelSettingsOracle } from './whiteLabelSettings';

export const oracles: Readonly<Record<string, ChartOracle>> = {
  trialGate: trialGateOracle,
  createRecord: createRecordOracle,
  planChange: planChangeOracle,
  whiteLabelSettings: whiteLabelSettingsOracle,
  iconUpload: iconUploadOracle,
  createCampaign: createCampaignOracle,
  customerForm: customerFormOracle,
  challenge: challengeOracle,
  codeEntry: codeEntryOracle,
  webauthnCeremony: webauthnCeremonyOracle,
  magicLink: magicLinkOracle,
  modalAction: modalActionOracle,
  stepUpConfirmation: stepUpConfirmationOracle,
  securitySettings: securitySettingsOracle,
};

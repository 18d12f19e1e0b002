import type { ChallengeOptions } from '../../contract/provider';

/**
 * Types of the campaign and customer modal actions (`modalAction`): delete, duplicate or launch a campaign,
 * delete a customer. One machine, parametrised by `kind`.
 */

export const MODAL_ACTION_KINDS = [
  'deleteCampaign',
  'duplicateCampaign',
  'launchCampaign',
  'pauseCampaign',
  'resumeCampaign',
  'deleteCustomer',
] as const;
export type ModalActionKind = (typeof MODAL_ACTION_KINDS)[number];

/** The query parameter set to `true` once the action succeeded (the page refreshes what it shows). */
export const DONE_FLAGS = {
  deleteCampaign: 'campaignDeleted',
  duplicateCampaign: 'campaignDuplicated',
  launchCampaign: 'campaignLaunched',
  pauseCampaign: 'campaignPaused',
  resumeCampaign: 'campaignResumed',
  deleteCustomer: 'customerDeleted',
} as const satisfies Record<ModalActionKind, string>;
export type DoneFlag = (typeof DONE_FLAGS)[ModalActionKind];

/** What the modal needs of the campaign or customer it acts on. */
export interface ModalRecord {
  name: string;
  /** Display names of the campaign's platforms (empty for a customer). */
  platformNames: string[];
}

export interface ModalActionInput {
  kind: ModalActionKind;
  /** The campaign's or customer's id, as the URL carries it. */
  id: string;
}

/**
 * What `submitAction` receives: `name` is the trimmed new name (duplicate only, else ''); `stepUpToken` the
 * verified token of the step-up the server asked for, sent once.
 */
export interface SubmitActionInput {
  kind: ModalActionKind;
  id: string;
  name: string;
  stepUpToken: string | null;
}

/** How the step-up dialog ended: a verified token, the person's cancel, or expiry. */
export type { StepUpOutcome } from '../challenge/challenge.types';

/** Shown when the step-up token ran out before the person confirmed. */
export const STEP_UP_EXPIRED_MESSAGE = 'The confirmation took too long and expired. Try again.';

export interface ModalActionContext {
  kind: ModalActionKind;
  id: string;
  /** Null until loaded (and when not found). */
  record: ModalRecord | null;
  /** The duplicate's name as typed. */
  value: string;
  /** Message under the name field (duplicate): client check, server validationErrors or businessError. */
  fieldError: string | null;
  /** The server's refusal (businessError) or a network failure, for the modals without a field. */
  businessError: string | null;
  /** The challenge options of the server's CHALLENGE_REQUIRED answer, while the step-up runs. */
  challenge: ChallengeOptions | null;
  /** The verified token for the next submit (single use). */
  stepUpToken: string | null;
}

export type ModalActionEvent =
  | { type: 'field.change'; value: string }
  | { type: 'modal.submit' }
  | { type: 'modal.cancel' }
  | { type: 'modal.retry' };

export type ModalActionEmitted = { type: 'modal.succeeded'; flag: DoneFlag } | { type: 'modal.close' };

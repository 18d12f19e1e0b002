import type { LaunchBlocker } from '@contract/campaigns';

/**
 * Types of the campaign and customer modal actions (`modalAction`): delete, launch, pause or resume a
 * campaign, delete a customer. One machine, parametrised by `kind`. (Duplicating has its own chart, with a
 * form: machines/duplicateCampaign.)
 */

export const MODAL_ACTION_KINDS = [
  'deleteCampaign',
  'launchCampaign',
  'pauseCampaign',
  'resumeCampaign',
  'deleteCustomer',
] as const;
export type ModalActionKind = (typeof MODAL_ACTION_KINDS)[number];

/** The query parameter set to `true` once the action succeeded (the page refreshes what it shows). */
export const DONE_FLAGS = {
  deleteCampaign: 'campaignDeleted',
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
  /**
   * Launch only: why the campaign cannot launch now, as the server's launch would refuse it, and the wizard
   * step that fixes it (null step: connect a platform). The modal says so instead of asking to confirm.
   */
  launchBlocker?: LaunchBlocker | null;
}

export interface ModalActionInput {
  kind: ModalActionKind;
  /** The campaign's or customer's id, as the URL carries it. */
  id: string;
}

/** The request the modal asks the step-up confirmation (`submitAction`) to send. */
export interface ModalActionRequest {
  kind: ModalActionKind;
  id: string;
}

/**
 * What the app's sender receives: the request, and `stepUpToken`, the verified token of the step-up the
 * server asked for (sent once, in X-Step-Up-Token), else null.
 */
export interface SubmitActionInput extends ModalActionRequest {
  stepUpToken: string | null;
}

/** How the step-up dialog ended (a verified token, the person's cancel, or expiry), and what expiry says. */
export { STEP_UP_EXPIRED_MESSAGE, type StepUpOutcome } from '../stepUpConfirmation/stepUpConfirmation.types';

export interface ModalActionContext {
  kind: ModalActionKind;
  id: string;
  /** Null until loaded (and when not found). */
  record: ModalRecord | null;
  /** The server's refusal (businessError), a network failure, or an expired step-up. */
  businessError: string | null;
}

export type ModalActionEvent = { type: 'modal.submit' } | { type: 'modal.cancel' } | { type: 'modal.retry' };

export type ModalActionEmitted = { type: 'modal.succeeded'; flag: DoneFlag } | { type: 'modal.close' };

/**
 * Step-up enforcement on the app's risky actions (issue 5): a request without a valid verified token is
 * answered `403 { message, errorCode: 'CHALLENGE_REQUIRED', challenge }` (challenge options, spec section 3);
 * the browser runs the challenge dialog and sends the request again with the verified token in the header.
 */

export const STEP_UP_HEADER = 'X-Step-Up-Token';
export const CHALLENGE_REQUIRED = 'CHALLENGE_REQUIRED';

/** The provider action name of each risky action: a token verified for one does not open another. */
export const STEP_UP_ACTIONS = {
  launchCampaign: 'launchCampaign',
  deleteCampaign: 'deleteCampaign',
  deleteCustomer: 'deleteCustomer',
  removeAuthenticator: 'removeAuthenticator',
} as const;
export type StepUpAction = (typeof STEP_UP_ACTIONS)[keyof typeof STEP_UP_ACTIONS];

/** The 403's message when no token came, and when the one that came is refused (by reason). */
export const STEP_UP_MESSAGES = {
  required: 'Confirm it’s you to continue.',
  expired: 'The confirmation expired. Confirm it’s you again.',
  replayed: 'That confirmation was already used. Confirm it’s you again.',
  mismatch: 'That confirmation was for something else. Confirm it’s you again.',
  invalid: 'The confirmation could not be checked. Confirm it’s you again.',
} as const;

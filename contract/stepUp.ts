import * as v from 'valibot';

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
  /** Resuming starts spending again, like a launch; pausing stops spending and asks for no step-up. */
  resumeCampaign: 'resumeCampaign',
  deleteCampaign: 'deleteCampaign',
  deleteCustomer: 'deleteCustomer',
  removeAuthenticator: 'removeAuthenticator',
  /**
   * Adding a sign-in method (POST /api/security/enrollment-token): confirmed with a method the user already
   * has — or, with none, a code to the sign-in address — so a session alone cannot add one (issue 11).
   */
  addAuthenticator: 'addAuthenticator',
  /** Disconnecting an ad platform stops its delivery sync and drops the account's tokens (issue 14). */
  disconnectPlatform: 'disconnectPlatform',
  /**
   * Connecting over an existing connection (issue 26): it re-points the tokens launches and delivery use, so
   * a stolen session could otherwise swap in an ad account of its own. A first connection asks nothing.
   */
  reconnectPlatform: 'reconnectPlatform',
  /** A member's role or accounts (issue 26): a stolen session could otherwise hand itself more access. */
  changeMember: 'changeMember',
  /** Removing a member ends their sessions in the organization. */
  removeMember: 'removeMember',
  /** Withdrawing an invitation that has not been accepted yet. */
  revokeInvitation: 'revokeInvitation',
  /**
   * Approving a plan revision (issue 27): the token is bound to that revision and its content hash, so it
   * approves neither another revision nor a later one.
   */
  approvePlan: 'approvePlan',
  /**
   * Applying a change to a live campaign (issue 28): it changes what the platforms spend, like a launch. The
   * token is bound to the change's hash, so it applies neither another campaign's change nor a later edit.
   */
  applyChange: 'applyChange',
} as const;
export type StepUpAction = (typeof STEP_UP_ACTIONS)[keyof typeof STEP_UP_ACTIONS];

/** What a risky action changes: the step-up token is bound to it (issue 11). */
export const STEP_UP_TARGET_KINDS = [
  'campaign',
  'customer',
  'authenticator',
  'platformConnection',
  'member',
  'invitation',
  'planRevision',
] as const;
export type StepUpTargetKind = (typeof STEP_UP_TARGET_KINDS)[number];

/**
 * The target of a risky action, built by the app server from the row it is about to change. Its kind and id,
 * plus a digest of `description` and `params`, go into the challenge token and every token verified from it;
 * the action is refused with a token for another target, or for the same one after what was shown changed.
 * `description` is shown in the challenge dialog (challenge options' `description`).
 */
export interface StepUpTarget {
  kind: StepUpTargetKind;
  id: string;
  /** One line for the person confirming: "Delete campaign Spring Launch on Meta and TikTok". */
  description: string;
  /** The change's essential parameters (budget, dates, platforms): a token verified before they changed is refused. */
  params?: Readonly<Record<string, unknown>>;
}

/** The 403's message when no token came, and when the one that came is refused (by reason). */
export const STEP_UP_MESSAGES = {
  required: 'Confirm it’s you to continue.',
  expired: 'The confirmation expired. Confirm it’s you again.',
  replayed: 'That confirmation was already used. Confirm it’s you again.',
  mismatch: 'That confirmation was for something else. Confirm it’s you again.',
  invalid: 'The confirmation could not be checked. Confirm it’s you again.',
} as const;

const Hex = v.pipe(
  v.string(),
  v.regex(/^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i, 'Use a hex colour such as #05d197'),
);
const Length = v.pipe(
  v.string(),
  v.regex(/^\d+(?:\.\d+)?(?:px|rem|em)$/, 'Use a length such as 4px or 0.5rem'),
);

/**
 * The provider configuration's appearance variables (spec section 3): colours, spacing unit, border radius.
 * Each is optional; the app theme (with the white-label primary colour) fills in the rest.
 */
export const ProviderAppearanceSchema = v.object({
  colors: v.optional(
    v.object({
      primary: v.optional(Hex),
      onPrimary: v.optional(Hex),
      text: v.optional(Hex),
      textMuted: v.optional(Hex),
      background: v.optional(Hex),
      border: v.optional(Hex),
      danger: v.optional(Hex),
    }),
  ),
  spacingUnit: v.optional(Length),
  borderRadius: v.optional(Length),
});
export type ProviderAppearance = v.InferOutput<typeof ProviderAppearanceSchema>;

/** GET /api/security/provider: how the browser's step-up client reaches the provider, and how the dialog looks. */
export const ProviderClientConfigSchema = v.object({
  tenantId: v.string(),
  baseUrl: v.string(),
  regionalBaseUrl: v.optional(v.string()),
  appearance: ProviderAppearanceSchema,
  /** FINGERPRINT_SCRIPT_URL: the device-fingerprint script the step-up runtime loads; absent when none is configured. */
  fingerprintScriptUrl: v.optional(v.pipe(v.string(), v.url())),
});
export type ProviderClientConfig = v.InferOutput<typeof ProviderClientConfigSchema>;

/**
 * The product spec's timing and size constants, in one place.
 *
 * Machines name their delays in `setup({ delays })` (`errorReset`, `pollInterval`, ...)
 * and take the values from here, so the diagrams, the tests and the app agree. The step-up rules the
 * provider enforces too (code length, token lifetime, resend cooldown) are defined in contract/provider.ts and
 * only converted here; the trial's length is contract/billing.ts's TRIAL_DAYS.
 */

import {
  CODE_LENGTH,
  MAGIC_LINK_TTL_SECONDS,
  RESEND_COOLDOWN_SECONDS,
  TOKEN_TTL_SECONDS,
} from '@contract/provider';

/** How often the signed-in user's profile is refreshed in the background. */
export const USER_REFRESH_MS = 200_000;
/** Pause before redirecting to the accounts page after choosing an organization. */
export const ACCOUNTS_REDIRECT_MS = 256;
/** How long a wrong verification code stays on screen before the field resets. */
export const ERROR_RESET_MS = 500;
/** Interval between two status checks while waiting on a long-running job. */
export const POLL_MS = 1000;
/** Number of digits in a one-time verification code (defined once, with the provider's rules). */
export { CODE_LENGTH };
/** Rows per page in paginated lists. */
export const DEFAULT_PAGE_SIZE = 10;
/** How often the magic-link view asks whether the link was followed. */
export const MAGIC_LINK_POLL_MS = 1000;
/** Lifetime of an e-mailed magic link (the provider's): the view stops asking and offers a new link. */
export const MAGIC_LINK_LIFETIME_MS = MAGIC_LINK_TTL_SECONDS * 1000;
/** Lifetime of a step-up token: the challenge dialog closes (expired) when it runs out. */
export const TOKEN_LIFETIME_MS = TOKEN_TTL_SECONDS * 1000;
/** Wait before another e-mail or text-message code can be requested (the provider refuses earlier sends). */
export const RESEND_COOLDOWN_MS = RESEND_COOLDOWN_SECONDS * 1000;
/** Quiet time after a planner's last valid edit in the planning wizard before the step is saved. */
export const PLAN_SAVE_DEBOUNCE_MS = 800;
/** How often the notification bell asks for news (issue 27); opening it asks at once. */
export const INBOX_POLL_MS = 60_000;

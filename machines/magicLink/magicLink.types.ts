/** Types of the e-mail magic-link view of the step-up dialog (`magicLink`). */

/** What `checkStatus` resolves: the provider's finalize answer. */
export interface LinkStatus {
  isVerified: boolean;
  token?: string;
  error?: string;
}

export interface MagicLinkContext {
  /** Why sending or checking stopped. */
  error: string | null;
  token: string | null;
  /** The page is hidden (another tab is in front): no status checks until it is shown again. */
  isHidden: boolean;
}

export type MagicLinkEvent =
  | { type: 'link.resend' }
  /** The view's `document.visibilitychange`: the page went to the background. */
  | { type: 'visibility.hidden' }
  /** The view's `document.visibilitychange`: the page is shown again. */
  | { type: 'visibility.visible' };

export interface MagicLinkOutput {
  token: string;
}

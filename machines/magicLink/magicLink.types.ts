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
}

export type MagicLinkEvent = { type: 'link.resend' };

export interface MagicLinkOutput {
  token: string;
}

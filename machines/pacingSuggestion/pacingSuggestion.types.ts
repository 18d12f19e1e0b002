import type { PacingSuggestion } from '@contract/pacing';

/**
 * Types of the campaign page's pacing suggestion (`pacingSuggestion`, issue 28): move the money a platform
 * will leave unspent to one that delivers, applied as a change of the live campaign.
 */

export type { PacingSuggestion };

export interface PacingSuggestionInput {
  campaignId: string;
  currency: string;
  suggestion: PacingSuggestion;
  /** The member may change plans (`campaigns.plan`). */
  canApply: boolean;
  /** Why not, as the policy says it; null when allowed. */
  applyRefusal: string | null;
}

export interface ApplySuggestionInput {
  campaignId: string;
  suggestion: PacingSuggestion;
}

export interface PacingSuggestionContext extends PacingSuggestionInput {
  /** Why the change was refused (the server's words), or no answer. */
  error: string | null;
}

export type PacingSuggestionEvent =
  | { type: 'suggestion.accept' }
  | { type: 'suggestion.dismiss' }
  | { type: 'error.dismiss' };

export type PacingSuggestionEmitted = { type: 'navigate'; to: string };

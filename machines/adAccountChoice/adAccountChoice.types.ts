import type { AdAccountChoice } from '@contract/connections';

/**
 * Types of the ad-account chooser (`adAccountChoice`, issue 29): a platform's grant reaches several ad
 * accounts (a Meta login with many, a Google Ads manager account with its clients) and the planner chooses
 * the one this Flightplan account runs.
 */

export type { AdAccountChoice };

export interface AdAccountChoiceInput {
  /** The platform key from the return URL (`?platform=`). */
  platform: string;
  /** The choice's id from the return URL (`?chooseAdAccount=`). */
  choiceId: string;
}

export interface ChooseInput extends AdAccountChoiceInput {
  adAccountId: string;
}

export interface AdAccountChoiceContext extends AdAccountChoiceInput {
  choice: AdAccountChoice | null;
  selectedId: string | null;
  /** Under the list: nothing chosen, or the server refused the one chosen. */
  fieldError: string | null;
  /** Above the buttons: a failure that is not about the choice (the server's words, or no answer). */
  error: string | null;
}

export type AdAccountChoiceEvent =
  | { type: 'account.select'; id: string }
  | { type: 'choice.submit' }
  | { type: 'choice.cancel' }
  | { type: 'retry' };

export type AdAccountChoiceEmitted = { type: 'connected'; platform: string } | { type: 'closed' };

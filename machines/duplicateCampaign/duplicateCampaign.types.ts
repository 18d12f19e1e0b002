/**
 * Types of the duplicate dialog (`duplicateCampaign`, issue 28): a copy of a campaign for the next period —
 * its name, and its dates moved by a number of days or weeks or to a new start date — drawing on the budget
 * that covers the new dates.
 */

export interface DuplicateCampaignInput {
  /** The campaign to copy, as the URL carries it (`?duplicateCampaign=true&campaignId=…`). */
  id: string;
}

/** A budget the copy could draw on: the campaign's customer's, in its currency. */
export interface SourceBudget {
  id: string;
  name: string;
  periodStart: string;
  periodEnd: string;
}

/** What the dialog needs of the campaign it copies. */
export interface DuplicateSource {
  name: string;
  /** 'YYYY-MM-DD'; null on a draft without dates (the copy has none either). */
  startDate: string | null;
  endDate: string | null;
  currency: string;
  /** The campaign's customer's name; null without a customer (the copy then draws on no budget). */
  customerName: string | null;
  /** The customer's budgets in the campaign's currency (any period). */
  budgets: SourceBudget[];
}

/** How the copy's dates are chosen: "Shift dates by" days or weeks, or a new start date. */
export type DatesMode = 'shift' | 'startDate';
export type ShiftUnit = 'days' | 'weeks';

/** What the dialog sends: `POST /data/campaigns/duplicate` with the trimmed name and the shift in days. */
export interface DuplicateRequest {
  campaignId: string;
  name: string;
  shiftDays: number;
}

/** The server's answer: the copy and the budget it draws on (null: none covers its dates). */
export interface DuplicateResult {
  campaignId: string;
  budget: { id: string; name: string } | null;
}

export interface DuplicateCampaignContext {
  id: string;
  /** Null until loaded (and when not found). */
  source: DuplicateSource | null;
  /** The new campaign's name as typed, and the message under it. */
  name: string;
  nameError: string | null;
  mode: DatesMode;
  /** "Shift dates by" as typed ('' = the same dates), and its unit. */
  shift: string;
  shiftUnit: ShiftUnit;
  /** The new start date ('YYYY-MM-DD' from the date field, '' when empty). */
  newStart: string;
  /** The message under the shift or the start date field (the one of `mode`). */
  datesError: string | null;
  /** A failure that is no field's: the server could not be reached, or refused the copy as a whole. */
  formError: string | null;
  /** Once duplicated: the server's answer. */
  result: DuplicateResult | null;
}

export type DuplicateCampaignEvent =
  | { type: 'name.change'; value: string }
  | { type: 'dates.mode'; mode: DatesMode }
  | { type: 'shift.change'; value: string }
  | { type: 'shift.unit'; unit: ShiftUnit }
  | { type: 'start.change'; value: string }
  | { type: 'modal.submit' }
  | { type: 'modal.cancel' }
  | { type: 'modal.retry' };

/** Told to the page: the copy exists (the done flag, "Open the copy", the budget it draws on), or close. */
export type DuplicateCampaignEmitted =
  | {
      type: 'modal.succeeded';
      flag: 'campaignDuplicated';
      createdId: string;
      budget: { id: string; name: string } | null;
    }
  | { type: 'modal.close' };

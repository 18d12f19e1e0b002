import type { FormFailure } from '../shared/formSubmit';
import type { FieldErrors } from '../shared/validation';

/**
 * Types of the budget create form (`budgetCreate`) at /budgets/new: a new budget's name, customer, period,
 * amount and currency, checked with the server's own schema (contract/resources.ts `BudgetFormSchema`, the
 * same rules as the edit form) and sent by `POST /api/budgets`.
 */

/** The form's fields; `customerId` is '' for none, `amount` is the amount as typed (the request carries `amountMinor`). */
export type BudgetCreateField = 'name' | 'customerId' | 'periodStart' | 'periodEnd' | 'amount' | 'currency';

export const BUDGET_CREATE_FIELDS: readonly BudgetCreateField[] = [
  'name',
  'customerId',
  'periodStart',
  'periodEnd',
  'amount',
  'currency',
];

/** Wire keys (the request's, the server's `validationErrors`) that are named otherwise in the form. */
export const BUDGET_CREATE_ALIASES: Partial<Record<string, BudgetCreateField>> = { amountMinor: 'amount' };

/** What `createBudget` receives: the POST body (name trimmed, no customer as null). */
export interface NewBudgetBody {
  name: string;
  customerId: string | null;
  periodStart: string;
  periodEnd: string;
  amountMinor: number;
  currency: string;
}

/** What `createBudget` resolves with: at least the new budget's id (the POST answers the whole record). */
export interface CreatedBudget {
  id: string;
}

export interface BudgetCreateContext {
  values: Record<BudgetCreateField, string>;
  /** Under each field: the schema's message on submit, or the server's validationErrors; cleared when edited. */
  fieldErrors: FieldErrors<BudgetCreateField>;
  /** Above the form: a business error (409/422), a refusal naming no field, or no answer at all. */
  formError: string | null;
  /** The refusal kept for the page's notices (e.g. the plan-upgrade notice for REQUIRES_UPGRADE). */
  failure: FormFailure | null;
  /** The new budget's id, once created. */
  budgetId: string | null;
}

export type BudgetCreateEvent =
  | { type: 'field.change'; field: BudgetCreateField; value: string }
  | { type: 'form.submit' };

/** Preset values, e.g. the customer the page was opened for (`/budgets/new?customer=<id>`). */
export interface BudgetCreateInput {
  customerId?: string;
  currency?: string;
}

/** Emitted once created: the view hands it to the router (to the new budget's page). */
export type BudgetCreateEmitted = { type: 'navigate'; to: string };

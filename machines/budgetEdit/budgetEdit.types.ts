import type { FormFailure } from '../shared/formSubmit';
import type { FieldErrors } from '../shared/validation';

/**
 * Types of the budget edit form (`budgetEdit`) at /budgets/:id/edit: a budget's name, customer, period,
 * amount and currency, checked with the server's own schema (contract/resources.ts `BudgetFormSchema`) and saved by
 * `PATCH /api/budgets/:id`.
 */

/** The form's fields; `customerId` is '' for none, `amount` is the amount as typed (the request carries `amountMinor`). */
export type BudgetEditField = 'name' | 'customerId' | 'periodStart' | 'periodEnd' | 'amount' | 'currency';

export const BUDGET_EDIT_FIELDS: readonly BudgetEditField[] = [
  'name',
  'customerId',
  'periodStart',
  'periodEnd',
  'amount',
  'currency',
];

/** Wire keys (the request's, the server's `validationErrors`) that are named otherwise in the form. */
export const BUDGET_EDIT_ALIASES: Partial<Record<string, BudgetEditField>> = { amountMinor: 'amount' };

/** The budget as the page loaded it: what the form starts from. */
export interface BudgetEditRecord {
  id: string;
  name: string;
  /** Null (or absent) for a budget of no customer. */
  customerId?: string | null;
  periodStart: string;
  periodEnd: string;
  amountMinor: number;
  currency: string;
}

/** What `saveBudget` receives: the budget's id and the PATCH body (name trimmed, no customer as null). */
export interface SaveBudgetInput {
  budgetId: string;
  changes: {
    name: string;
    customerId: string | null;
    periodStart: string;
    periodEnd: string;
    amountMinor: number;
    currency: string;
  };
}

/** The refusal kept for the page's notices (e.g. the plan-upgrade notice for REQUIRES_UPGRADE). */
export type BudgetEditFailure = FormFailure;

export interface BudgetEditContext {
  budgetId: string;
  values: Record<BudgetEditField, string>;
  /** Under each field: the schema's message on submit, or the server's validationErrors; cleared when edited. */
  fieldErrors: FieldErrors<BudgetEditField>;
  /** Above the form: a business error (409/422), a refusal naming no field, or no answer at all. */
  formError: string | null;
  failure: BudgetEditFailure | null;
}

export type BudgetEditEvent =
  | { type: 'field.change'; field: BudgetEditField; value: string }
  | { type: 'form.submit' };

export interface BudgetEditInput {
  budget: BudgetEditRecord;
}

/** Emitted once saved: the view hands it to the router (back to the budget). */
export type BudgetEditEmitted = { type: 'navigate'; to: string };

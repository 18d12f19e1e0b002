import type { FormFailure } from '../shared/formSubmit';
import type { FieldErrors } from '../shared/validation';

/**
 * Types of the one budget form (`budgetForm`), in two modes: `create` at /budgets/new (POST /api/budgets)
 * and `edit` at /budgets/:id/edit (PATCH /api/budgets/:id). The same fields, checked with the server's own
 * schema (contract/resources.ts `BudgetFormSchema`) in both.
 */

export type BudgetFormMode = 'create' | 'edit';

/** The form's fields; `customerId` is '' for none, `amount` is the amount as typed (the request carries `amountMinor`). */
export type BudgetField = 'name' | 'customerId' | 'periodStart' | 'periodEnd' | 'amount' | 'currency';

export const BUDGET_FIELDS: readonly BudgetField[] = [
  'name',
  'customerId',
  'periodStart',
  'periodEnd',
  'amount',
  'currency',
];

/** Wire keys (the request's, the server's `validationErrors`) that are named otherwise in the form. */
export const BUDGET_ALIASES: Partial<Record<string, BudgetField>> = { amountMinor: 'amount' };

/** The budget as the edit page loaded it: what the form starts from. */
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

/** The body of both requests: name trimmed, no customer as null, the amount in minor units. */
export interface NewBudgetBody {
  name: string;
  customerId: string | null;
  periodStart: string;
  periodEnd: string;
  amountMinor: number;
  currency: string;
}

/** What `submitBudget` receives when editing: the budget's id and the PATCH body. */
export interface SaveBudgetInput {
  budgetId: string;
  changes: NewBudgetBody;
}

/** What `submitBudget` receives: the POST body (create), or the id and the PATCH body (edit). */
export type SubmitBudgetInput = NewBudgetBody | SaveBudgetInput;

/** What `submitBudget` resolves with when creating: at least the new budget's id (the POST answers the record). */
export interface CreatedBudget {
  id: string;
}

export interface BudgetFormContext {
  mode: BudgetFormMode;
  /** The budget's id: the edited one, or the new one once created (null before). */
  budgetId: string | null;
  values: Record<BudgetField, string>;
  /** Under each field: the schema's message on submit, or the server's validationErrors; cleared when edited. */
  fieldErrors: FieldErrors<BudgetField>;
  /** Above the form: a business error (409/422), a refusal naming no field, or no answer at all. */
  formError: string | null;
  /** The refusal kept for the page's notices (e.g. the plan-upgrade notice for REQUIRES_UPGRADE). */
  failure: FormFailure | null;
}

export type BudgetFormEvent =
  | { type: 'field.change'; field: BudgetField; value: string }
  | { type: 'form.submit' };

/** Create: preset values, e.g. the customer the page was opened for (`/budgets/new?customer=<id>`). */
export interface BudgetCreateInput {
  mode: 'create';
  customerId?: string;
  currency?: string;
}

/** Edit: the budget as loaded. */
export interface BudgetEditInput {
  mode: 'edit';
  budget: BudgetEditRecord;
}

export type BudgetFormInput = BudgetCreateInput | BudgetEditInput;

/** Emitted once created or saved: the view hands it to the router (to the budget's page). */
export type BudgetFormEmitted = { type: 'navigate'; to: string };

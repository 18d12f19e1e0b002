/**
 * Types of the generic "create a named record" form (`createRecord`): a dialog with one name field that
 * POSTs a new organization or account, then offers to switch to it.
 */

/** What the server answered: the new record (only what the form needs of it). */
export interface CreatedRecord {
  id: string;
  name: string;
}

export interface CreateRecordContext {
  /** The name as typed. */
  name: string;
  /** Message under the name field, or null. */
  fieldError: string | null;
  /** Message above the form (a refusal that names no field, or no answer), or null. */
  formError: string | null;
  /** Filled once the server created the record. */
  created: CreatedRecord | null;
  /** "Enter an organization name", "Enter an account name". */
  requiredMessage: string;
  maxLength: number;
}

export type CreateRecordEvent = { type: 'name.change'; value: string } | { type: 'form.submit' };

export interface CreateRecordInput {
  /** Message when the name is left empty, e.g. "Enter an organization name". */
  requiredMessage: string;
  /** Longest name the server accepts (200 by default). */
  maxLength?: number;
}

/** Emitted when the record exists, so the view can refresh the list behind the dialog. */
export type CreateRecordEmitted = { type: 'record.created'; record: CreatedRecord };

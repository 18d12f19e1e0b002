/**
 * Types of the customer dialogs (`customerForm`): “Create customer” (?modal=create-customer) and “Rename
 * customer” (?renameCustomer=true&customerId=…) on /customers. One name field; a customer's name may be
 * empty (spec: “Customer: id, name (may be empty)”), so only its length is checked.
 */

/** The done flag the page receives (it refreshes the table once and toasts). */
export const CUSTOMER_FORM_FLAGS = {
  create: 'customerCreated',
  rename: 'customerRenamed',
} as const;
export type CustomerFormFlag = (typeof CUSTOMER_FORM_FLAGS)[keyof typeof CUSTOMER_FORM_FLAGS];

/** The longest name the server accepts (contract/resources.ts `CustomerInputSchema`). */
export const CUSTOMER_NAME_MAX_LENGTH = 200;

/** What the rename dialog needs of the customer it renames. */
export interface CustomerFormRecord {
  name: string;
}

/** What `saveCustomer` receives: a null id creates, an id renames; `name` is trimmed. */
export interface SaveCustomerInput {
  customerId: string | null;
  name: string;
}

export interface CustomerFormContext {
  /** The customer being renamed; null when creating (or closed). */
  customerId: string | null;
  /** The name as typed (prefilled with the current name when renaming). */
  name: string;
  /** Message under the name field: the length check, or the server's validationErrors.name / businessError. */
  fieldError: string | null;
  /** Message above the buttons: a refusal that names no field, or no answer from the server. */
  formError: string | null;
}

export type CustomerFormEvent =
  /** The URL now asks for a dialog: `customerId` null → create, else rename that customer. */
  | { type: 'route.enter'; customerId: string | null }
  /** The URL no longer asks for a dialog (closed, Back). */
  | { type: 'route.leave' }
  | { type: 'name.change'; value: string }
  | { type: 'form.submit' }
  | { type: 'modal.cancel' }
  | { type: 'modal.retry' };

export type CustomerFormEmitted =
  | { type: 'modal.succeeded'; flag: CustomerFormFlag }
  | { type: 'modal.close' };

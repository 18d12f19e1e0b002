import type { SnapshotFrom } from 'xstate';
import type { CustomerFormMachine } from './customerForm.machine';
import type { CustomerFormEvent } from './customerForm.types';

export type CustomerFormSnapshot = SnapshotFrom<CustomerFormMachine>;

export type CustomerFormPhase = 'closed' | 'loading' | 'notFound' | 'loadFailed' | 'editing';

/** Everything the customer dialog shows, derived from the machine's snapshot. */
export interface CustomerFormView {
  /** 'editing' also while submitting (the form stays, locked). */
  phase: CustomerFormPhase;
  isOpen: boolean;
  isRename: boolean;
  title: string;
  name: string;
  fieldError: string | null;
  formError: string | null;
  isSubmitting: boolean;
  /** Field and buttons locked: saving, or saved and closing. */
  isLocked: boolean;
  submitLabel: string;
  changeName: (value: string) => void;
  submit: () => void;
  /** Cancel, Escape or a click outside. */
  cancel: () => void;
  /** “Try again” after a failed lookup. */
  retry: () => void;
}

export function connectCustomerForm(
  snapshot: CustomerFormSnapshot,
  send: (event: CustomerFormEvent) => void,
): CustomerFormView {
  const { customerId, name, fieldError, formError } = snapshot.context;
  const isRename = customerId !== null;
  const isSubmitting = snapshot.matches({ open: 'submitting' });
  const isDone = snapshot.matches('succeeded');
  const phase: CustomerFormPhase = snapshot.matches('closed')
    ? 'closed'
    : snapshot.matches({ open: 'loading' })
      ? 'loading'
      : snapshot.matches({ open: 'notFound' })
        ? 'notFound'
        : snapshot.matches({ open: 'loadFailed' })
          ? 'loadFailed'
          : 'editing';
  return {
    changeName: (value) => send({ type: 'name.change', value }),
    submit: () => send({ type: 'form.submit' }),
    cancel: () => send({ type: 'modal.cancel' }),
    retry: () => send({ type: 'modal.retry' }),
    phase,
    isOpen: phase !== 'closed',
    isRename,
    title: isRename ? 'Rename customer' : 'Create customer',
    name,
    fieldError,
    formError,
    isSubmitting,
    isLocked: isSubmitting || isDone,
    submitLabel: isRename
      ? isSubmitting
        ? 'Saving...'
        : 'Save'
      : isSubmitting
        ? 'Creating...'
        : 'Create customer',
  };
}

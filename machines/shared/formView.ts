import type { FieldChangeEvent, FormFailure } from './formSubmit';
import type { FieldErrors } from './validation';

/**
 * The view-model pieces every form chart's `connect()` shares (the charts built on `formSubmitStates`):
 * a message (or null) for each field, the phase the submit is in, and, for a page form, the whole of it.
 */

/** A message under each field, null where there is none: one key per field, so the view can index it. */
export function fieldMessages<TField extends string>(
  fields: readonly TField[],
  errors: FieldErrors<TField>,
): Record<TField, string | null> {
  const messages = {} as Record<TField, string | null>;
  for (const field of fields) messages[field] = errors[field] ?? null;
  return messages;
}

/** Where the submit is: sending, done (the page moves on), and whether the form is locked meanwhile. */
export interface FormSubmitPhase {
  isSubmitting: boolean;
  isDone: boolean;
  /** The submit button (and, on some forms, the fields) is disabled: sending, or done. */
  isLocked: boolean;
}

export function formSubmitPhase(snapshot: {
  matches(state: 'submitting' | 'succeeded'): boolean;
}): FormSubmitPhase {
  const isSubmitting = snapshot.matches('submitting');
  const isDone = snapshot.matches('succeeded');
  return { isSubmitting, isDone, isLocked: isSubmitting || isDone };
}

/** The commands of every form chart: a field's edit (`field.change`) and the submit (`form.submit`). */
export interface FormCommands<TField extends string> {
  changeField(field: TField, value: string): void;
  submit(): void;
}

/** A form's commands bound to `send`. */
export function formCommands<TField extends string>(
  send: (event: FieldChangeEvent<TField> | { type: 'form.submit' }) => void,
): FormCommands<TField> {
  return {
    changeField: (field, value) => send({ type: 'field.change', field, value }),
    submit: () => send({ type: 'form.submit' }),
  };
}

/** Everything a page form (the budget edit form, the campaign overview) shows, with its commands. */
export interface PageFormView<TValues, TField extends string, TTextField extends string = TField>
  extends FormSubmitPhase,
    FormCommands<TTextField> {
  values: TValues;
  /** Message under each field, or null. */
  fieldErrors: Record<TField, string | null>;
  /** Message above the form, or null. */
  formError: string | null;
  /** The server's last refusal (the page shows “Upgrade now” for REQUIRES_UPGRADE), or null. */
  failure: FormFailure | null;
  /** The button's label: `busyLabel` while locked, else the form's own. */
  submitLabel: string;
}

interface PageFormSnapshot<TValues, TField extends string> {
  context: {
    values: TValues;
    fieldErrors: FieldErrors<TField>;
    formError: string | null;
    failure: FormFailure | null;
  };
  matches(state: 'submitting' | 'succeeded'): boolean;
}

/** `connect()` of a page form: its context, phase and labels, `field.change` and `form.submit` as commands. */
export function connectPageForm<TValues, TField extends string, TTextField extends string = TField>(
  snapshot: PageFormSnapshot<TValues, TField>,
  send: (event: FieldChangeEvent<TTextField> | { type: 'form.submit' }) => void,
  options: { fields: readonly TField[]; submitLabel: string; busyLabel: string },
): PageFormView<TValues, TField, TTextField> {
  const { values, fieldErrors, formError, failure } = snapshot.context;
  const phase = formSubmitPhase(snapshot);
  return {
    values,
    fieldErrors: fieldMessages(options.fields, fieldErrors),
    formError,
    failure,
    ...phase,
    submitLabel: phase.isLocked ? options.busyLabel : options.submitLabel,
    ...formCommands(send),
  };
}

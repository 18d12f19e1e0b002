import { CURRENCIES } from '@contract/reference';
import type { PageFormView } from '@machines/shared/formView';
import type { InputHTMLAttributes, ReactNode, SelectHTMLAttributes } from 'react';
import * as field from '../field.css';
import * as formCss from '../form.css';

type FieldProps = {
  id: string;
  label: string;
  error?: string | null;
  hint?: ReactNode;
};

/** The ids the field's input points at with `aria-describedby` (its hint, its message), or undefined. */
function describedBy({ id, hint, error }: Omit<FieldProps, 'label'>): string | undefined {
  return [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ') || undefined;
}

/** The frame of one field: its label, the control, the hint and the message under it. */
function FieldFrame({ id, label, error, hint, children }: FieldProps & { children: ReactNode }) {
  return (
    <div className={field.root}>
      <label htmlFor={id} className={field.label}>
        {label}
      </label>
      {children}
      {hint ? (
        <span id={`${id}-hint`} className={field.hint}>
          {hint}
        </span>
      ) : null}
      {error ? (
        <span id={`${id}-error`} className={field.error}>
          {error}
        </span>
      ) : null}
    </div>
  );
}

/** A labelled input with its message under it (pass `value` and `onChange`, or `defaultValue` for an uncontrolled one). */
export function FormField({
  id,
  label,
  error,
  hint,
  ...input
}: InputHTMLAttributes<HTMLInputElement> & FieldProps) {
  return (
    <FieldFrame id={id} label={label} error={error} hint={hint}>
      <input
        id={id}
        className={field.input}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy({ id, error, hint })}
        {...input}
      />
    </FieldFrame>
  );
}

/** A labelled select with its message under it; the options are its children. */
export function FormSelect({
  id,
  label,
  error,
  hint,
  children,
  ...select
}: SelectHTMLAttributes<HTMLSelectElement> & FieldProps) {
  return (
    <FieldFrame id={id} label={label} error={error} hint={hint}>
      <select
        id={id}
        className={formCss.select}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy({ id, error, hint })}
        {...select}
      >
        {children}
      </select>
    </FieldFrame>
  );
}

/**
 * What a field takes of its form chart's view model (`connectPageForm`'s): the field's value, its message
 * and the `field.change` command.
 */
export type FieldBinding<TField extends string> = Pick<
  PageFormView<Record<TField, string>, TField>,
  'values' | 'fieldErrors' | 'changeField'
>;

type Bound<TField extends string, TAttributes> = Omit<TAttributes, 'name' | 'value' | 'onChange'> &
  Omit<FieldProps, 'error'> & {
    /** The chart's view model. */
    view: FieldBinding<NoInfer<TField>>;
    /** The field, also the control's `name`. */
    field: TField;
  };

/** A `FormField` bound to one field of a form chart: its value, its message, a change sends `field.change`. */
export function FormTextField<TField extends string>({
  view,
  field: name,
  ...props
}: Bound<TField, InputHTMLAttributes<HTMLInputElement>>) {
  return (
    <FormField
      {...props}
      name={name}
      value={view.values[name]}
      onChange={(event) => view.changeField(name, event.currentTarget.value)}
      error={view.fieldErrors[name]}
    />
  );
}

/** A `FormSelect` bound to one field of a form chart: its value, its message, a choice sends `field.change`. */
export function FormSelectField<TField extends string>({
  view,
  field: name,
  ...props
}: Bound<TField, SelectHTMLAttributes<HTMLSelectElement>>) {
  return (
    <FormSelect
      {...props}
      name={name}
      value={view.values[name]}
      onChange={(event) => view.changeField(name, event.currentTarget.value)}
      error={view.fieldErrors[name]}
    />
  );
}

/** A group of options (radios or checkboxes) as cards under a legend, with the group's message under them. */
export function OptionFieldset({
  legend,
  error,
  children,
}: {
  legend: string;
  error?: string | null;
  children: ReactNode;
}) {
  return (
    <fieldset className={formCss.fieldset}>
      <legend className={formCss.legend}>{legend}</legend>
      <div className={formCss.optionGrid}>{children}</div>
      {error ? <p className={formCss.fieldError}>{error}</p> : null}
    </fieldset>
  );
}

/** One option card of an `OptionFieldset`: a radio or checkbox and its label. */
export function OptionInput({
  label,
  ...input
}: InputHTMLAttributes<HTMLInputElement> & { label: ReactNode }) {
  return (
    <label className={formCss.option}>
      <input className={formCss.optionInput} {...input} />
      {label}
    </label>
  );
}

/** The currencies an amount may be in, as a select's options. */
export function CurrencyOptions() {
  return CURRENCIES.map((currency) => (
    <option key={currency} value={currency}>
      {currency}
    </option>
  ));
}

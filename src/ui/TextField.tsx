import { Field } from '@ark-ui/react/field';
import { type InputHTMLAttributes, type Ref, useId } from 'react';
import * as styles from './field.css';

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value'> {
  label: string;
  value: string;
  onValueChange: (value: string) => void;
  /** Message under the field; the field is marked invalid while it is set. */
  error?: string | null;
  /** Shows "(optional)" after the label. */
  optional?: boolean;
  inputRef?: Ref<HTMLInputElement>;
}

/** A labelled input with its error message under it (Ark UI Field wires label, aria-invalid and ids). */
export function TextField({
  label,
  value,
  onValueChange,
  error,
  optional = false,
  inputRef,
  disabled,
  className,
  ...inputProps
}: TextFieldProps) {
  const errorId = `${useId()}-error`;
  const invalid = Boolean(error);
  return (
    <Field.Root
      className={[styles.root, className].filter(Boolean).join(' ')}
      invalid={invalid}
      disabled={disabled}
      ids={{ errorText: errorId }}
    >
      <Field.Label className={styles.label}>
        {label}
        {optional ? <span className={styles.optional}> (optional)</span> : null}
      </Field.Label>
      <Field.Input
        ref={inputRef}
        className={styles.input}
        value={value}
        onChange={(event) => onValueChange(event.currentTarget.value)}
        aria-describedby={invalid ? errorId : undefined}
        {...inputProps}
      />
      <Field.ErrorText className={styles.error}>{error}</Field.ErrorText>
    </Field.Root>
  );
}

import type { InputHTMLAttributes, ReactNode } from 'react';
import * as field from '../field.css';

/** A labelled input with its message under it (pass `value` and `onChange`, or `defaultValue` for an uncontrolled one). */
export function FormField({
  id,
  label,
  error,
  hint,
  ...input
}: InputHTMLAttributes<HTMLInputElement> & {
  id: string;
  label: string;
  error?: string | null;
  hint?: ReactNode;
}) {
  const describedBy = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ');
  return (
    <div className={field.root}>
      <label htmlFor={id} className={field.label}>
        {label}
      </label>
      <input
        id={id}
        className={field.input}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
        {...input}
      />
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

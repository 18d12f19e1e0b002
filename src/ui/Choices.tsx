import { useId } from 'react';
import * as css from './choices.css';
import * as fieldCss from './field.css';

/** One radio button or checkbox of a `Choices` group. */
export interface ChoiceOption {
  key: string;
  label: string;
  hint: string | null;
  checked: boolean;
  onChange: (checked: boolean) => void;
}

/**
 * A group of radio buttons or checkboxes under a legend, each with an optional hint, and the group's message
 * under it (the team's role and accounts pickers, the single sign-on settings' accounts).
 */
export function Choices({
  legend,
  hint,
  error,
  options,
  type,
  disabled,
}: {
  legend: string;
  hint?: string | null;
  error: string | null;
  options: ChoiceOption[];
  type: 'radio' | 'checkbox';
  disabled: boolean;
}) {
  const errorId = useId();
  const name = useId();
  return (
    <fieldset
      className={css.fieldset}
      aria-invalid={error ? true : undefined}
      aria-describedby={error ? errorId : undefined}
    >
      <legend className={css.legend}>{legend}</legend>
      {hint ? <p className={fieldCss.hint}>{hint}</p> : null}
      {options.map((option) => (
        <label key={option.key} className={css.choice}>
          <input
            type={type}
            name={name}
            checked={option.checked}
            disabled={disabled}
            onChange={(event) => option.onChange(event.currentTarget.checked)}
          />
          <span className={css.choiceText}>
            <span>{option.label}</span>
            {option.hint ? <span className={css.choiceHint}>{option.hint}</span> : null}
          </span>
        </label>
      ))}
      {error ? (
        <p id={errorId} className={fieldCss.error}>
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

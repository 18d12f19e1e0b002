import type { FilterOption } from '@src/ui/FilterSelect';
import { useId } from 'react';
import * as styles from './reports.css';
import { useMenuDisclosure } from './useMenuDisclosure';

export interface ChoiceFilterProps {
  /** Plural, as the summary and the chips' list say it: "Platforms". */
  label: string;
  options: readonly FilterOption[];
  chosen: readonly string[];
  error?: string;
  onToggle: (value: string) => void;
  onRemove: (value: string) => void;
}

/**
 * A filter of several values from a fixed list, as ad managers have them: a menu of checkboxes behind a
 * summary ("Platforms: 2"), and a removable chip per chosen value. The menu is a `<details>` disclosure like
 * the metrics menu beside it (keyboard and screen readers get it for free); a press outside or Escape closes it.
 */
export function ChoiceFilter({ label, options, chosen, error, onToggle, onRemove }: ChoiceFilterProps) {
  const id = useId();
  const menu = useMenuDisclosure();
  const nameOf = (value: string) => options.find((option) => option.value === value)?.label ?? value;
  const summary =
    chosen.length === 0 ? 'All' : chosen.length === 1 ? nameOf(chosen[0]!) : String(chosen.length);
  const errorId = `${id}-error`;

  return (
    <div className={styles.control}>
      <details {...menu} className={styles.metricsMenu}>
        <summary
          className={styles.metricsSummary}
          {...(error ? { 'aria-invalid': true as const, 'aria-describedby': errorId } : {})}
        >
          {label}: {summary}
        </summary>
        <fieldset className={`${styles.fieldset} ${styles.metricsList}`}>
          <legend className={styles.legend}>{label}</legend>
          {options.map((option) => (
            <label key={option.value} className={styles.check}>
              <input
                type="checkbox"
                checked={chosen.includes(option.value)}
                onChange={() => onToggle(option.value)}
              />
              {option.label}
            </label>
          ))}
        </fieldset>
      </details>
      {chosen.length > 0 ? (
        <ul className={styles.chips} aria-label={`Chosen ${label.toLowerCase()}`}>
          {chosen.map((value) => (
            <li key={value}>
              <button
                type="button"
                className={styles.chip}
                aria-label={`Remove ${nameOf(value)}`}
                onClick={() => onRemove(value)}
              >
                {nameOf(value)} <span aria-hidden="true">×</span>
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      {error ? (
        <p id={errorId} className={styles.error}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

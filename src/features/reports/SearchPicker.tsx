import type { FilterOption } from '@src/ui/FilterSelect';
import * as field from '@src/ui/field.css';
import { useEffect, useId, useState } from 'react';
import * as styles from './reports.css';

export interface SearchPickerProps {
  /** "Customers": the field's label; the input says "Search customers". */
  label: string;
  /** The chosen ids (the URL's), in order. */
  value: readonly string[];
  /** Names matching what was typed (a page of an existing list API). */
  search: (text: string, signal: AbortSignal) => Promise<FilterOption[]>;
  /** Names of chosen ids (a link opened with ids the list has not shown yet). */
  resolve: (ids: readonly string[]) => Promise<FilterOption[]>;
  onChange: (ids: string[]) => void;
  error?: string;
}

/**
 * A search-as-you-type multi-picker (the ARIA combobox pattern): typing lists matching names, arrows move,
 * Enter or a click adds one; each chosen one is a button that removes it.
 */
export function SearchPicker({ label, value, search, resolve, onChange, error }: SearchPickerProps) {
  const id = useId();
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const [options, setOptions] = useState<FilterOption[]>([]);
  const [active, setActive] = useState(0);
  const [names, setNames] = useState<Map<string, string>>(new Map());

  useEffect(() => {
    if (!open) return;
    const controller = new AbortController();
    search(text, controller.signal).then(
      (found) => {
        setOptions(found.filter((option) => !value.includes(option.value)));
        setActive(0);
      },
      () => undefined,
    );
    return () => controller.abort();
  }, [open, text, search, value]);

  const unnamed = value.filter((chosen) => !names.has(chosen));
  const unnamedKey = unnamed.join(',');
  // biome-ignore lint/correctness/useExhaustiveDependencies: keyed on the ids, not the array's identity
  useEffect(() => {
    if (unnamed.length === 0) return;
    let live = true;
    resolve(unnamed).then(
      (found) =>
        live && setNames((known) => new Map([...known, ...found.map((o) => [o.value, o.label] as const)])),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [unnamedKey, resolve]);

  const choose = (option: FilterOption) => {
    setNames((known) => new Map(known).set(option.value, option.label));
    setText('');
    setOpen(false);
    onChange([...value, option.value]);
  };

  const listId = `${id}-options`;
  const errorId = `${id}-error`;
  return (
    <div className={`${styles.control} ${styles.picker}`}>
      <label htmlFor={id} className={field.label}>
        {label}
      </label>
      <input
        id={id}
        type="search"
        role="combobox"
        className={field.input}
        placeholder={`Search ${label.toLowerCase()}`}
        autoComplete="off"
        aria-expanded={open && options.length > 0}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={open && options[active] ? `${listId}-${active}` : undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          setOpen(true);
        }}
        onFocus={() => setOpen(true)}
        onBlur={() => setOpen(false)}
        onKeyDown={(event) => {
          if (event.key === 'ArrowDown') {
            event.preventDefault();
            setOpen(true);
            setActive((index) => Math.min(index + 1, options.length - 1));
          } else if (event.key === 'ArrowUp') {
            event.preventDefault();
            setActive((index) => Math.max(index - 1, 0));
          } else if (event.key === 'Enter' && open && options[active]) {
            event.preventDefault();
            choose(options[active]);
          } else if (event.key === 'Escape') setOpen(false);
        }}
      />
      <div
        id={listId}
        role="listbox"
        aria-label={label}
        className={styles.options}
        hidden={!open || options.length === 0}
      >
        {options.map((option, index) => (
          <div
            key={option.value}
            id={`${listId}-${index}`}
            role="option"
            tabIndex={-1}
            aria-selected={index === active}
            data-active={index === active}
            className={styles.option}
            // Before the input's blur closes the list.
            onMouseDown={(event) => {
              event.preventDefault();
              choose(option);
            }}
          >
            {option.label}
          </div>
        ))}
      </div>
      {value.length > 0 ? (
        <div className={styles.chips}>
          {value.map((chosen) => (
            <button
              key={chosen}
              type="button"
              className={styles.chip}
              aria-label={`Remove ${names.get(chosen) ?? chosen}`}
              onClick={() => onChange(value.filter((other) => other !== chosen))}
            >
              {names.get(chosen) ?? '…'} <span aria-hidden="true">×</span>
            </button>
          ))}
        </div>
      ) : null}
      {error ? (
        <p id={errorId} className={styles.error}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

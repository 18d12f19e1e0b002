import { Combobox, createListCollection } from '@ark-ui/react/combobox';
import { Portal } from '@ark-ui/react/portal';
import { useId, useMemo } from 'react';
import * as styles from './chipPicker.css';

export interface ChipOption {
  value: string;
  label: string;
  /** A second line, e.g. an interest's place in the taxonomy. */
  hint?: string;
}

export interface ChipPickerProps {
  label: string;
  placeholder: string;
  /** What the list offers for the text typed (already filtered: by name here, by the server for interests). */
  options: readonly ChipOption[];
  chosen: readonly ChipOption[];
  /** The text as typed (the combobox owns it; it clears itself once a value is chosen). */
  onInputValueChange: (text: string) => void;
  onAdd: (value: string) => void;
  onRemove: (value: string) => void;
  disabled?: boolean;
  error?: string;
  /** Under the field, e.g. "2 of 25 interests". */
  hint?: string;
  /** In the list when nothing matches, e.g. "Searching…" or "No country matches". */
  emptyText: string;
}

/**
 * Search as you type, choose with the mouse or the keyboard (arrows, Enter, Escape), chosen values as
 * removable chips: Ark UI's Combobox (a combobox with its listbox) over the options the caller passes.
 */
export function ChipPicker(props: ChipPickerProps) {
  const { label, options, chosen, disabled, error } = props;
  const errorId = `${useId()}-error`;
  const collection = useMemo(() => createListCollection({ items: [...options] }), [options]);
  return (
    <div className={styles.root}>
      <Combobox.Root
        collection={collection}
        value={[]}
        onInputValueChange={(details) => props.onInputValueChange(details.inputValue)}
        onValueChange={(details) => {
          const picked = details.value[0];
          if (picked) props.onAdd(picked);
        }}
        selectionBehavior="clear"
        inputBehavior="autohighlight"
        openOnClick
        disabled={disabled}
        invalid={Boolean(error)}
        positioning={{ sameWidth: true, placement: 'bottom-start' }}
      >
        <Combobox.Label className={styles.label}>{label}</Combobox.Label>
        <Combobox.Control className={styles.control}>
          {chosen.length > 0 ? (
            <ul className={styles.chips} aria-label={`Chosen: ${label.toLowerCase()}`}>
              {chosen.map((chip) => (
                <li key={chip.value} className={styles.chip}>
                  <span>{chip.label}</span>
                  {disabled ? null : (
                    <button
                      type="button"
                      className={styles.chipRemove}
                      aria-label={`Remove ${chip.label}`}
                      onClick={() => props.onRemove(chip.value)}
                    >
                      <svg width="10" height="10" viewBox="0 0 10 10" aria-hidden="true">
                        <path d="M2 2l6 6M8 2l-6 6" stroke="currentColor" strokeWidth="1.6" />
                      </svg>
                    </button>
                  )}
                </li>
              ))}
            </ul>
          ) : null}
          {disabled ? null : (
            <Combobox.Input
              className={styles.input}
              placeholder={props.placeholder}
              aria-describedby={error ? errorId : undefined}
            />
          )}
        </Combobox.Control>
        <Portal>
          <Combobox.Positioner className={styles.positioner}>
            <Combobox.Content className={styles.content}>
              {collection.items.length === 0 ? (
                <div className={styles.empty}>{props.emptyText}</div>
              ) : (
                collection.items.map((item) => (
                  <Combobox.Item key={item.value} item={item} className={styles.item}>
                    <Combobox.ItemText className={styles.itemText}>{item.label}</Combobox.ItemText>
                    {item.hint ? <span className={styles.itemHint}>{item.hint}</span> : null}
                  </Combobox.Item>
                ))
              )}
            </Combobox.Content>
          </Combobox.Positioner>
        </Portal>
      </Combobox.Root>
      {error ? (
        <p id={errorId} className={styles.error}>
          {error}
        </p>
      ) : props.hint ? (
        <p className={styles.hint}>{props.hint}</p>
      ) : null}
    </div>
  );
}

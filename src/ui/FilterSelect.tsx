import { Portal } from '@ark-ui/react/portal';
import { createListCollection, Select } from '@ark-ui/react/select';
import { useMemo } from 'react';
import { visuallyHidden } from './a11y.css';
import * as styles from './filterSelect.css';

export interface FilterOption {
  value: string;
  label: string;
}

/** The "any value" entry; never a real value (statuses, platform keys and uuids cannot be it). */
const ANY = '__any__';

export interface FilterSelectProps {
  /** The accessible name, e.g. "Status" (visually hidden: the trigger shows the value). */
  label: string;
  /** The first entry, meaning "no filter", e.g. "All statuses". */
  anyLabel: string;
  options: readonly FilterOption[];
  /** The chosen value, '' for any. */
  value: string;
  onValueChange: (value: string) => void;
}

/** A compact filter menu (Ark UI Select) for a table toolbar: "All …" first, then one entry per value. */
export function FilterSelect({ label, anyLabel, options, value, onValueChange }: FilterSelectProps) {
  const collection = useMemo(
    () => createListCollection<FilterOption>({ items: [{ value: ANY, label: anyLabel }, ...options] }),
    [anyLabel, options],
  );
  const isActive = value !== '';
  return (
    <Select.Root
      collection={collection}
      value={[isActive ? value : ANY]}
      onValueChange={(details) => {
        const next = details.value[0] ?? ANY;
        onValueChange(next === ANY ? '' : next);
      }}
      positioning={{ sameWidth: false, placement: 'bottom-start' }}
      className={styles.root}
    >
      <Select.Label className={visuallyHidden}>{label}</Select.Label>
      <Select.Control>
        <Select.Trigger className={isActive ? styles.triggerActive : styles.trigger}>
          <Select.ValueText className={styles.valueText} placeholder={anyLabel} />
          <Select.Indicator className={styles.indicator}>
            <svg width="12" height="12" viewBox="0 0 12 12" aria-hidden="true">
              <path d="M3 4.5l3 3 3-3" fill="none" stroke="currentColor" strokeWidth="1.5" />
            </svg>
          </Select.Indicator>
        </Select.Trigger>
      </Select.Control>
      <Portal>
        <Select.Positioner className={styles.positioner}>
          <Select.Content className={styles.content}>
            {collection.items.map((item) => (
              <Select.Item key={item.value} item={item} className={styles.item}>
                <Select.ItemText className={styles.itemText}>{item.label}</Select.ItemText>
                <Select.ItemIndicator className={styles.check}>
                  <svg width="14" height="14" viewBox="0 0 14 14" aria-hidden="true">
                    <path d="M3 7.2l2.6 2.6L11 4.4" fill="none" stroke="currentColor" strokeWidth="1.8" />
                  </svg>
                </Select.ItemIndicator>
              </Select.Item>
            ))}
          </Select.Content>
        </Select.Positioner>
      </Portal>
      <Select.HiddenSelect />
    </Select.Root>
  );
}

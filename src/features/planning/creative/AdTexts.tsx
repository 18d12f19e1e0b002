import type {
  CreativeAdView,
  PlanningCreativeView,
  TextFieldView,
} from '@machines/planning/planningCreative';
import { Button } from '@src/ui/Button';
import * as field from '@src/ui/field.css';
import * as styles from './creativeStep.css';

/**
 * An ad's texts as its format asks for them: a line or a textarea each, several entries with add and
 * remove for a search ad's headlines, each under a live counter; the platform's rule inline under it.
 */
export function AdTexts({ view, ad }: { view: PlanningCreativeView; ad: CreativeAdView }) {
  return (
    <>
      {ad.texts.map((text) => (
        <TextFieldGroup key={text.key} view={view} ad={ad} text={text} />
      ))}
    </>
  );
}

function TextFieldGroup({
  view,
  ad,
  text,
}: {
  view: PlanningCreativeView;
  ad: CreativeAdView;
  text: TextFieldView;
}) {
  const base = `${ad.key}-${text.key}`;
  const name = (index: number) =>
    `${ad.label} ${text.label.toLowerCase()}${text.multiple ? ` ${index + 1}` : ''}`;
  const entries = text.entries.map((entry) => {
    const id = `${base}-${entry.index}`;
    const messageId = `${id}-message`;
    const counterId = `${id}-counter`;
    const message = entry.error ?? entry.warning;
    const props = {
      id,
      className: text.multiline ? `${field.input} ${styles.textarea}` : field.input,
      value: entry.value,
      disabled: view.readOnly,
      'aria-label': name(entry.index),
      'aria-invalid': entry.error ? true : undefined,
      'aria-describedby': message ? `${counterId} ${messageId}` : counterId,
      onChange: (event: { currentTarget: { value: string } }) =>
        view.changeText(ad.key, text.key, entry.index, event.currentTarget.value),
    };
    return (
      <div key={entry.index} className={field.root}>
        <div className={styles.entryRow}>
          {text.multiline ? <textarea {...props} /> : <input {...props} />}
          {text.multiple && text.canRemove && !view.readOnly ? (
            <Button
              variant="ghost"
              onClick={() => view.removeText(ad.key, text.key, entry.index)}
              aria-label={`Remove ${name(entry.index)}`}
            >
              Remove
            </Button>
          ) : null}
        </div>
        <p id={counterId} className={styles.counter[entry.state]}>
          {entry.counter}
        </p>
        {entry.error ? (
          <p id={messageId} className={styles.error}>
            {entry.error}
          </p>
        ) : entry.warning ? (
          <p id={messageId} className={styles.warning}>
            {entry.warning}
          </p>
        ) : null}
      </div>
    );
  });
  if (!text.multiple)
    return (
      <div className={field.root}>
        <label htmlFor={`${base}-0`} className={field.label}>
          {text.label}
        </label>
        {entries}
      </div>
    );
  return (
    <fieldset className={`${styles.group} ${styles.entries}`}>
      <legend className={field.label}>{text.label}</legend>
      {entries}
      {text.error ? <p className={styles.error}>{text.error}</p> : null}
      {text.canAdd && !view.readOnly ? (
        <div>
          <Button
            variant="ghost"
            onClick={() => view.addText(ad.key, text.key)}
            aria-label={`Add ${text.label.toLowerCase()} to ${ad.label}`}
          >
            Add {text.label.toLowerCase()}
          </Button>
        </div>
      ) : null}
    </fieldset>
  );
}

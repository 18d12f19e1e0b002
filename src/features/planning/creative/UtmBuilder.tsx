import { finalUrl, UTM_KEYS, type Utm } from '@contract/creative';
import { visuallyHidden } from '@src/ui/a11y.css';
import { Button } from '@src/ui/Button';
import * as field from '@src/ui/field.css';
import { useState } from 'react';
import * as styles from './utmBuilder.css';

type UtmKey = (typeof UTM_KEYS)[number];

const LABELS: Record<UtmKey, string> = {
  source: 'Source',
  medium: 'Medium',
  campaign: 'Campaign',
  content: 'Content',
};

/**
 * Google Analytics' campaign URL builder for one ad: the four utm_ parameters (off = the landing page as
 * typed) and the final URL the platform will get, to read and copy.
 */
export function UtmBuilder(props: {
  destinationUrl: string;
  utm: Utm | null;
  defaults: Utm;
  onChange(utm: Utm | null): void;
  disabled?: boolean;
  idPrefix: string;
  errors?: Partial<Record<'source' | 'medium' | 'campaign' | 'content', string>>;
}) {
  const { utm, idPrefix } = props;
  const url = finalUrl(props.destinationUrl, utm);
  // "Copied" stays until the URL changes: what was copied is no longer what is shown.
  const [copiedUrl, setCopiedUrl] = useState<string | null>(null);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      setCopiedUrl(url);
    } catch {
      // No clipboard (an insecure origin, a refused permission): select the URL for the planner to copy.
      const input = document.getElementById(`${idPrefix}-utm-url`);
      if (input instanceof HTMLTextAreaElement) input.select();
    }
  };

  return (
    <fieldset className={styles.root}>
      <legend className={visuallyHidden}>Tracking parameters</legend>
      <label className={styles.toggle} data-disabled={props.disabled ? '' : undefined}>
        <input
          type="checkbox"
          className={styles.checkbox}
          checked={utm !== null}
          disabled={props.disabled}
          onChange={(event) => props.onChange(event.currentTarget.checked ? (utm ?? props.defaults) : null)}
        />
        Add UTM parameters
      </label>
      {utm && (
        <div className={styles.grid}>
          {UTM_KEYS.map((key) => {
            const id = `${idPrefix}-utm-${key}`;
            const error = props.errors?.[key];
            return (
              <div key={key} className={field.root}>
                <label htmlFor={id} className={field.label}>
                  {LABELS[key]} <span className={styles.param}>utm_{key}</span>
                </label>
                <input
                  id={id}
                  className={field.input}
                  value={utm[key]}
                  disabled={props.disabled}
                  maxLength={100}
                  spellCheck={false}
                  autoComplete="off"
                  aria-invalid={error ? true : undefined}
                  aria-describedby={error ? `${id}-error` : undefined}
                  onChange={(event) => props.onChange({ ...utm, [key]: event.currentTarget.value })}
                />
                {error && (
                  <span id={`${id}-error`} className={field.error}>
                    {error}
                  </span>
                )}
              </div>
            );
          })}
        </div>
      )}
      <div className={field.root}>
        <label htmlFor={`${idPrefix}-utm-url`} className={field.label}>
          Final URL
        </label>
        <div className={styles.urlRow}>
          <textarea
            id={`${idPrefix}-utm-url`}
            className={`${field.input} ${styles.url}`}
            value={url}
            rows={2}
            readOnly
            spellCheck={false}
            onFocus={(event) => event.currentTarget.select()}
          />
          <Button onClick={copy} disabled={props.disabled || url.trim() === ''}>
            Copy
          </Button>
        </div>
        <span className={styles.copied} role="status">
          {copiedUrl !== null && copiedUrl === url ? 'Copied' : ''}
        </span>
      </div>
    </fieldset>
  );
}

import type { CreativeAdView, PlanningCreativeView } from '@machines/planning/planningCreative';
import { Button } from '@src/ui/Button';
import * as field from '@src/ui/field.css';
import { TextField } from '@src/ui/TextField';
import { useId } from 'react';
import { AdAssets } from './AdAssets';
import { AdTexts } from './AdTexts';
import * as styles from './creativeStep.css';
import { AdPreviewSwitcher } from './preview/AdPreview';
import { UtmBuilder } from './UtmBuilder';

/** One ad: its form (name, format, texts, assets, destination, UTM tags, call to action) and its preview. */
export function AdCard({ view, ad }: { view: PlanningCreativeView; ad: CreativeAdView }) {
  const id = useId();
  const select = (
    key: 'format' | 'callToAction',
    label: string,
    value: string,
    options: { value: string; label: string }[],
    onChange: (value: string) => void,
  ) => {
    const selectId = `${id}-${key}`;
    const errorId = `${selectId}-error`;
    const error = ad.errors[key];
    return (
      <div className={field.root}>
        <label htmlFor={selectId} className={field.label}>
          {label}
        </label>
        <select
          id={selectId}
          className={styles.select}
          value={value}
          disabled={view.readOnly}
          aria-label={`${ad.label} ${label.toLowerCase()}`}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          onChange={(event) => onChange(event.currentTarget.value)}
        >
          {value === '' ? <option value="">Choose…</option> : null}
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
        {error ? (
          <p id={errorId} className={styles.error}>
            {error}
          </p>
        ) : null}
      </div>
    );
  };
  return (
    <article className={styles.ad} aria-label={ad.label}>
      <div className={styles.form}>
        <div className={styles.adHeader}>
          <TextField
            className={styles.grow}
            label="Ad name"
            aria-label={`${ad.label} name`}
            value={ad.name}
            onValueChange={(value) => view.changeAd(ad.key, 'name', value)}
            error={ad.errors.name ?? ad.errors.platform}
            disabled={view.readOnly}
            autoComplete="off"
          />
          {select('format', 'Format', ad.format, ad.formatOptions, (value) =>
            view.changeFormat(ad.key, value),
          )}
          {view.readOnly ? null : (
            <Button variant="ghost" onClick={() => view.removeAd(ad.key)} aria-label={`Remove ${ad.label}`}>
              Remove
            </Button>
          )}
        </div>
        <AdTexts view={view} ad={ad} />
        <AdAssets view={view} ad={ad} />
        <TextField
          label="Destination URL"
          aria-label={`${ad.label} destination URL`}
          type="url"
          inputMode="url"
          placeholder="https://example.com/offer"
          value={ad.destinationUrl}
          onValueChange={(value) => view.changeAd(ad.key, 'destinationUrl', value)}
          error={ad.errors.destinationUrl}
          disabled={view.readOnly}
          autoComplete="url"
        />
        <UtmBuilder
          idPrefix={`${id}-utm`}
          destinationUrl={ad.destinationUrl}
          utm={ad.utm}
          defaults={ad.utmDefaults}
          onChange={(utm) => view.changeUtm(ad.key, utm)}
          disabled={view.readOnly}
          errors={ad.utmErrors}
        />
        {select('callToAction', 'Call to action', ad.callToAction, ad.callToActionOptions, (value) =>
          view.changeAd(ad.key, 'callToAction', value),
        )}
      </div>
      <aside className={styles.preview} aria-label={`${ad.label} preview`}>
        {ad.specs ? (
          <AdPreviewSwitcher
            ad={ad.previewAd}
            specs={ad.specs}
            assets={view.assets}
            brandName={view.brandName}
          />
        ) : null}
      </aside>
    </article>
  );
}

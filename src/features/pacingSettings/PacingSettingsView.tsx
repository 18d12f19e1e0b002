import { Button } from '@src/ui/Button';
import * as cardCss from '@src/ui/card.css';
import * as formCss from '@src/ui/form.css';
import { PageHeader } from '@src/ui/records/RecordParts';
import { Notice } from '@src/ui/settings/Notice';
import * as stateCss from '@src/ui/state.css';
import { TextField } from '@src/ui/TextField';
import { usePacingSettings } from './usePacingSettings';

/**
 * /settings/pacing (issue 28): the current account's pacing alert thresholds. Planners change them; everyone
 * else reads them. The alerts themselves come to the inbox (and by e-mail as each member chooses).
 */
export function PacingSettingsView() {
  const view = usePacingSettings();
  return (
    <>
      <PageHeader
        title="Pacing alerts"
        subtitle="When a flight’s spend strays this far from what is planned to date, the account’s planners get an alert after the next delivery sync. Budgets, flights and the dashboard’s “Budgets off pace” judge by the same thresholds."
      />
      <section className={cardCss.card} aria-labelledby="pacing-thresholds-title" aria-busy={view.isLoading}>
        <div className={cardCss.cardHeader}>
          <h2 className={cardCss.cardTitle} id="pacing-thresholds-title">
            Thresholds
          </h2>
        </div>
        <div className={cardCss.cardBody}>
          {view.loadError ? (
            <div role="alert">
              <p className={stateCss.errorTitle}>The pacing alert thresholds could not be loaded.</p>
              <p className={stateCss.stateText}>{view.loadError}</p>
              <div className={stateCss.stateAction}>
                <Button variant="secondary" onClick={view.retry}>
                  Try again
                </Button>
              </div>
            </div>
          ) : view.isLoading ? (
            <p className={stateCss.stateText}>Loading…</p>
          ) : (
            <form
              className={formCss.form}
              noValidate
              aria-label="Pacing alert thresholds"
              onSubmit={(event) => {
                event.preventDefault();
                view.submit();
              }}
            >
              {view.readOnlyReason ? <p className={formCss.hint}>{view.readOnlyReason}</p> : null}
              <div className={formCss.formGrid}>
                {view.fields.map((field) => (
                  <div key={field.name}>
                    <TextField
                      label={field.label}
                      name={field.name}
                      inputMode="numeric"
                      value={field.value}
                      onValueChange={field.change}
                      error={field.error}
                      disabled={view.isLocked}
                    />
                    <p className={formCss.hint}>{field.hint}</p>
                  </div>
                ))}
              </div>
              {view.origin ? <p className={formCss.hint}>{view.origin}</p> : null}
              <div className={formCss.formActions}>
                <Button type="button" variant="ghost" onClick={view.useDefaults} disabled={view.isLocked}>
                  Use the defaults (15 %)
                </Button>
                <Button type="submit" variant="primary" disabled={view.isLocked}>
                  {view.isSaving ? 'Saving…' : 'Save thresholds'}
                </Button>
              </div>
            </form>
          )}
          {view.notice ? (
            <Notice tone="success" onDismiss={view.dismiss}>
              {view.notice}
            </Notice>
          ) : null}
          {view.error ? (
            <Notice tone="error" onDismiss={view.dismiss}>
              {view.error}
            </Notice>
          ) : null}
        </div>
      </section>
    </>
  );
}

export default PacingSettingsView;

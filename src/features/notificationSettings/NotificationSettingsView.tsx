import { Button } from '@src/ui/Button';
import * as cardCss from '@src/ui/card.css';
import * as choicesCss from '@src/ui/choices.css';
import { PageHeader } from '@src/ui/records/RecordParts';
import { Notice } from '@src/ui/settings/Notice';
import * as stateCss from '@src/ui/state.css';
import { useNotificationSettings } from './useNotificationSettings';

/**
 * /settings/notifications (issue 27): which notifications also come by e-mail. The inbox (the bell) always
 * gets them; each box saves at once.
 */
export function NotificationSettingsView() {
  const view = useNotificationSettings();
  return (
    <>
      <PageHeader
        title="Notifications"
        subtitle="Everything shows under the bell. Choose what also comes to your inbox by e-mail."
      />
      <section
        className={cardCss.card}
        aria-labelledby="email-notifications-title"
        aria-busy={view.isLoading}
      >
        <div className={cardCss.cardHeader}>
          <h2 className={cardCss.cardTitle} id="email-notifications-title">
            E-mail me when…
          </h2>
        </div>
        <div className={cardCss.cardBody}>
          {view.loadError ? (
            <div role="alert">
              <p className={stateCss.errorTitle}>The notification settings could not be loaded.</p>
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
            <fieldset className={choicesCss.fieldset} aria-busy={view.isSaving}>
              <legend className={choicesCss.legend}>Send an e-mail too</legend>
              {view.rows.map((row) => (
                <label key={row.kind} className={choicesCss.choice}>
                  <input
                    type="checkbox"
                    checked={row.email}
                    disabled={view.isSaving}
                    onChange={(event) => view.change(row.kind, event.currentTarget.checked)}
                  />
                  <span className={choicesCss.choiceText}>{row.label}</span>
                </label>
              ))}
              <label className={choicesCss.choice}>
                <input
                  type="checkbox"
                  checked={view.digest}
                  disabled={view.isSaving}
                  aria-describedby="pacing-digest-hint"
                  onChange={(event) => view.changeDigest(event.currentTarget.checked)}
                />
                <span className={choicesCss.choiceText}>Daily pacing digest</span>
              </label>
              <p className={choicesCss.choiceHint} id="pacing-digest-hint">
                One e-mail each morning listing the flights off pace in the accounts you work in (none when
                nothing is). The thresholds are in Settings → Pacing alerts.
              </p>
            </fieldset>
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

export default NotificationSettingsView;

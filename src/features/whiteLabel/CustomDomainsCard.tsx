import type { CustomDomainsView } from '@machines/customDomains';
import { Button } from '@src/ui/Button';
import * as cardCss from '@src/ui/card.css';
import * as listCss from '@src/ui/list.css';
import { Notice } from '@src/ui/settings/Notice';
import * as stateCss from '@src/ui/state.css';
import { TextField } from '@src/ui/TextField';
import * as textCss from '@src/ui/text.css';
import type { FormEvent } from 'react';
import * as styles from './whiteLabel.css';

const dateFormat = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric' });

/** Organization settings → White-label → Custom domains: markup only; `view` comes from `useCustomDomains`. */
export function CustomDomainsCard({ view }: { view: CustomDomainsView }) {
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    view.add();
  };
  return (
    <section className={cardCss.card} aria-labelledby="custom-domains-title" aria-busy={view.isLoading}>
      <div className={cardCss.cardHeader}>
        <div>
          <h2 className={cardCss.cardTitle} id="custom-domains-title">
            Custom domains
          </h2>
          <p className={cardCss.cardText}>
            A sign-in page on your own domain shows your brand. Point the domain at Flightplan, then add it
            here.
          </p>
        </div>
      </div>
      {view.loadError ? (
        <div className={listCss.listState}>
          <div role="alert">
            <p className={stateCss.errorTitle}>The custom domains could not be loaded.</p>
            <p className={stateCss.stateText}>{view.loadError}</p>
          </div>
          <div className={stateCss.stateAction}>
            <Button variant="secondary" onClick={view.retry}>
              Try again
            </Button>
          </div>
        </div>
      ) : view.isLoading ? (
        <div className={cardCss.cardBody}>
          <p className={stateCss.stateText}>Loading domains…</p>
        </div>
      ) : (
        <>
          <form className={styles.domainForm} onSubmit={onSubmit} noValidate aria-label="Add a custom domain">
            <TextField
              className={styles.domainField}
              label="Domain"
              name="domain"
              placeholder="ads.agency.example"
              autoComplete="off"
              spellCheck={false}
              value={view.draft}
              onValueChange={view.changeDomain}
              error={view.domainError}
              disabled={view.isFormDisabled}
            />
            <Button
              type="submit"
              variant="primary"
              className={styles.domainAdd}
              disabled={view.isFormDisabled}
            >
              {view.addLabel}
            </Button>
          </form>
          <div className={styles.domainMessages}>
            {view.disabledReason ? <p className={styles.hint}>{view.disabledReason}</p> : null}
            {view.error ? (
              <Notice tone="error" onDismiss={view.dismiss}>
                {view.error}
              </Notice>
            ) : null}
            {view.notice ? (
              <Notice tone="success" onDismiss={view.dismiss}>
                {view.notice}
              </Notice>
            ) : null}
          </div>
          {view.domains.length === 0 ? (
            <div className={cardCss.cardBody}>
              <p className={stateCss.stateText}>No custom domains yet.</p>
            </div>
          ) : (
            <ul className={listCss.list} aria-label="Custom domains">
              {view.domains.map((row) => (
                <li key={row.domain} className={listCss.listItem}>
                  <div className={listCss.itemText}>
                    <p className={listCss.itemName}>{row.domain}</p>
                    <p className={listCss.itemMeta}>
                      <span className={listCss.metaItem}>
                        Sign-in page:{' '}
                        <a className={textCss.textLink} href={row.signInUrl} target="_blank" rel="noreferrer">
                          {row.signInUrl}
                        </a>
                      </span>
                      <span className={listCss.metaItem}>
                        Added {dateFormat.format(new Date(row.createdAt))}
                      </span>
                    </p>
                  </div>
                  <div className={listCss.itemAction}>
                    {view.confirming === row.domain ? (
                      // biome-ignore lint/a11y/useSemanticElements: a labelled pair of buttons, not a form's fieldset
                      <div className={styles.domainConfirm} role="group" aria-label={`Remove ${row.domain}?`}>
                        <span>Remove {row.domain}? Its sign-in page stops showing your brand.</span>
                        <Button variant="primary" onClick={view.confirm}>
                          Remove domain
                        </Button>
                        <Button variant="secondary" onClick={view.cancel}>
                          Cancel
                        </Button>
                      </div>
                    ) : (
                      <Button
                        variant="ghost"
                        onClick={() => view.remove(row.domain)}
                        disabled={!row.canRemove}
                        aria-label={`Remove ${row.domain}`}
                      >
                        {row.isRemoving ? 'Removing…' : 'Remove'}
                      </Button>
                    )}
                  </div>
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </section>
  );
}

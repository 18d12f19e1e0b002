import { formatDate } from '@src/lib/format';
import { Button } from '@src/ui/Button';
import * as badgeCss from '@src/ui/badge.css';
import { linkButton } from '@src/ui/button.css';
import * as cardCss from '@src/ui/card.css';
import * as listCss from '@src/ui/list.css';
import * as pageCss from '@src/ui/page.css';
import { Notice } from '@src/ui/settings/Notice';
import { PageHeader } from '@src/ui/settings/PageHeader';
import * as stateCss from '@src/ui/state.css';
import * as textCss from '@src/ui/text.css';
import { Link } from 'react-router-dom';
import * as styles from './billing.css';
import { planCopy, planPrice, trialLabel } from './planCopy';
import { useBilling } from './useBilling';

/** /billing: the organization's plan and, while on the trial, how much of it is left. */
export function BillingView() {
  const { view, retry } = useBilling();
  const plan = view.currentPlan;
  const trial = view.trial;

  return (
    <>
      <PageHeader title="Billing" subtitle="Your organization’s plan and trial." />
      {view.loadError ? (
        <section className={cardCss.card}>
          <div className={listCss.listState}>
            <div role="alert">
              <p className={stateCss.errorTitle}>The billing details could not be loaded.</p>
              <p className={stateCss.stateText}>{view.loadError}</p>
            </div>
            <div className={stateCss.stateAction}>
              <Button variant="secondary" onClick={retry}>
                Try again
              </Button>
            </div>
          </div>
        </section>
      ) : !plan ? (
        <section className={`${cardCss.card} ${styles.skeletonCard}`} aria-busy="true">
          <div className={cardCss.cardBody}>
            <span className={stateCss.skeleton} aria-hidden="true" />
            <p className={stateCss.stateText}>Loading…</p>
          </div>
        </section>
      ) : (
        <div className={pageCss.stack}>
          {trial?.isExpired ? (
            <Notice
              tone="error"
              title="Your trial has expired."
              actions={
                <Link to="/billing/plans" className={linkButton.primary}>
                  Upgrade now
                </Link>
              }
            >
              Upgrade to a plan to keep using Flightplan.
            </Notice>
          ) : null}
          <section className={cardCss.card} aria-label="Current plan">
            <div className={styles.summary}>
              <div className={styles.summarySection}>
                <p className={styles.label}>Current plan</p>
                <div className={styles.planLine}>
                  <span className={styles.planName}>{plan.name}</span>
                  {trial ? (
                    <span
                      className={trial.isExpired ? badgeCss.labelBadge.expired : badgeCss.labelBadge.trial}
                    >
                      {trial.isExpired ? 'Expired' : 'Trial'}
                    </span>
                  ) : (
                    <span className={badgeCss.labelBadge.current}>Active</span>
                  )}
                </div>
                <p className={styles.summaryText}>
                  {plan.monthlyPriceMinor > 0
                    ? `${planPrice(plan.monthlyPriceMinor)} per month. ${planCopy(plan.code, plan.hasWhiteLabelFeature).tagline}`
                    : planCopy(plan.code, plan.hasWhiteLabelFeature).tagline}
                </p>
                <p className={styles.summaryText}>
                  {plan.hasWhiteLabelFeature
                    ? 'White-label branding is included.'
                    : 'White-label branding is not included.'}{' '}
                  {plan.hasWhiteLabelFeature ? (
                    <Link to="/settings/white-label" className={textCss.textLink}>
                      White-label settings
                    </Link>
                  ) : null}
                </p>
                <div className={styles.summaryActions}>
                  <Link to="/billing/plans" className={trial ? linkButton.primary : linkButton.secondary}>
                    {trial ? 'Upgrade now' : 'Change plan'}
                  </Link>
                </div>
              </div>
              <div className={styles.summarySection}>
                <p className={styles.label}>Trial</p>
                {trial ? (
                  <>
                    <p
                      className={
                        trial.isExpired
                          ? `${styles.trialHeadline} ${styles.trialExpired}`
                          : styles.trialHeadline
                      }
                    >
                      {trialLabel(trial.daysLeft)}
                    </p>
                    <progress
                      className={
                        trial.isExpired ? `${styles.progress} ${styles.progressExpired}` : styles.progress
                      }
                      max={trial.days}
                      value={trial.isExpired ? trial.days : trial.days - trial.daysLeft}
                      aria-label={`${trial.days - trial.daysLeft} of ${trial.days} trial days used`}
                    />
                    <p className={styles.summaryText}>
                      <time dateTime={trial.endsAt}>
                        {`${trial.isExpired ? 'Ended' : 'Ends'} ${formatDate(trial.endsAt)}`}
                      </time>
                      {` · ${trial.days}-day trial`}
                    </p>
                  </>
                ) : (
                  <p
                    className={styles.summaryText}
                  >{`You are on the ${plan.name} plan: the trial is over.`}</p>
                )}
              </div>
            </div>
          </section>
        </div>
      )}
    </>
  );
}

export default BillingView;

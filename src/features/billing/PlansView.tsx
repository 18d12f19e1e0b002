import type { PlanCardView } from '@machines/planChange';
import { visuallyHidden } from '@src/ui/a11y.css';
import { Button } from '@src/ui/Button';
import * as badgeCss from '@src/ui/badge.css';
import * as cardCss from '@src/ui/card.css';
import * as listCss from '@src/ui/list.css';
import * as pageCss from '@src/ui/page.css';
import { Notice } from '@src/ui/settings/Notice';
import { PageHeader } from '@src/ui/settings/PageHeader';
import * as stateCss from '@src/ui/state.css';
import * as styles from './billing.css';
import { planCopy, planPrice, trialLabel } from './planCopy';
import { useBilling } from './useBilling';

function Tick({ included }: { included: boolean }) {
  return included ? (
    <svg className={styles.featureIcon} width="14" height="14" viewBox="0 0 14 14" aria-hidden="true">
      <path
        d="m2.5 7.4 2.8 2.8L11.5 4"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.8"
        strokeLinecap="round"
      />
    </svg>
  ) : (
    <svg className={styles.featureIconMissing} width="14" height="14" viewBox="0 0 14 14" aria-hidden="true">
      <path d="m3.5 3.5 7 7M10.5 3.5l-7 7" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" />
    </svg>
  );
}

function PlanCard({
  plan,
  isBusy,
  choose,
  confirm,
  cancel,
}: {
  plan: PlanCardView;
  isBusy: boolean;
  choose: (code: string) => void;
  confirm: () => void;
  cancel: () => void;
}) {
  const copy = planCopy(plan.code, plan.hasWhiteLabelFeature);
  return (
    <section
      className={plan.isCurrent ? `${styles.planCard} ${styles.planCardCurrent}` : styles.planCard}
      aria-label={`${plan.name} plan`}
      aria-current={plan.isCurrent ? 'true' : undefined}
    >
      <div className={styles.planCardHeader}>
        <h2 className={styles.planCardName}>{plan.name}</h2>
        {plan.isCurrent ? <span className={badgeCss.labelBadge.current}>Current plan</span> : null}
      </div>
      <p className={styles.price}>
        <span className={styles.priceAmount}>{planPrice(plan.monthlyPriceMinor)}</span>
        <span className={styles.priceUnit}>{plan.monthlyPriceMinor > 0 ? 'per month' : 'for 7 days'}</span>
      </p>
      <p className={styles.tagline}>{copy.tagline}</p>
      <ul className={styles.features} aria-label={`${plan.name} features`}>
        {copy.features.map((feature) => (
          <li key={feature.label} className={styles.feature}>
            <Tick included={feature.included} />
            <span className={feature.included ? undefined : styles.featureMissing}>
              {feature.label}
              {feature.included ? null : <span className={visuallyHidden}> (not included)</span>}
            </span>
          </li>
        ))}
      </ul>
      <div className={styles.planAction}>
        {plan.isConfirming ? (
          // biome-ignore lint/a11y/useSemanticElements: an inline confirmation, not a modal dialog
          <div className={styles.confirm} role="group" aria-label={`Confirm switching to ${plan.name}`}>
            <p className={styles.confirmTitle}>{`Switch to ${plan.name}?`}</p>
            <p>
              {`${plan.name} does not include white-label branding. Your brand name, icon and colours stay saved, but the app shows Flightplan’s own look until you upgrade again.`}
            </p>
            <div className={styles.confirmActions}>
              <Button variant="secondary" onClick={cancel}>
                Cancel
              </Button>
              <Button variant="primary" onClick={confirm}>
                {`Switch to ${plan.name}`}
              </Button>
            </div>
          </div>
        ) : plan.isCurrent ? (
          <Button variant="secondary" block disabled>
            Current plan
          </Button>
        ) : plan.canChoose ? (
          <Button variant="primary" block disabled={isBusy} onClick={() => choose(plan.code)}>
            {plan.isChanging ? 'Switching…' : `Choose ${plan.name}`}
          </Button>
        ) : (
          <p className={styles.planNote}>Every new organization starts here.</p>
        )}
      </div>
    </section>
  );
}

/** /billing/plans: the plan cards, the current one marked; choosing one changes the plan at once. */
export function PlansView() {
  const { view, choose, confirm, cancel, dismissNotice, retry } = useBilling();
  return (
    <>
      <PageHeader
        parent={{ label: 'Billing', to: '/billing' }}
        title="Plans"
        subtitle="Choose the plan that fits your organization. Changes apply immediately."
      />
      <div className={pageCss.stack}>
        {view.notice ? (
          <Notice
            tone={view.notice.kind}
            title={view.notice.kind === 'success' ? 'Plan changed' : 'The plan could not be changed'}
            onDismiss={dismissNotice}
          >
            {view.notice.message}
          </Notice>
        ) : null}
        {view.isCheckingOut ? <Notice tone="info">Taking you to checkout…</Notice> : null}
        {view.trial ? (
          <Notice
            tone={view.trial.isExpired ? 'error' : 'info'}
            title={view.trial.isExpired ? 'Your trial has expired.' : trialLabel(view.trial.daysLeft)}
          >
            {view.trial.isExpired
              ? 'Upgrade to a plan to keep using Flightplan.'
              : 'Choose a plan before it ends to keep working without interruption.'}
          </Notice>
        ) : null}
        {view.loadError ? (
          <section className={cardCss.card}>
            <div className={listCss.listState}>
              <div role="alert">
                <p className={stateCss.errorTitle}>The plans could not be loaded.</p>
                <p className={stateCss.stateText}>{view.loadError}</p>
              </div>
              <div className={stateCss.stateAction}>
                <Button variant="secondary" onClick={retry}>
                  Try again
                </Button>
              </div>
            </div>
          </section>
        ) : view.isLoading ? (
          <div className={styles.plans} aria-busy="true">
            {[0, 1, 2].map((i) => (
              <div key={i} className={`${styles.planCard} ${styles.skeletonCard}`}>
                {i === 0 ? <p className={stateCss.stateText}>Loading plans…</p> : null}
                <span className={`${stateCss.skeleton} ${listCss.skeletonWidth.long}`} aria-hidden="true" />
              </div>
            ))}
          </div>
        ) : (
          <div className={styles.plans}>
            {view.plans.map((plan) => (
              <PlanCard
                key={plan.code}
                plan={plan}
                isBusy={view.isBusy}
                choose={choose}
                confirm={confirm}
                cancel={cancel}
              />
            ))}
          </div>
        )}
      </div>
    </>
  );
}

export default PlansView;

import type { ChangePlatform } from '@contract/planning';
import { formatDateTime } from '@src/lib/format';
import { Button } from '@src/ui/Button';
import * as cardCss from '@src/ui/card.css';
import { PermittedButton } from '@src/ui/PermittedButton';
import * as recordCss from '@src/ui/record.css';
import { DiffSections, formatsFor } from '@src/ui/revisions/DiffSections';
import { describeDiff } from '@src/ui/revisions/describeDiff';
import { Notice } from '@src/ui/settings/Notice';
import { useMemo } from 'react';
import { useLiveChange } from './useLiveChange';

const SIDE_LABEL = (platform: ChangePlatform) =>
  platform.updating
    ? 'Taking the change…'
    : platform.error
      ? 'Runs the plan before the change'
      : platform.upToDate
        ? 'Runs this plan'
        : 'Runs the plan before the change';

/**
 * The review step of a live campaign (issue 28): the planner's change against what runs, each platform's
 * side, and Apply changes behind the step-up. The chart (machines/liveChange) says what shows.
 */
export function LiveChangeCard({ campaignId, currency }: { campaignId: string; currency: string }) {
  const view = useLiveChange(campaignId);
  const described = useMemo(
    () => (view.diff ? describeDiff(view.diff, formatsFor(currency, view.interestNames)) : null),
    [view.diff, view.interestNames, currency],
  );
  return (
    <section className={cardCss.card} aria-labelledby="live-change-title">
      <header className={recordCss.cardHeader}>
        <div>
          <h2 id="live-change-title" className={cardCss.cardTitle}>
            Changes to apply
          </h2>
          <p className={cardCss.cardText}>
            This campaign is live. Your edits make a change against what runs; it reaches the platforms when
            you apply it, and you confirm it with a second factor.
          </p>
        </div>
        <PermittedButton
          action="campaigns.launch"
          variant="primary"
          disabled={!view.canApply}
          onClick={view.apply}
        >
          {view.isBusy ? 'Applying…' : view.applyLabel}
        </PermittedButton>
      </header>
      <div className={recordCss.cardBody}>
        {view.isLoading ? <p className={cardCss.cardText}>Loading the change…</p> : null}
        {view.loadError ? (
          <Notice
            tone="error"
            title="The change could not be loaded."
            actions={<Button onClick={view.retry}>Try again</Button>}
          >
            {view.loadError}
          </Notice>
        ) : null}
        {view.error ? (
          <Notice tone="error" onDismiss={view.dismiss}>
            {view.error}
          </Notice>
        ) : null}
        {view.notice ? (
          <Notice tone={view.state === 'refused' ? 'warning' : 'success'} onDismiss={view.dismiss}>
            {view.notice}
          </Notice>
        ) : null}
        {view.state === 'none' ? (
          <p className={cardCss.cardText}>
            Nothing to apply: the platforms run this plan. Edit a step to plan a change.
          </p>
        ) : null}
        {described ? <DiffSections described={described} /> : null}
        {view.platforms.length > 0 ? (
          <ul className={recordCss.list} aria-label="On the platforms">
            {view.platforms.map((platform) => (
              <li key={platform.platform} className={recordCss.listItem}>
                <span>
                  <strong>{platform.displayName}</strong> · {SIDE_LABEL(platform)}
                  {platform.error ? <span role="note">. {platform.error}</span> : null}
                </span>
              </li>
            ))}
          </ul>
        ) : null}
        {view.appliedAt ? (
          <p className={cardCss.cardText}>
            What runs was sent on {formatDateTime(view.appliedAt)}
            {view.appliedBy ? ` by ${view.appliedBy}` : ''}.
          </p>
        ) : null}
      </div>
    </section>
  );
}

import { exportPath, platformDisplayName } from '@contract/exchange';
import {
  AGE_MAX,
  daysInclusive,
  type InterestNames,
  isEmptyDiff,
  type RevisionDiff,
  type RevisionSnapshot,
  type SnapshotItem,
} from '@contract/planning';
import type { RevisionDetail } from '@contract/revisions';
import { type SecurityEventMethod, securityEventMethodName } from '@contract/securityActivity';
import type { SignOffView as View } from '@machines/signOff';
import { formatDate, formatDateRange, formatDateTime, formatMoney } from '@src/lib/format';
import { Button } from '@src/ui/Button';
import { button } from '@src/ui/button.css';
import * as cardCss from '@src/ui/card.css';
import * as noticeCss from '@src/ui/notice.css';
import { PageLoading } from '@src/ui/PageLoading';
import { Field, FieldsCard, PageHeader } from '@src/ui/records/RecordParts';
import { DiffSections, formatsFor } from '@src/ui/revisions/DiffSections';
import { describeDiff } from '@src/ui/revisions/describeDiff';
import { Notice } from '@src/ui/settings/Notice';
import * as stateCss from '@src/ui/state.css';
import { TextField } from '@src/ui/TextField';
import type { FormEvent } from 'react';
import { useId, useMemo } from 'react';
import { Link, useParams } from 'react-router-dom';
import * as css from './signOff.css';
import { useSignOff } from './useSignOff';

/**
 * `/campaigns/:id/revisions/:n`: one revision of a plan, read-only, as its approvers sign it off (issue 27).
 * Markup only: what it shows and may do comes from the `signOff` chart (useSignOff).
 */
export function SignOffPage() {
  const { id = '', n = '' } = useParams();
  const number = /^[1-9]\d*$/.test(n) ? Number(n) : 0;
  return <SignOffScreen key={`${id}/${number}`} view={useSignOff(id, number)} />;
}

export function SignOffScreen({ view }: { view: View }) {
  if (view.loadError)
    return (
      <div role="alert" className={cardCss.card}>
        <div className={css.section}>
          <p className={stateCss.errorTitle}>This revision could not be loaded.</p>
          <p className={stateCss.stateText}>{view.loadError}</p>
          <div>
            <Button variant="secondary" onClick={view.retry}>
              Try again
            </Button>
          </div>
        </div>
      </div>
    );
  if (!view.review || !view.snapshot) return <PageLoading inline />;
  const { review, snapshot } = view;
  const { campaign, revision } = review;
  return (
    <>
      <PageHeader
        breadcrumb={[
          { label: 'Campaigns', to: '/campaigns' },
          { label: campaign.name, to: `/campaigns/${campaign.id}` },
          { label: `Revision ${revision.number}` },
        ]}
        title={campaign.name}
        subtitle={view.headline}
      />
      {view.notice ? (
        <Notice tone="success" onDismiss={view.dismiss}>
          {view.notice}
        </Notice>
      ) : null}
      <div className={css.layout}>
        {view.isAsked ? (
          <div className={css.decisionArea}>
            <Decision view={view} />
          </div>
        ) : null}
        <div className={`${css.column} ${css.mainArea}`}>
          <SinceApproved review={review} />
          <Overview review={review} snapshot={snapshot} />
          <Flowchart snapshot={snapshot} currency={campaign.currency} />
          <Audience snapshot={snapshot} interestNames={review.context.interestNames} />
          <Creative review={review} snapshot={snapshot} />
        </div>
        <div className={`${css.column} ${css.sideArea}`}>
          <Record review={review} />
          <Totals review={review} snapshot={snapshot} />
        </div>
      </div>
    </>
  );
}

/** What changed since the last approved revision (the comparison's sections), when one before it was. */
function SinceApproved({ review }: { review: RevisionDetail }) {
  const titleId = useId();
  const since = review.sinceApproved;
  const described = useMemo(
    () =>
      since && !isEmptyDiff(since.diff as RevisionDiff)
        ? describeDiff(since.diff as RevisionDiff, formatsFor(review.campaign.currency, since.interestNames))
        : null,
    [since, review.campaign.currency],
  );
  if (!since) return null;
  const compareHref = `/campaigns/${encodeURIComponent(review.campaign.id)}/revisions/${since.number}/compare/${review.revision.number}`;
  return (
    <section className={css.sinceApproved} aria-labelledby={titleId}>
      <div className={css.sinceHead}>
        <h2 id={titleId} className={css.sectionTitle}>
          What changed since revision {since.number} (approved)
        </h2>
        <Link to={compareHref}>Compare the two</Link>
      </div>
      {described ? (
        <DiffSections described={described} level={3} />
      ) : (
        <p className={stateCss.stateText}>Nothing: this is the plan revision {since.number} approved.</p>
      )}
    </section>
  );
}

function Overview({ review, snapshot }: { review: RevisionDetail; snapshot: RevisionSnapshot }) {
  const { overview } = snapshot;
  return (
    <FieldsCard title="Plan">
      <Field label="Customer">{review.context.customerName ?? 'No customer'}</Field>
      <Field label="Objective">{review.context.objective ?? '—'}</Field>
      <Field label="Dates">
        {formatDateRange((overview.startDate as string) ?? null, (overview.endDate as string) ?? null)}
      </Field>
      <Field label="Budget">{formatMoney(Number(overview.budgetMinor ?? 0), review.campaign.currency)}</Field>
      {review.context.isCurrent ? (
        <Field label="Insertion order">
          <a
            href={exportPath(review.campaign.id, 'insertion-order.pdf')}
            download
            className={button.secondary}
          >
            Insertion order (PDF)
          </a>
        </Field>
      ) : null}
    </FieldsCard>
  );
}

const byStart = (a: SnapshotItem, b: SnapshotItem) =>
  String(a.platform).localeCompare(String(b.platform)) ||
  String(a.startDate).localeCompare(String(b.startDate));

/** The flowchart: each line item (a flight) as a bar over the plan's dates. */
function Flowchart({ snapshot, currency }: { snapshot: RevisionSnapshot; currency: string }) {
  const titleId = useId();
  const start = String(snapshot.overview.startDate ?? '');
  const end = String(snapshot.overview.endDate ?? '');
  const span = start && end ? daysInclusive(start, end) : 1;
  const offset = (date: string) => (start ? ((daysInclusive(start, date) - 1) / span) * 100 : 0);
  return (
    <section className={cardCss.card} aria-labelledby={titleId}>
      <div className={css.section}>
        <h2 id={titleId} className={css.sectionTitle}>
          Flowchart
        </h2>
        {snapshot.lineItems.length === 0 ? (
          <p className={css.muted}>No flights planned.</p>
        ) : (
          <ul className={css.flowchart} aria-label="Line items">
            {[...snapshot.lineItems].sort(byStart).map((item) => {
              const from = String(item.startDate);
              const to = String(item.endDate);
              const left = offset(from);
              const width = Math.max((daysInclusive(from, to) / span) * 100, 1);
              return (
                <li key={item.key} className={css.flight}>
                  <div className={css.flightHead}>
                    <strong>{platformDisplayName(String(item.platform))}</strong>
                    <span>{formatDateRange(from, to)}</span>
                    <span>{formatMoney(Number(item.amountMinor), currency)}</span>
                  </div>
                  <div className={css.track} aria-hidden="true">
                    <div
                      className={css.bar}
                      style={{ left: `${left}%`, width: `${Math.min(width, 100 - left)}%` }}
                    />
                  </div>
                </li>
              );
            })}
          </ul>
        )}
      </div>
    </section>
  );
}

const regionNames = new Intl.DisplayNames(['en'], { type: 'region' });
const languageNames = new Intl.DisplayNames(['en'], { type: 'language' });
const list = (value: unknown) => (Array.isArray(value) ? value.map(String) : []);

function Audience({ snapshot, interestNames }: { snapshot: RevisionSnapshot; interestNames: InterestNames }) {
  const { audience } = snapshot;
  if (Object.keys(audience).length === 0)
    return (
      <FieldsCard title="Audience">
        <Field label="Audience">Not chosen yet</Field>
      </FieldsCard>
    );
  const genders = list(audience.genders);
  const languages = list(audience.languages);
  const interests = Object.entries((audience.interests as Record<string, unknown>) ?? {}).filter(
    ([, ids]) => list(ids).length > 0,
  );
  const ageMax = Number(audience.ageMax);
  return (
    <FieldsCard title="Audience">
      <Field label="Locations">
        {list(audience.locations)
          .map((c) => regionNames.of(c) ?? c)
          .join(', ')}
      </Field>
      <Field label="Ages">{`${audience.ageMin}–${ageMax}${ageMax >= AGE_MAX ? '+' : ''}`}</Field>
      <Field label="Genders">
        {genders.length === 0
          ? 'Everyone'
          : genders.map((g) => (g === 'female' ? 'Women' : 'Men')).join(', ')}
      </Field>
      <Field label="Languages">
        {languages.length === 0 ? 'Any language' : languages.map((l) => languageNames.of(l) ?? l).join(', ')}
      </Field>
      {interests.length > 0 ? (
        <Field label="Interests">
          {interests
            .map(
              ([platform, ids]) =>
                `${platformDisplayName(platform)}: ${list(ids)
                  .map((id) => interestNames[platform]?.[id] ?? id)
                  .join(', ')}`,
            )
            .join(' · ')}
        </Field>
      ) : null}
    </FieldsCard>
  );
}

function Creative({ review, snapshot }: { review: RevisionDetail; snapshot: RevisionSnapshot }) {
  const titleId = useId();
  const assets = new Map(review.context.assets.map((asset) => [asset.id, asset]));
  return (
    <section className={cardCss.card} aria-labelledby={titleId}>
      <div className={css.section}>
        <h2 id={titleId} className={css.sectionTitle}>
          Creative
        </h2>
        {snapshot.ads.length === 0 ? (
          <p className={css.muted}>No ads yet.</p>
        ) : (
          <ul className={css.ads} aria-label="Ads">
            {snapshot.ads.map((ad) => {
              const uses = (Array.isArray(ad.assets) ? ad.assets : []) as { assetId?: string }[];
              const texts = Object.values((ad.texts as Record<string, string[]>) ?? {})
                .flat()
                .filter(Boolean)
                .slice(0, 2);
              return (
                <li key={ad.key} className={css.ad}>
                  <strong>{String(ad.name)}</strong>
                  <span className={css.muted}>
                    {platformDisplayName(String(ad.platform))} · {String(ad.format).replaceAll('_', ' ')}
                  </span>
                  <div className={css.thumbs}>
                    {[...new Set(uses.map((use) => use.assetId ?? ''))].map((assetId) => {
                      const asset = assets.get(assetId);
                      return asset ? (
                        <img
                          key={assetId}
                          src={asset.thumbnailUrl}
                          alt={asset.name}
                          className={css.thumb}
                          loading="lazy"
                        />
                      ) : null;
                    })}
                  </div>
                  {texts.map((text) => (
                    <p key={text} className={css.muted}>
                      {text}
                    </p>
                  ))}
                </li>
              );
            })}
          </ul>
        )}
      </div>
    </section>
  );
}

function Totals({ review, snapshot }: { review: RevisionDetail; snapshot: RevisionSnapshot }) {
  const titleId = useId();
  const money = (value: unknown) => formatMoney(Number(value ?? 0), review.campaign.currency);
  const platforms = Object.keys(snapshot.totals).filter((key) => key.startsWith('platform:'));
  const budget = review.context.budget;
  return (
    <section className={cardCss.card} aria-labelledby={titleId}>
      <div className={css.section}>
        <h2 id={titleId} className={css.sectionTitle}>
          Totals
        </h2>
        <dl className={css.totals}>
          {platforms.map((key) => (
            <div key={key} className={css.totalRow}>
              <dt>{platformDisplayName(key.slice('platform:'.length))}</dt>
              <dd>{money(snapshot.totals[key])}</dd>
            </div>
          ))}
          <div className={css.totalRow}>
            <dt>
              <strong>Planned</strong>
            </dt>
            <dd>
              <strong>{money(snapshot.totals.plannedMinor)}</strong>
            </dd>
          </div>
          <div className={css.totalRow}>
            <dt>Campaign budget</dt>
            <dd>{money(snapshot.totals.budgetMinor)}</dd>
          </div>
        </dl>
        {budget ? (
          <p className={css.muted}>
            Draws on {budget.name}: {formatMoney(budget.leftAfterMinor, budget.currency)} of{' '}
            {formatMoney(budget.amountMinor, budget.currency)} left after this plan.
          </p>
        ) : null}
      </div>
    </section>
  );
}

/** Who sent it, who is asked, and the decision with how it was confirmed. */
function Record({ review }: { review: RevisionDetail }) {
  const { revision } = review;
  const approvers = revision.approvers.map((a) => a.name).join(', ') || 'Nobody';
  return (
    <FieldsCard title="Sign-off">
      <Field label="Sent for approval">
        {revision.status === 'draft'
          ? 'Not yet'
          : `${formatDateTime(revision.createdAt)}${revision.createdBy ? ` by ${revision.createdBy.name}` : ''}`}
      </Field>
      <Field label="Approvers">{approvers}</Field>
      {revision.status === 'approved' && revision.decidedAt ? (
        <Field label="Approved">
          {`${formatDateTime(revision.decidedAt)} by ${revision.decidedBy?.name ?? 'a former member'} (typed “${revision.decidedName}”)`}
          {revision.decidedMethod
            ? `, confirmed with ${securityEventMethodName(revision.decidedMethod as SecurityEventMethod).toLowerCase()}`
            : ''}
        </Field>
      ) : null}
      {revision.status === 'changes_requested' && revision.comment ? (
        <Field label={`Changes requested ${revision.decidedAt ? formatDate(revision.decidedAt) : ''}`}>
          <blockquote className={css.comment}>{revision.comment}</blockquote>
        </Field>
      ) : null}
      <Field label="Content hash">
        <code title={revision.hash}>{revision.hash.slice(0, 12)}</code>
      </Field>
    </FieldsCard>
  );
}

/** Approve (full name, then “Confirm it’s you”) or request changes (a comment): for the approvers asked. */
function Decision({ view }: { view: View }) {
  const titleId = useId();
  const commentId = useId();
  if (!view.isAsked) return null;
  const onApprove = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    view.approve();
  };
  const onSend = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    view.sendChanges();
  };
  return (
    <section className={cardCss.card} aria-labelledby={titleId}>
      <div className={css.section}>
        <h2 id={titleId} className={css.sectionTitle}>
          Your decision
        </h2>
        {view.error ? (
          <div className={noticeCss.notice.error} role="alert">
            <div className={noticeCss.noticeBody}>{view.error}</div>
          </div>
        ) : null}
        {view.isWritingChanges ? (
          <form className={css.decision} onSubmit={onSend} noValidate aria-label="Request changes">
            <label htmlFor={commentId} className={css.label}>
              What should change?
            </label>
            <textarea
              id={commentId}
              className={css.textarea}
              value={view.comment}
              onChange={(event) => view.changeComment(event.currentTarget.value)}
              aria-invalid={view.commentError ? true : undefined}
              aria-describedby={view.commentError ? `${commentId}-error` : undefined}
              disabled={view.isSendingChanges}
            />
            {view.commentError ? (
              <p id={`${commentId}-error`} className={css.error}>
                {view.commentError}
              </p>
            ) : null}
            <div className={css.buttons}>
              <Button type="submit" variant="primary" disabled={view.isSendingChanges}>
                {view.isSendingChanges ? 'Sending…' : 'Send to the planner'}
              </Button>
              <Button variant="secondary" onClick={view.cancelChanges} disabled={view.isSendingChanges}>
                Cancel
              </Button>
            </div>
          </form>
        ) : (
          <form className={css.decision} onSubmit={onApprove} noValidate aria-label="Approve">
            <p className={css.muted}>Approving signs off exactly this revision. You confirm it’s you next.</p>
            <TextField
              label="Your full name"
              name="name"
              autoComplete="name"
              value={view.name}
              onValueChange={view.changeName}
              error={view.nameError}
              disabled={view.isApproving}
            />
            <div className={css.buttons}>
              <Button type="submit" variant="primary" disabled={view.isApproving}>
                {view.isApproving ? 'Approving…' : 'Approve'}
              </Button>
              <Button variant="secondary" onClick={view.startChanges} disabled={view.isApproving}>
                Request changes
              </Button>
            </div>
          </form>
        )}
      </div>
    </section>
  );
}

export default SignOffPage;

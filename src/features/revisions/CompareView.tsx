import type { RevisionCompareView } from '@machines/revisionCompare';
import { formatDateRange, formatDay, formatMoney } from '@src/lib/format';
import * as a11y from '@src/ui/a11y.css';
import { Button } from '@src/ui/Button';
import * as badgeCss from '@src/ui/badge.css';
import * as cardCss from '@src/ui/card.css';
import * as fieldCss from '@src/ui/field.css';
import { PageLoading } from '@src/ui/PageLoading';
import { PageHeader } from '@src/ui/records/RecordParts';
import { Notice } from '@src/ui/settings/Notice';
import * as tableCss from '@src/ui/table.css';
import * as textCss from '@src/ui/text.css';
import { type ReactNode, useId, useMemo } from 'react';
import { Link, useParams } from 'react-router-dom';
import * as css from './compare.css';
import {
  type Cell,
  type Change,
  type DescribedDiff,
  describeDiff,
  type Formats,
  type ItemRow,
  type LineItemRow,
  MARK_LABELS,
} from './describeDiff';
import { useRevisionCompare } from './useRevisionCompare';

/** /campaigns/:id/revisions/:a/compare/:b: what changed from revision A to revision B. */
export function CompareView() {
  const { id = '', a = '', b = '' } = useParams();
  const from = Number(a);
  const to = Number(b);
  // Another campaign is a new page: its own chart (another pair is the same chart's `pair.choose`).
  return <ComparePage key={id} campaignId={id} from={from} to={to} />;
}

const countryNames = safeDisplayNames('region');
const languageNames = safeDisplayNames('language');
function safeDisplayNames(type: 'region' | 'language'): Intl.DisplayNames | null {
  try {
    return new Intl.DisplayNames([(typeof navigator !== 'undefined' && navigator.language) || 'en-US'], {
      type,
      fallback: 'code',
    });
  } catch {
    return null;
  }
}

/** The page's formats: money in the campaign's currency, calendar dates, country and language names. */
export function formatsFor(currency: string): Formats {
  return {
    money: (amountMinor) => formatMoney(amountMinor, currency),
    day: formatDay,
    range: (start, end) => formatDateRange(start || null, end || null),
    country: (code) => countryNames?.of(code) ?? code,
    language: (code) => languageNames?.of(code) ?? code,
  };
}

function ComparePage({ campaignId, from, to }: { campaignId: string; from: number; to: number }) {
  const compare = useRevisionCompare(campaignId, from, to);
  const campaignHref = `/campaigns/${encodeURIComponent(campaignId)}`;
  if (compare.isLoading) return <PageLoading inline />;
  if (compare.notFound)
    return (
      <Notice tone="warning" title="Revision not found">
        One of these revisions does not exist.{' '}
        <Link to={`${campaignHref}?tab=revisions`}>See the revisions</Link>
      </Notice>
    );
  if (compare.loadError)
    return (
      <Notice
        tone="error"
        title="The comparison could not be loaded."
        actions={
          <Button variant="secondary" onClick={compare.retry}>
            Try again
          </Button>
        }
      >
        {compare.loadError}
      </Notice>
    );
  const campaign = compare.campaign!;
  return (
    <div className={css.page}>
      <PageHeader
        breadcrumb={[
          { label: 'Campaigns', to: '/campaigns' },
          { label: campaign.name, to: campaignHref },
          { label: 'Revisions', to: `${campaignHref}?tab=revisions` },
          { label: `Revision ${from} → ${to}` },
        ]}
        title={`Compare revision ${from} with revision ${to}`}
        subtitle="What changed in the plan, the way an insertion order is re-issued: each change as old → new."
      />
      <Pickers compare={compare} />
      <Comparison compare={compare} currency={campaign.currency} />
    </div>
  );
}

function Pickers({ compare }: { compare: RevisionCompareView }) {
  return (
    <div className={css.pickers}>
      <Picker
        label="Revision A"
        value={compare.from}
        options={compare.options}
        onChoose={compare.chooseFrom}
      />
      <span className={css.arrow} aria-hidden="true">
        →
      </span>
      <Picker label="Revision B" value={compare.to} options={compare.options} onChoose={compare.chooseTo} />
    </div>
  );
}

/** One side of the comparison: a revision to choose. */
function Picker({
  label,
  value,
  options,
  onChoose,
}: {
  label: string;
  value: number;
  options: RevisionCompareView['options'];
  onChoose: (number: number) => void;
}) {
  const id = useId();
  return (
    <div className={css.picker}>
      <label htmlFor={id} className={fieldCss.label}>
        {label}
      </label>
      <select
        id={id}
        className={fieldCss.input}
        value={value}
        onChange={(event) => onChoose(Number(event.currentTarget.value))}
      >
        {options.map((option) => (
          <option key={option.number} value={option.number}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}

/** The sections of a comparison (exported for the review page: “what changed since the last approved”). */
export function Comparison({ compare, currency }: { compare: RevisionCompareView; currency: string }) {
  const described = useMemo(
    () => (compare.diff ? describeDiff(compare.diff, formatsFor(currency)) : null),
    [compare.diff, currency],
  );
  if (!described) return null;
  if (compare.isEmpty)
    return (
      <Notice tone="info" title="No changes">
        Revision {compare.to} is the same plan as revision {compare.from}.
      </Notice>
    );
  return <DiffSections described={described} />;
}

export function DiffSections({ described }: { described: DescribedDiff }) {
  return (
    <>
      {described.lineItems.length > 0 ? (
        <Section title="Line items">
          <LineItems rows={described.lineItems} />
        </Section>
      ) : null}
      {described.totals.length > 0 ? (
        <Section title="Totals">
          <Changes changes={described.totals} />
        </Section>
      ) : null}
      {described.overview.length > 0 ? (
        <Section title="Overview">
          <Changes changes={described.overview} />
        </Section>
      ) : null}
      {described.budget.length > 0 ? (
        <Section title="Budget choice">
          <Changes changes={described.budget} />
        </Section>
      ) : null}
      {described.platforms.length > 0 ? (
        <Section title="Platforms">
          <Items rows={described.platforms} label="Platforms" />
        </Section>
      ) : null}
      {described.audience.length > 0 ? (
        <Section title="Audience">
          <Changes changes={described.audience} />
        </Section>
      ) : null}
      {described.ads.length > 0 ? (
        <Section title="Creative">
          <Items rows={described.ads} label="Ads" />
        </Section>
      ) : null}
    </>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <section className={`${cardCss.card} ${css.section}`} aria-labelledby={id}>
      <h2 id={id} className={cardCss.cardTitle}>
        {title}
      </h2>
      {children}
    </section>
  );
}

/** "old → new"; a screen reader hears "old, changed to, new". */
function OldNew({ before, after }: { before: string; after: string }) {
  return (
    <>
      <span className={css.before}>{before}</span>
      <span className={css.arrowInline} aria-hidden="true">
        →
      </span>
      <span className={a11y.visuallyHidden}> changed to </span>
      <span className={css.after}>{after}</span>
    </>
  );
}

function Delta({ delta }: { delta: string | undefined }) {
  if (!delta) return null;
  return <span className={delta.startsWith('−') ? css.deltaDown : css.deltaUp}>{delta}</span>;
}

function Changes({ changes }: { changes: Change[] }) {
  return (
    <dl className={css.changes}>
      {changes.map((change) => (
        <div key={change.label} className={css.changeRow}>
          <dt className={css.changeLabel}>{change.label}</dt>
          <dd className={css.changeValue}>
            <OldNew before={change.before} after={change.after} />
            <Delta delta={change.delta} />
          </dd>
        </div>
      ))}
    </dl>
  );
}

function CellValue({ cell }: { cell: Cell }) {
  return 'value' in cell ? cell.value : <OldNew before={cell.before} after={cell.after} />;
}

function LineItems({ rows }: { rows: LineItemRow[] }) {
  return (
    <div className={tableCss.tableWrap}>
      <table className={`${tableCss.table} ${css.stackedTable}`}>
        <thead>
          <tr>
            <th className={tableCss.th} scope="col">
              Change
            </th>
            <th className={tableCss.th} scope="col">
              Platform
            </th>
            <th className={tableCss.th} scope="col">
              Dates
            </th>
            <th className={`${tableCss.th} ${tableCss.numeric}`} scope="col">
              Amount
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr
              key={`${row.mark}:${row.key}`}
              className={row.mark === 'removed' ? css.removedRow : undefined}
            >
              <td data-label="Change" className={tableCss.td}>
                <span className={badgeCss.changeBadge[row.mark]}>{MARK_LABELS[row.mark]}</span>
              </td>
              <td data-label="Platform" className={tableCss.td}>
                <CellValue cell={row.platform} />
              </td>
              <td data-label="Dates" className={tableCss.td}>
                <span className={css.cellStack}>
                  <span>
                    <CellValue cell={row.dates} />
                  </span>
                  {row.other.map((change) => (
                    <span key={change.label} className={textCss.muted}>
                      {change.label}: <OldNew before={change.before} after={change.after} />
                    </span>
                  ))}
                </span>
              </td>
              <td data-label="Amount" className={`${tableCss.td} ${tableCss.numeric}`}>
                <CellValue cell={row.amount} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function Items({ rows, label }: { rows: ItemRow[]; label: string }) {
  return (
    <ul className={css.items} aria-label={label}>
      {rows.map((row) => (
        <li key={`${row.mark}:${row.key}`}>
          <div className={css.itemHead}>
            <span className={badgeCss.changeBadge[row.mark]}>{MARK_LABELS[row.mark]}</span>
            <span className={css.itemTitle}>{row.title}</span>
          </div>
          {row.mark === 'changed' ? (
            <Changes changes={row.details} />
          ) : (
            <p className={textCss.muted}>{row.details.map((d) => `${d.label}: ${d.after}`).join(' · ')}</p>
          )}
        </li>
      ))}
    </ul>
  );
}

export default CompareView;

import { formatDateRange, formatDay, formatMoney } from '@src/lib/format';
import * as a11y from '@src/ui/a11y.css';
import * as badgeCss from '@src/ui/badge.css';
import * as cardCss from '@src/ui/card.css';
import * as tableCss from '@src/ui/table.css';
import * as textCss from '@src/ui/text.css';
import { type ReactNode, useId } from 'react';
import {
  type Cell,
  type Change,
  type DescribedDiff,
  type Formats,
  type ItemRow,
  type LineItemRow,
  MARK_LABELS,
} from './describeDiff';
import * as css from './diff.css';

/**
 * A comparison of two plan revisions as sections (line items, totals, overview, budget choice, platforms,
 * audience, creative), each change old → new: the comparison page's (src/features/revisions) and the review
 * page's "what changed since the last approved revision" (src/features/signOff).
 */

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
export function formatsFor(
  currency: string,
  interestNames: Readonly<Record<string, Readonly<Record<string, string>>>> = {},
): Formats {
  return {
    money: (amountMinor) => formatMoney(amountMinor, currency),
    day: formatDay,
    range: (start, end) => formatDateRange(start || null, end || null),
    country: (code) => countryNames?.of(code) ?? code,
    language: (code) => languageNames?.of(code) ?? code,
    interest: (platform, id) => interestNames[platform]?.[id] ?? id,
  };
}

/** `level`: the sections' heading level (2 on the comparison page; 3 inside the review's own section). */
export function DiffSections({ described, level = 2 }: { described: DescribedDiff; level?: 2 | 3 }) {
  return (
    <>
      {described.lineItems.length > 0 ? (
        <Section level={level} title="Line items">
          <LineItems rows={described.lineItems} />
        </Section>
      ) : null}
      {described.totals.length > 0 ? (
        <Section level={level} title="Totals">
          <Changes changes={described.totals} />
        </Section>
      ) : null}
      {described.overview.length > 0 ? (
        <Section level={level} title="Overview">
          <Changes changes={described.overview} />
        </Section>
      ) : null}
      {described.budget.length > 0 ? (
        <Section level={level} title="Budget choice">
          <Changes changes={described.budget} />
        </Section>
      ) : null}
      {described.platforms.length > 0 ? (
        <Section level={level} title="Platforms">
          <Items rows={described.platforms} label="Platforms" />
        </Section>
      ) : null}
      {described.audience.length > 0 ? (
        <Section level={level} title="Audience">
          <Changes changes={described.audience} />
        </Section>
      ) : null}
      {described.ads.length > 0 ? (
        <Section level={level} title="Creative">
          <Items rows={described.ads} label="Ads" />
        </Section>
      ) : null}
    </>
  );
}

function Section({ title, level, children }: { title: string; level: 2 | 3; children: ReactNode }) {
  const id = useId();
  const Heading = level === 2 ? 'h2' : 'h3';
  return (
    <section className={`${cardCss.card} ${css.section}`} aria-labelledby={id}>
      <Heading id={id} className={cardCss.cardTitle}>
        {title}
      </Heading>
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

import type { ActivityEntry } from '@contract/activity';
import { activityCsvHref } from '@src/api/activity';
import { formatDateTime } from '@src/lib/format';
import { useMemo } from 'react';
import { Link } from 'react-router-dom';
import { visuallyHidden } from '../a11y.css';
import { FilterSelect } from '../FilterSelect';
import {
  ResourceTable,
  type TableColumn,
  type TableFilterControls,
  type TableFilters,
} from '../resourceList/ResourceTable';
import * as table from '../table.css';
import * as styles from './activity.css';
import { ACTIVITY_FILTERS, ENTITY_OPTIONS, fetchActivityPage, filtersOf } from './activityFilters';
import { useActivityFilterOptions } from './useActivityFilterOptions';

const Empty = ({ label }: { label: string }) => (
  <span className={table.muted}>
    <span aria-hidden="true">—</span>
    <span className={visuallyHidden}>{label}</span>
  </span>
);

function columnsFor(showCampaign: boolean): TableColumn<ActivityEntry>[] {
  return [
    {
      label: 'When',
      skeletonWidth: 'medium',
      cell: (row) => <time dateTime={row.at}>{formatDateTime(row.at)}</time>,
    },
    {
      label: 'Who',
      skeletonWidth: 'medium',
      cell: (row) =>
        row.actor ? (
          <span title={row.actor.email}>{row.actor.name}</span>
        ) : (
          <span className={table.muted}>Flightplan</span>
        ),
    },
    {
      label: 'What',
      skeletonWidth: 'medium',
      cell: (row) =>
        showCampaign && row.campaignId && row.campaignName ? (
          <>
            {row.entityLabel}
            <span className={styles.context}>
              <Link to={`/campaigns/${row.campaignId}`} className={table.nameLink}>
                {row.campaignName}
              </Link>
            </span>
          </>
        ) : (
          row.entityLabel
        ),
    },
    { label: 'Field', skeletonWidth: 'short', cell: (row) => row.fieldLabel },
    {
      label: 'Change',
      skeletonWidth: 'long',
      cell: (row) => (
        <span className={styles.change}>
          {row.beforeText ? <del className={styles.before}>{row.beforeText}</del> : null}
          {row.beforeText && row.afterText ? (
            <span aria-hidden="true" className={styles.arrow}>
              →
            </span>
          ) : null}
          {row.afterText ? <ins className={styles.after}>{row.afterText}</ins> : null}
          {!row.beforeText && !row.afterText ? <Empty label="Emptied" /> : null}
        </span>
      ),
    },
    {
      label: 'Revision',
      skeletonWidth: 'short',
      numeric: true,
      cell: (row) => (row.revision === null ? <Empty label="No revision" /> : `#${row.revision}`),
    },
  ];
}

const noMatchText = () => 'Try another person, kind of change or date range, or clear the filters.';

/** Who, what and when menus, the CSV export of what is shown, and *Clear filters* while any is set. */
function ActivityFilterMenus({
  view,
  selectFilter,
  clearFilters,
  campaignId,
}: TableFilterControls<ActivityEntry> & { campaignId: string | undefined }) {
  const { actors } = useActivityFilterOptions();
  const csv = activityCsvHref(
    filtersOf(
      {
        filters: ACTIVITY_FILTERS.map((f) => ({
          field: f.field,
          operator: f.operator,
          value: view.filterValueOf(f.field),
        })),
      },
      campaignId,
    ),
  );
  const id = campaignId ? `activity-${campaignId}` : 'activity';
  return (
    <fieldset className={styles.filters}>
      <legend className={visuallyHidden}>Filter the activity</legend>
      <FilterSelect
        label="Who"
        anyLabel="Everyone"
        options={actors}
        value={view.filterValueOf('actorId')}
        onValueChange={(value) => selectFilter('actorId', value)}
      />
      <FilterSelect
        label="What"
        anyLabel="Everything"
        options={ENTITY_OPTIONS}
        value={view.filterValueOf('entity')}
        onValueChange={(value) => selectFilter('entity', value)}
      />
      <span className={styles.range}>
        <label htmlFor={`${id}-from`}>From</label>
        <input
          id={`${id}-from`}
          type="date"
          className={styles.dateInput}
          value={view.filterValueOf('from')}
          max={view.filterValueOf('to') || undefined}
          onChange={(event) => selectFilter('from', event.currentTarget.value)}
        />
        <label htmlFor={`${id}-to`}>to</label>
        <input
          id={`${id}-to`}
          type="date"
          className={styles.dateInput}
          value={view.filterValueOf('to')}
          min={view.filterValueOf('from') || undefined}
          onChange={(event) => selectFilter('to', event.currentTarget.value)}
        />
      </span>
      {view.isFiltered ? (
        <button type="button" className={styles.clear} onClick={clearFilters}>
          Clear filters
        </button>
      ) : null}
      <a className={styles.exportLink} href={csv} download>
        Export CSV
      </a>
    </fieldset>
  );
}

export interface ActivityTableProps {
  title: string;
  subtitle: string;
  /** One campaign's changes only (its Activity tab): no campaign column, the heading one level down. */
  campaignId?: string;
}

/**
 * The change log as a server-backed table (the `resourceList` chart, its page and filters in the URL):
 * when, who, what, field, old → new, revision.
 */
export function ActivityTable({ title, subtitle, campaignId }: ActivityTableProps) {
  const columns = useMemo(() => columnsFor(!campaignId), [campaignId]);
  const fetchPage = useMemo(() => fetchActivityPage(campaignId), [campaignId]);
  const filters = useMemo<TableFilters<ActivityEntry>>(
    () => ({
      fields: ACTIVITY_FILTERS,
      toolbar: (controls) => <ActivityFilterMenus {...controls} campaignId={campaignId} />,
      noMatchText,
    }),
    [campaignId],
  );
  return (
    <ResourceTable<ActivityEntry>
      title={title}
      subtitle={subtitle}
      noun="changes"
      resource={campaignId ? `activity-${campaignId}` : 'activity'}
      columns={columns}
      sortableFields={NO_SORT}
      filters={filters}
      emptyText="Changes to campaigns, plans, budgets, customers, bookings, members and platform connections appear here."
      fetchPage={fetchPage}
      rowKey={(row) => row.id}
      headingLevel={campaignId ? 2 : 1}
    />
  );
}

const NO_SORT: readonly string[] = [];

import type { Booking } from '@contract/resources';
import type { FetchPageInput } from '@machines/resourceList';
import { dataProvider } from '@src/api/dataProvider';
import { loadPlatformNames, orEmpty } from '@src/api/referenceData';
import { useSession } from '@src/api/session';
import { formatDateRange, formatMoney } from '@src/lib/format';
import { visuallyHidden } from '@src/ui/a11y.css';
import { bookingBadge } from '@src/ui/badge.css';
import { FilterSelect } from '@src/ui/FilterSelect';
import {
  ResourceTable,
  type TableColumn,
  type TableFilterControls,
  type TableFilters,
} from '@src/ui/resourceList/ResourceTable';
import * as table from '@src/ui/table.css';
import * as textCss from '@src/ui/text.css';
import { Link } from 'react-router-dom';
import { BOOKING_FILTERS, BOOKING_STATUS_OPTIONS, RANGE_FROM_FIELD, RANGE_TO_FIELD } from './bookingFilters';
import * as filterStyles from './bookingFilters.css';
import { useBookingFilterOptions } from './useBookingFilterOptions';

export interface BookingRow extends Booking {
  platformName: string;
  /** The campaign's name; null without a campaign, or when it cannot be read (deleted). */
  campaignName: string | null;
}

const SORTABLE = ['name', 'status', 'startDate', 'amountMinor', 'platformKey'] as const;

/** Where a new plan starts: bookings are its flights, never entered by hand. */
export const PLAN_CAMPAIGN_PATH = '/planning/wizard/new/overview';

/** One page of bookings, with their platforms' and campaigns' names (reference data: keys without them). */
export async function fetchBookingPage(input: FetchPageInput, signal: AbortSignal) {
  const [page, platforms] = await Promise.all([
    dataProvider.getList({
      resource: 'bookings',
      pagination: { current: input.page, pageSize: input.pageSize },
      sorters: input.sorters,
      filters: input.filters,
      signal,
    }),
    orEmpty(loadPlatformNames()),
  ]);
  const campaignIds = [...new Set(page.data.flatMap((b) => (b.campaignId ? [b.campaignId] : [])))];
  const campaigns = campaignIds.length
    ? await dataProvider
        .getMany({ resource: 'campaigns', ids: campaignIds, signal })
        .then(({ data }) => new Map(data.map((c) => [c.id, c.name])))
        .catch(() => new Map<string, string>())
    : new Map<string, string>();
  const rows: BookingRow[] = page.data.map((b) => ({
    ...b,
    platformName: platforms.get(b.platformKey) ?? b.platformKey,
    campaignName: b.campaignId ? (campaigns.get(b.campaignId) ?? null) : null,
  }));
  return { data: rows, total: page.total };
}

const COLUMNS: TableColumn<BookingRow>[] = [
  {
    label: 'Name',
    skeletonWidth: 'long',
    sortField: 'name',
    cell: (row) => (
      <Link to={`/bookings/${row.id}`} className={`${table.name} ${table.nameLink}`}>
        {row.name}
      </Link>
    ),
  },
  {
    label: 'Campaign',
    skeletonWidth: 'medium',
    cell: (row) =>
      row.campaignId && row.campaignName !== null ? (
        <Link to={`/campaigns/${row.campaignId}`} className={table.nameLink}>
          {row.campaignName}
        </Link>
      ) : (
        <span className={table.muted}>
          <span aria-hidden="true">—</span>
          <span className={visuallyHidden}>No campaign</span>
        </span>
      ),
  },
  {
    label: 'Status',
    skeletonWidth: 'short',
    sortField: 'status',
    cell: (row) => <span className={bookingBadge[row.status]}>{row.status}</span>,
  },
  { label: 'Platform', skeletonWidth: 'short', sortField: 'platformKey', cell: (row) => row.platformName },
  {
    label: 'Dates',
    skeletonWidth: 'medium',
    sortField: 'startDate',
    cell: (row) => formatDateRange(row.startDate, row.endDate),
  },
  {
    label: 'Amount',
    skeletonWidth: 'short',
    sortField: 'amountMinor',
    numeric: true,
    cell: (row) => formatMoney(row.amountMinor, row.currency),
  },
];

/** Status, platform and campaign menus, the date range, and *Clear filters* while any is set. */
function BookingFilterMenus({ view, selectFilter, clearFilters }: TableFilterControls<BookingRow>) {
  const campaignFilter = view.filterValueOf('campaignId');
  const options = useBookingFilterOptions(campaignFilter);
  return (
    <fieldset className={filterStyles.filters}>
      <legend className={visuallyHidden}>Filter bookings</legend>
      <FilterSelect
        label="Status"
        anyLabel="All statuses"
        options={BOOKING_STATUS_OPTIONS}
        value={view.filterValueOf('status')}
        onValueChange={(value) => selectFilter('status', value)}
      />
      <FilterSelect
        label="Platform"
        anyLabel="All platforms"
        options={options.platforms}
        value={view.filterValueOf('platformKey')}
        onValueChange={(value) => selectFilter('platformKey', value)}
      />
      <FilterSelect
        label="Campaign"
        anyLabel="All campaigns"
        options={options.campaigns}
        value={campaignFilter}
        onValueChange={(value) => selectFilter('campaignId', value)}
      />
      <span className={filterStyles.range}>
        <label htmlFor="bookings-from">From</label>
        <input
          id="bookings-from"
          type="date"
          className={filterStyles.dateInput}
          value={view.filterValueOf(RANGE_FROM_FIELD)}
          max={view.filterValueOf(RANGE_TO_FIELD) || undefined}
          onChange={(event) => selectFilter(RANGE_FROM_FIELD, event.currentTarget.value)}
        />
        <label htmlFor="bookings-to">to</label>
        <input
          id="bookings-to"
          type="date"
          className={filterStyles.dateInput}
          value={view.filterValueOf(RANGE_TO_FIELD)}
          min={view.filterValueOf(RANGE_FROM_FIELD) || undefined}
          onChange={(event) => selectFilter(RANGE_TO_FIELD, event.currentTarget.value)}
        />
      </span>
      {view.isFiltered ? (
        <button type="button" className={filterStyles.clear} onClick={clearFilters}>
          Clear filters
        </button>
      ) : null}
    </fieldset>
  );
}

const noMatchText = (search: string) =>
  search
    ? `Nothing is named like “${search}” with the chosen filters. Check the spelling or clear the filters.`
    : 'Try another status, platform, campaign or date range, or clear the filters.';

const FILTERS: TableFilters<BookingRow> = {
  fields: BOOKING_FILTERS,
  toolbar: (controls) => <BookingFilterMenus {...controls} />,
  noMatchText,
};

/** Why there is no "create booking": each flight of a campaign's plan is one booking. */
const EMPTY_TEXT = (
  <>
    Bookings come from a plan’s flights: each flight of a campaign’s schedule is booked as one line.{' '}
    <Link to={PLAN_CAMPAIGN_PATH} className={textCss.textLink}>
      Plan a campaign
    </Link>
  </>
);

/**
 * /bookings: the current account's media bookings, the plans' line items, filtered by status, platform,
 * campaign and dates (all kept in the URL).
 */
export function BookingsView() {
  const { account } = useSession();
  return (
    <ResourceTable<BookingRow>
      title="Bookings"
      subtitle={account ? `Media booked for ${account.name}.` : 'Media booked for this account.'}
      noun="bookings"
      resource="bookings"
      columns={COLUMNS}
      sortableFields={SORTABLE}
      searchField="name"
      filters={FILTERS}
      emptyText={EMPTY_TEXT}
      fetchPage={fetchBookingPage}
      rowKey={(row) => row.id}
    />
  );
}

export default BookingsView;

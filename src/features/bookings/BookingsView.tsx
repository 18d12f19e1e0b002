import { Link } from 'react-router-dom';
import type { Booking } from '../../../contract/resources';
import type { FetchPageInput } from '../../../machines/resourceList';
import { dataProvider } from '../../api/dataProvider';
import { loadPlatformNames, orEmpty } from '../../api/referenceData';
import { useSession } from '../../api/session';
import { formatDateRange, formatMoney } from '../../lib/format';
import { bookingBadge } from '../../ui/badge.css';
import { ResourceTable, type TableColumn } from '../../ui/resourceList/ResourceTable';
import * as table from '../../ui/table.css';

export interface BookingRow extends Booking {
  platformName: string;
}

const SORTABLE = ['name', 'status', 'startDate', 'amountMinor', 'platformKey'] as const;

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
  const rows: BookingRow[] = page.data.map((b) => ({
    ...b,
    platformName: platforms.get(b.platformKey) ?? b.platformKey,
  }));
  return { data: rows, total: page.total };
}

const COLUMNS: TableColumn<BookingRow>[] = [
  {
    label: 'Name',
    sortField: 'name',
    cell: (row) => (
      <Link to={`/bookings/${row.id}`} className={`${table.name} ${table.nameLink}`}>
        {row.name}
      </Link>
    ),
  },
  {
    label: 'Status',
    sortField: 'status',
    cell: (row) => <span className={bookingBadge[row.status]}>{row.status}</span>,
  },
  { label: 'Platform', sortField: 'platformKey', cell: (row) => row.platformName },
  { label: 'Dates', sortField: 'startDate', cell: (row) => formatDateRange(row.startDate, row.endDate) },
  {
    label: 'Amount',
    sortField: 'amountMinor',
    numeric: true,
    cell: (row) => formatMoney(row.amountMinor, row.currency),
  },
];

/** /bookings: the current account's media bookings. */
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
      fetchPage={fetchBookingPage}
      rowKey={(row) => row.id}
    />
  );
}

export default BookingsView;

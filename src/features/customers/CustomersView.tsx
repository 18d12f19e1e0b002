import { Link, useLocation } from 'react-router-dom';
import type { Customer } from '../../../contract/resources';
import type { FetchPageInput } from '../../../machines/resourceList';
import { dataProvider } from '../../api/dataProvider';
import { useSession } from '../../app/session';
import { formatDate, formatDateTime } from '../../lib/format';
import * as table from '../../ui/table.css';
import { CustomerModals, searchOpening } from '../campaignModals/CampaignModals';
import { ResourceTable, type TableColumn } from '../resourceList/ResourceTable';

const SORTABLE = ['name', 'createdAt'] as const;

export async function fetchCustomerPage(input: FetchPageInput, signal: AbortSignal) {
  return dataProvider.getList({
    resource: 'customers',
    pagination: { current: input.page, pageSize: input.pageSize },
    sorters: input.sorters,
    filters: input.filters,
    signal,
  });
}

const COLUMNS: TableColumn<Customer>[] = [
  {
    label: 'Name',
    sortField: 'name',
    cell: (row) =>
      row.name ? (
        <span className={table.name}>{row.name}</span>
      ) : (
        <span className={`${table.name} ${table.muted}`}>Unnamed customer</span>
      ),
  },
  {
    label: 'Created',
    sortField: 'createdAt',
    cell: (row) => (
      <time dateTime={row.createdAt} title={formatDateTime(row.createdAt)}>
        {formatDate(row.createdAt)}
      </time>
    ),
  },
  { label: 'Actions', cell: (row) => <DeleteCustomerLink customer={row} /> },
];

/** Opens the delete-customer modal through the URL (deleteCustomer=true&customerId=…). */
function DeleteCustomerLink({ customer }: { customer: Customer }) {
  const { search } = useLocation();
  return (
    <Link
      to={{ search: searchOpening(new URLSearchParams(search), 'deleteCustomer', customer.id) }}
      aria-label={`Delete ${customer.name || 'this customer'}`}
    >
      Delete
    </Link>
  );
}

/** /customers: the current account's customers. */
export function CustomersView() {
  const { account } = useSession();
  return (
    <ResourceTable<Customer>
      title="Customers"
      subtitle={account ? `The customers ${account.name} plans for.` : 'The customers of this account.'}
      noun="customers"
      resource="customers"
      columns={COLUMNS}
      sortableFields={SORTABLE}
      searchField="name"
      fetchPage={fetchCustomerPage}
      rowKey={(row) => row.id}
      modals={(refresh) => <CustomerModals onSucceeded={refresh} />}
    />
  );
}

export default CustomersView;

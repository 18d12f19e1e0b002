import type { Customer } from '@contract/resources';
import type { FetchPageInput } from '@machines/resourceList';
import { dataProvider } from '@src/api/dataProvider';
import { usePermission, useSession } from '@src/api/session';
import { formatDate, formatDateTime } from '@src/lib/format';
import { button } from '@src/ui/button.css';
import { CustomerModals, searchOpening } from '@src/ui/campaignModals/CampaignModals';
import { PermittedLink } from '@src/ui/PermittedLink';
import { ResourceTable, type TableColumn } from '@src/ui/resourceList/ResourceTable';
import { CUSTOMER_SUCCESS_MESSAGES, useSuccessFlags } from '@src/ui/successFlags/useSuccessFlags';
import * as table from '@src/ui/table.css';
import { Link, useLocation } from 'react-router-dom';
import { CustomerFormDialog } from './CustomerFormDialog';
import { searchOpeningCreate, searchOpeningRename } from './useCustomerForm';

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
  { label: 'Actions', cell: (row) => <RowActions customer={row} /> },
];

/** Rename (renameCustomer=true&customerId=…) and Delete (deleteCustomer=true&customerId=…), through the URL. */
function RowActions({ customer }: { customer: Customer }) {
  const { search } = useLocation();
  const params = new URLSearchParams(search);
  const label = customer.name || 'this customer';
  // A dense table offers only what the role may do; Create says why it is disabled.
  if (!usePermission('customers.edit').allowed) return null;
  return (
    <span className={table.rowActions}>
      <Link to={{ search: searchOpeningRename(params, customer.id) }} aria-label={`Rename ${label}`}>
        Rename
      </Link>
      <Link
        to={{ search: searchOpening(params, 'deleteCustomer', customer.id) }}
        aria-label={`Delete ${label}`}
      >
        Delete
      </Link>
    </span>
  );
}

function CreateCustomerLink() {
  const { search } = useLocation();
  return (
    <PermittedLink
      action="customers.edit"
      className={button.primary}
      to={{ search: searchOpeningCreate(new URLSearchParams(search)) }}
    >
      Create customer
    </PermittedLink>
  );
}

/** The page's modals; a success flag (customerCreated, customerRenamed, customerDeleted) refreshes and toasts. */
function CustomerPageModals({ refresh }: { refresh: () => void }) {
  useSuccessFlags(CUSTOMER_SUCCESS_MESSAGES, refresh);
  return (
    <>
      <CustomerModals />
      <CustomerFormDialog />
    </>
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
      actions={<CreateCustomerLink />}
      modals={(refresh) => <CustomerPageModals refresh={refresh} />}
    />
  );
}

export default CustomersView;

import { useSession } from '@src/api/session';
import { formatDateRange, formatMoney } from '@src/lib/format';
import { button } from '@src/ui/button.css';
import { PermittedLink } from '@src/ui/PermittedLink';
import { ResourceTable, type TableColumn } from '@src/ui/resourceList/ResourceTable';
import * as table from '@src/ui/table.css';
import { Link } from 'react-router-dom';
import { type BudgetRow, fetchBudgetPage } from './budgetData';

const SORTABLE = ['name', 'periodStart', 'amountMinor'] as const;

const COLUMNS: TableColumn<BudgetRow>[] = [
  {
    label: 'Name',
    sortField: 'name',
    cell: (row) => (
      <Link to={`/budgets/${row.id}`} className={`${table.name} ${table.nameLink}`}>
        {row.name}
      </Link>
    ),
  },
  {
    label: 'Customer',
    cell: (row) => row.customerName ?? <span className={table.muted}>No customer</span>,
  },
  {
    label: 'Period',
    sortField: 'periodStart',
    cell: (row) => formatDateRange(row.periodStart, row.periodEnd),
  },
  {
    label: 'Amount',
    sortField: 'amountMinor',
    numeric: true,
    cell: (row) => formatMoney(row.amountMinor, row.currency),
  },
  {
    label: 'Actions',
    cell: (row) => (
      <Link to={`/budgets/${row.id}/edit`} className={table.nameLink} aria-label={`Edit ${row.name}`}>
        Edit
      </Link>
    ),
  },
];

/** /budgets: the current account's budgets. */
export function BudgetsView() {
  const { account } = useSession();
  return (
    <ResourceTable<BudgetRow>
      title="Budgets"
      subtitle={account ? `What ${account.name} may spend, period by period.` : 'Budgets of this account.'}
      noun="budgets"
      resource="budgets"
      columns={COLUMNS}
      sortableFields={SORTABLE}
      searchField="name"
      fetchPage={fetchBudgetPage}
      emptyText="Create a budget for a customer: the plans of its campaigns draw on it."
      rowKey={(row) => row.id}
      actions={
        <PermittedLink action="budgets.edit" to="/budgets/new" className={button.primary}>
          Create budget
        </PermittedLink>
      }
    />
  );
}

export default BudgetsView;

import { Link } from 'react-router-dom';
import type { Budget } from '../../../contract/resources';
import { useSession } from '../../api/session';
import { formatDateRange, formatMoney } from '../../lib/format';
import { ResourceTable, type TableColumn } from '../../ui/resourceList/ResourceTable';
import * as table from '../../ui/table.css';
import { fetchBudgetPage } from './budgetData';

const SORTABLE = ['name', 'periodStart', 'amountMinor'] as const;

const COLUMNS: TableColumn<Budget>[] = [
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
    <ResourceTable<Budget>
      title="Budgets"
      subtitle={account ? `What ${account.name} may spend, period by period.` : 'Budgets of this account.'}
      noun="budgets"
      resource="budgets"
      columns={COLUMNS}
      sortableFields={SORTABLE}
      searchField="name"
      fetchPage={fetchBudgetPage}
      rowKey={(row) => row.id}
    />
  );
}

export default BudgetsView;

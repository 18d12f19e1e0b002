import { Link, type LoaderFunctionArgs } from 'react-router-dom';
import { formatDateRange, formatDateTime, formatMoney } from '../../lib/format';
import { button } from '../../ui/button.css';
import { PageLoading } from '../../ui/PageLoading';
import { sessionAware, useSessionLoaderData } from '../../ui/records/loaders';
import { Field, FieldsCard, PageHeader } from '../../ui/records/RecordParts';
import * as textCss from '../../ui/text.css';
import { type BudgetDetail, loadBudgetDetail } from './budgetData';

export const budgetLoader = sessionAware(({ params }: LoaderFunctionArgs) =>
  loadBudgetDetail(params.id ?? ''),
);

/** /budgets/:id: one budget of the current account. */
export function BudgetView() {
  const detail = useSessionLoaderData<BudgetDetail>();
  if (!detail) return <PageLoading inline />;
  const { budget, customer } = detail;
  return (
    <>
      <PageHeader
        breadcrumb={[{ label: 'Budgets', to: '/budgets' }, { label: budget.name }]}
        title={budget.name}
        subtitle={`${formatMoney(budget.amountMinor, budget.currency)} · ${formatDateRange(budget.periodStart, budget.periodEnd)}`}
        actions={
          <Link to={`/budgets/${budget.id}/edit`} className={button.primary}>
            Edit budget
          </Link>
        }
      />
      <FieldsCard title="Budget details">
        <Field label="Amount">{formatMoney(budget.amountMinor, budget.currency)}</Field>
        <Field label="Period">{formatDateRange(budget.periodStart, budget.periodEnd)}</Field>
        <Field label="Customer">{customer ?? <span className={textCss.muted}>No customer</span>}</Field>
        <Field label="Currency">{budget.currency}</Field>
        <Field label="Created">{formatDateTime(budget.createdAt)}</Field>
        <Field label="Last updated">{formatDateTime(budget.updatedAt)}</Field>
      </FieldsCard>
    </>
  );
}

export default BudgetView;

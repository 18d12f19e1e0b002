import {
  type ActionFunctionArgs,
  Form,
  Link,
  type LoaderFunctionArgs,
  redirect,
  useActionData,
  useNavigation,
} from 'react-router-dom';
import { CURRENCIES } from '../../../contract/reference';
import { dataProvider } from '../../api/dataProvider';
import { isApiError } from '../../api/http';
import { AlertRegion } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import { button } from '../../ui/button.css';
import * as cardCss from '../../ui/card.css';
import * as field from '../../ui/field.css';
import * as formCss from '../../ui/form.css';
import { PageLoading } from '../../ui/PageLoading';
import * as recordCss from '../../ui/record.css';
import { FormField } from '../../ui/records/FormField';
import { sessionAware, useSessionLoaderData } from '../../ui/records/loaders';
import { PageHeader } from '../../ui/records/RecordParts';
import { UpgradeNoticeFor } from '../../ui/UpgradeNotice';
import { type BudgetDetail, formatAmountInput, loadBudgetDetail, parseAmount } from './budgetData';

type EditField = 'name' | 'periodStart' | 'periodEnd' | 'amount' | 'currency';

export interface BudgetEditResult {
  fieldErrors: Partial<Record<EditField, string>>;
  formError: string | null;
  error?: unknown;
}

export const budgetEditLoader = sessionAware(({ params }: LoaderFunctionArgs) =>
  loadBudgetDetail(params.id ?? ''),
);

/** PATCH /api/budgets/:id with the form; back to the budget when saved, the messages otherwise. */
export async function budgetEditAction({
  request,
  params,
}: ActionFunctionArgs): Promise<BudgetEditResult | Response> {
  const id = params.id ?? '';
  const form = await request.formData();
  const text = (key: string) => String(form.get(key) ?? '');
  const fieldErrors: BudgetEditResult['fieldErrors'] = {};
  const name = text('name').trim();
  if (!name) fieldErrors.name = 'Enter a budget name';
  const amountMinor = parseAmount(text('amount'));
  if (amountMinor === null) fieldErrors.amount = 'Enter an amount, e.g. 1250 or 1250.50';
  const periodStart = text('periodStart');
  const periodEnd = text('periodEnd');
  if (!periodStart) fieldErrors.periodStart = 'Choose the first day';
  if (!periodEnd) fieldErrors.periodEnd = 'Choose the last day';
  if (periodStart && periodEnd && periodEnd < periodStart)
    fieldErrors.periodEnd = 'The period ends after it starts';
  if (Object.keys(fieldErrors).length > 0) return { fieldErrors, formError: null };
  try {
    await dataProvider.update({
      resource: 'budgets',
      id,
      variables: { name, periodStart, periodEnd, amountMinor, currency: text('currency') },
    });
  } catch (error) {
    if (!isApiError(error) || error.status === 404) throw error;
    const serverErrors: BudgetEditResult['fieldErrors'] = {};
    for (const [key, value] of Object.entries(error.validationErrors ?? {})) {
      const target = key === 'amountMinor' ? 'amount' : key;
      if (['name', 'periodStart', 'periodEnd', 'amount', 'currency'].includes(target)) {
        serverErrors[target as EditField] = value.message;
      }
    }
    const named = Object.keys(serverErrors).length > 0;
    return {
      fieldErrors: serverErrors,
      formError: named ? null : (error.businessError?.message ?? error.message),
      error: { errorCode: error.errorCode, message: error.message },
    };
  }
  return redirect(`/budgets/${id}`);
}

/** /budgets/:id/edit: change a budget's name, period, amount and currency. */
export function BudgetEditView() {
  const detail = useSessionLoaderData<BudgetDetail>();
  const result = useActionData() as BudgetEditResult | undefined;
  const navigation = useNavigation();
  if (!detail) return <PageLoading inline />;
  const { budget } = detail;
  const saving = navigation.state === 'submitting';
  const errors = result?.fieldErrors ?? {};
  return (
    <>
      <PageHeader
        breadcrumb={[
          { label: 'Budgets', to: '/budgets' },
          { label: budget.name, to: `/budgets/${budget.id}` },
          { label: 'Edit' },
        ]}
        title={`Edit ${budget.name}`}
        subtitle="Changes apply to this budget only."
      />
      <section className={cardCss.card} aria-label="Edit budget">
        <div className={recordCss.cardBody}>
          <Form method="post" className={formCss.form} noValidate>
            <UpgradeNoticeFor error={result?.error} />
            <AlertRegion message={result?.formError ?? null} />
            <div className={formCss.formGrid}>
              <div className={formCss.fullRow}>
                <FormField
                  id="budget-name"
                  name="name"
                  label="Name"
                  defaultValue={budget.name}
                  error={errors.name}
                  required
                  maxLength={200}
                />
              </div>
              <FormField
                id="budget-start"
                name="periodStart"
                type="date"
                label="First day"
                defaultValue={budget.periodStart}
                error={errors.periodStart}
                required
              />
              <FormField
                id="budget-end"
                name="periodEnd"
                type="date"
                label="Last day"
                defaultValue={budget.periodEnd}
                error={errors.periodEnd}
                required
              />
              <FormField
                id="budget-amount"
                name="amount"
                label="Amount"
                inputMode="decimal"
                defaultValue={formatAmountInput(budget.amountMinor)}
                error={errors.amount}
                required
              />
              <div className={field.root}>
                <label htmlFor="budget-currency" className={field.label}>
                  Currency
                </label>
                <select
                  id="budget-currency"
                  name="currency"
                  className={formCss.select}
                  defaultValue={budget.currency}
                >
                  {CURRENCIES.map((currency) => (
                    <option key={currency} value={currency}>
                      {currency}
                    </option>
                  ))}
                </select>
                {errors.currency ? <span className={field.error}>{errors.currency}</span> : null}
              </div>
            </div>
            <div className={formCss.formActions}>
              <Link to={`/budgets/${budget.id}`} className={button.secondary}>
                Cancel
              </Link>
              <Button type="submit" variant="primary" disabled={saving}>
                {saving ? 'Saving…' : 'Save budget'}
              </Button>
            </div>
          </Form>
        </div>
      </section>
    </>
  );
}

export default BudgetEditView;

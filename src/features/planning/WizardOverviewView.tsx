import {
  type ActionFunctionArgs,
  Form,
  Link,
  type LoaderFunctionArgs,
  redirect,
  useActionData,
  useNavigation,
  useSearchParams,
} from 'react-router-dom';
import { CampaignOverviewResultSchema } from '../../../contract/campaigns';
import { CURRENCIES } from '../../../contract/reference';
import type { Customer, Objective, Platform } from '../../../contract/resources';
import { dataProvider } from '../../api/dataProvider';
import { isApiError, requestJson } from '../../api/http';
import { parseAmount } from '../../lib/amount';
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

interface OverviewData {
  objectives: Objective[];
  platforms: Platform[];
  customers: Customer[];
}

type OverviewField =
  | 'name'
  | 'objectiveId'
  | 'customer'
  | 'startDate'
  | 'endDate'
  | 'budget'
  | 'currency'
  | 'platforms';

/** Server field names (validationErrors keys) → the form's fields. */
const SERVER_FIELDS: Record<string, OverviewField> = {
  name: 'name',
  objectiveId: 'objectiveId',
  customerId: 'customer',
  startDate: 'startDate',
  endDate: 'endDate',
  budgetMinor: 'budget',
  currency: 'currency',
  platforms: 'platforms',
};

export interface OverviewResult {
  fieldErrors: Partial<Record<OverviewField, string>>;
  formError: string | null;
  error?: unknown;
}

/** The create-campaign modal's objective arrives as `objective` (or `objectiveId`); 1 when missing. */
export function objectiveFromSearch(search: URLSearchParams, objectives: readonly Objective[]): number {
  const raw = Number(search.get('objective') ?? search.get('objectiveId') ?? 1);
  return objectives.some((o) => o.id === raw) ? raw : (objectives[0]?.id ?? 1);
}

export const overviewLoader = sessionAware(async (_: LoaderFunctionArgs): Promise<OverviewData> => {
  const [objectives, platforms, customers] = await Promise.all([
    dataProvider.getList({
      resource: 'objectives',
      pagination: { mode: 'off' },
      sorters: [{ field: 'id', order: 'asc' }],
    }),
    dataProvider.getList({ resource: 'platforms', pagination: { mode: 'off' } }),
    dataProvider.getList({
      resource: 'customers',
      pagination: { mode: 'off' },
      sorters: [{ field: 'name', order: 'asc' }],
    }),
  ]);
  return { objectives: objectives.data, platforms: platforms.data, customers: customers.data };
});

/**
 * Saves the new campaign as a draft through `POST /planning/wizard/new/overview`, then goes on to its
 * review step. Only the budget's format is checked here; every other rule is the server's
 * (validationErrors, shown under their fields).
 */
export async function overviewAction({ request }: ActionFunctionArgs): Promise<OverviewResult | Response> {
  const form = await request.formData();
  const text = (key: string) => String(form.get(key) ?? '').trim();
  const budgetText = text('budget');
  const budgetMinor = budgetText === '' ? 0 : parseAmount(budgetText);
  if (budgetMinor === null) {
    return { fieldErrors: { budget: 'Enter an amount, e.g. 5000 or 5000.50' }, formError: null };
  }
  const customerId = text('customerId');
  try {
    const { campaignId } = await requestJson(
      'POST',
      'planning/wizard/new/overview',
      CampaignOverviewResultSchema,
      {
        json: {
          objectiveId: Number(text('objectiveId')) || 1,
          name: text('name'),
          ...(customerId ? { customerId } : {}),
          platforms: form.getAll('platforms').map(String),
          startDate: text('startDate'),
          endDate: text('endDate'),
          budgetMinor,
          currency: text('currency') || 'EUR',
        },
      },
    );
    return redirect(`/planning/wizard/${encodeURIComponent(campaignId)}/review`);
  } catch (error) {
    if (!isApiError(error)) throw error;
    const fieldErrors: OverviewResult['fieldErrors'] = {};
    for (const [key, value] of Object.entries(error.validationErrors ?? {})) {
      const target = SERVER_FIELDS[key];
      if (target && !fieldErrors[target]) fieldErrors[target] = value.message;
    }
    return {
      fieldErrors,
      formError: Object.keys(fieldErrors).length > 0 ? null : (error.businessError?.message ?? error.message),
      error: { errorCode: error.errorCode, message: error.message },
    };
  }
}

/** /planning/wizard/new/overview: the first step of a new campaign (name, objective, dates, budget, platforms). */
export function WizardOverviewView() {
  const data = useSessionLoaderData<OverviewData>();
  const result = useActionData() as OverviewResult | undefined;
  const navigation = useNavigation();
  const [search] = useSearchParams();
  if (!data) return <PageLoading inline />;
  const errors = result?.fieldErrors ?? {};
  const objectiveId = objectiveFromSearch(search, data.objectives);
  const saving = navigation.state === 'submitting';
  return (
    <>
      <PageHeader
        breadcrumb={[{ label: 'Campaigns', to: '/campaigns' }, { label: 'New campaign' }]}
        title="New campaign"
        subtitle="Step 1 of 2 · Overview. The campaign is saved as a draft; nothing runs until it is launched."
      />
      <section className={cardCss.card} aria-label="Campaign overview">
        <div className={recordCss.cardBody}>
          <Form method="post" className={formCss.form} noValidate>
            <UpgradeNoticeFor error={result?.error} />
            <AlertRegion message={result?.formError ?? null} />
            <FormField
              id="campaign-name"
              name="name"
              label="Campaign name"
              error={errors.name}
              required
              maxLength={200}
              autoComplete="off"
            />
            <fieldset className={formCss.fieldset}>
              <legend className={formCss.legend}>Objective</legend>
              <div className={formCss.optionGrid}>
                {data.objectives.map((objective) => (
                  <label key={objective.id} className={formCss.option}>
                    <input
                      className={formCss.optionInput}
                      type="radio"
                      name="objectiveId"
                      value={objective.id}
                      defaultChecked={objective.id === objectiveId}
                    />
                    {objective.label}
                  </label>
                ))}
              </div>
              {errors.objectiveId ? <p className={formCss.fieldError}>{errors.objectiveId}</p> : null}
            </fieldset>
            <div className={field.root}>
              <label htmlFor="campaign-customer" className={field.label}>
                Customer
              </label>
              <select
                id="campaign-customer"
                name="customerId"
                className={formCss.select}
                defaultValue=""
                aria-invalid={errors.customer ? true : undefined}
                aria-describedby={errors.customer ? 'campaign-customer-error' : undefined}
              >
                <option value="">No customer</option>
                {data.customers.map((customer) => (
                  <option key={customer.id} value={customer.id}>
                    {customer.name}
                  </option>
                ))}
              </select>
              {errors.customer ? (
                <p id="campaign-customer-error" className={formCss.fieldError}>
                  {errors.customer}
                </p>
              ) : null}
            </div>
            <div className={formCss.formGrid}>
              <FormField
                id="campaign-start"
                name="startDate"
                type="date"
                label="Start date"
                error={errors.startDate}
              />
              <FormField
                id="campaign-end"
                name="endDate"
                type="date"
                label="End date"
                error={errors.endDate}
              />
              <FormField
                id="campaign-budget"
                name="budget"
                label="Total budget"
                inputMode="decimal"
                placeholder="0.00"
                error={errors.budget}
              />
              <div className={field.root}>
                <label htmlFor="campaign-currency" className={field.label}>
                  Currency
                </label>
                <select id="campaign-currency" name="currency" className={formCss.select} defaultValue="EUR">
                  {CURRENCIES.map((currency) => (
                    <option key={currency} value={currency}>
                      {currency}
                    </option>
                  ))}
                </select>
                {errors.currency ? <p className={formCss.fieldError}>{errors.currency}</p> : null}
              </div>
            </div>
            <fieldset className={formCss.fieldset}>
              <legend className={formCss.legend}>Platforms</legend>
              <div className={formCss.optionGrid}>
                {data.platforms.map((platform) => (
                  <label key={platform.key} className={formCss.option}>
                    <input
                      className={formCss.optionInput}
                      type="checkbox"
                      name="platforms"
                      value={platform.key}
                    />
                    {platform.displayName}
                  </label>
                ))}
              </div>
              {errors.platforms ? <p className={formCss.fieldError}>{errors.platforms}</p> : null}
            </fieldset>
            <div className={formCss.formActions}>
              <Link to="/campaigns" className={button.secondary}>
                Cancel
              </Link>
              <Button type="submit" variant="primary" disabled={saving}>
                {saving ? 'Saving…' : 'Continue to review'}
              </Button>
            </div>
          </Form>
        </div>
      </section>
    </>
  );
}

export default WizardOverviewView;

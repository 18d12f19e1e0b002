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
import { CURRENCIES } from '../../../contract/reference';
import type { Objective, Platform } from '../../../contract/resources';
import { dataProvider } from '../../api/dataProvider';
import { isApiError } from '../../api/http';
import { PageLoading } from '../../app/PageLoading';
import { UpgradeNoticeFor } from '../../app/UpgradeNotice';
import { AlertRegion } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import { button } from '../../ui/button.css';
import * as field from '../../ui/field.css';
import { parseAmount } from '../budgets/budgetData';
import { FormField } from '../records/FormField';
import { sessionAware, useSessionLoaderData } from '../records/loaders';
import { PageHeader } from '../records/RecordParts';
import * as styles from '../records/records.css';

interface OverviewData {
  objectives: Objective[];
  platforms: Platform[];
}

type OverviewField = 'name' | 'objectiveId' | 'startDate' | 'endDate' | 'budget' | 'platforms';

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
  const [objectives, platforms] = await Promise.all([
    dataProvider.getList({
      resource: 'objectives',
      pagination: { mode: 'off' },
      sorters: [{ field: 'id', order: 'asc' }],
    }),
    dataProvider.getList({ resource: 'platforms', pagination: { mode: 'off' } }),
  ]);
  return { objectives: objectives.data, platforms: platforms.data };
});

/** Creates the campaign as a draft (POST /api/campaigns), then goes on to its review step. */
export async function overviewAction({ request }: ActionFunctionArgs): Promise<OverviewResult | Response> {
  const form = await request.formData();
  const text = (key: string) => String(form.get(key) ?? '').trim();
  const fieldErrors: OverviewResult['fieldErrors'] = {};
  const name = text('name');
  if (!name) fieldErrors.name = 'Enter a campaign name';
  const budgetText = text('budget');
  const budgetMinor = budgetText === '' ? 0 : parseAmount(budgetText);
  if (budgetMinor === null) fieldErrors.budget = 'Enter an amount, e.g. 5000 or 5000.50';
  const startDate = text('startDate') || null;
  const endDate = text('endDate') || null;
  if (startDate && endDate && endDate < startDate) fieldErrors.endDate = 'The campaign ends after it starts';
  if (Object.keys(fieldErrors).length > 0) return { fieldErrors, formError: null };
  try {
    const { data } = await dataProvider.create({
      resource: 'campaigns',
      variables: {
        name,
        objectiveId: Number(text('objectiveId')) || 1,
        startDate,
        endDate,
        budgetMinor,
        currency: text('currency') || 'EUR',
        platforms: form.getAll('platforms').map(String),
      },
    });
    return redirect(`/planning/wizard/${data.id}/review`);
  } catch (error) {
    if (!isApiError(error)) throw error;
    const fieldErrors: OverviewResult['fieldErrors'] = {};
    for (const [key, value] of Object.entries(error.validationErrors ?? {})) {
      const target = key === 'budgetMinor' ? 'budget' : key;
      if (['name', 'objectiveId', 'startDate', 'endDate', 'budget', 'platforms'].includes(target)) {
        fieldErrors[target as OverviewField] = value.message;
      }
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
      <section className={styles.card} aria-label="Campaign overview">
        <div className={styles.cardBody}>
          <Form method="post" className={styles.form} noValidate>
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
            <fieldset className={styles.fieldset}>
              <legend className={styles.legend}>Objective</legend>
              <div className={styles.optionGrid}>
                {data.objectives.map((objective) => (
                  <label key={objective.id} className={styles.option}>
                    <input
                      className={styles.optionInput}
                      type="radio"
                      name="objectiveId"
                      value={objective.id}
                      defaultChecked={objective.id === objectiveId}
                    />
                    {objective.label}
                  </label>
                ))}
              </div>
              {errors.objectiveId ? <p className={styles.fieldError}>{errors.objectiveId}</p> : null}
            </fieldset>
            <div className={styles.formGrid}>
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
                label="Budget"
                inputMode="decimal"
                placeholder="0.00"
                error={errors.budget}
              />
              <div className={field.root}>
                <label htmlFor="campaign-currency" className={field.label}>
                  Currency
                </label>
                <select id="campaign-currency" name="currency" className={styles.select} defaultValue="EUR">
                  {CURRENCIES.map((currency) => (
                    <option key={currency} value={currency}>
                      {currency}
                    </option>
                  ))}
                </select>
              </div>
            </div>
            <fieldset className={styles.fieldset}>
              <legend className={styles.legend}>Platforms</legend>
              <div className={styles.optionGrid}>
                {data.platforms.map((platform) => (
                  <label key={platform.key} className={styles.option}>
                    <input
                      className={styles.optionInput}
                      type="checkbox"
                      name="platforms"
                      value={platform.key}
                    />
                    {platform.displayName}
                  </label>
                ))}
              </div>
              {errors.platforms ? <p className={styles.fieldError}>{errors.platforms}</p> : null}
            </fieldset>
            <div className={styles.formActions}>
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

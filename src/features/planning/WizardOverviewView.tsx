import type { FormEvent } from 'react';
import { Link, type LoaderFunctionArgs, useSearchParams } from 'react-router-dom';
import { CURRENCIES } from '../../../contract/reference';
import type { Customer, Objective, Platform } from '../../../contract/resources';
import { dataProvider } from '../../api/dataProvider';
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
import { useCampaignOverview } from './useCampaignOverview';

interface OverviewData {
  objectives: Objective[];
  platforms: Platform[];
  customers: Customer[];
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

/** /planning/wizard/new/overview: the first step of a new campaign (name, objective, dates, budget, platforms). */
export function WizardOverviewView() {
  const data = useSessionLoaderData<OverviewData>();
  const [search] = useSearchParams();
  if (!data) return <PageLoading inline />;
  return (
    <>
      <PageHeader
        breadcrumb={[{ label: 'Campaigns', to: '/campaigns' }, { label: 'New campaign' }]}
        title="New campaign"
        subtitle="Step 1 of 2 · Overview. The campaign is saved as a draft; nothing runs until it is launched."
      />
      <section className={cardCss.card} aria-label="Campaign overview">
        <div className={recordCss.cardBody}>
          <OverviewForm data={data} objectiveId={objectiveFromSearch(search, data.objectives)} />
        </div>
      </section>
    </>
  );
}

/** The form itself: markup over the `campaignOverview` chart's view model. */
function OverviewForm({ data, objectiveId }: { data: OverviewData; objectiveId: number }) {
  const view = useCampaignOverview(objectiveId);
  const errors = view.fieldErrors;
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    view.submit();
  };
  return (
    <form className={formCss.form} onSubmit={onSubmit} noValidate aria-busy={view.isSubmitting}>
      <UpgradeNoticeFor error={view.failure} />
      <AlertRegion message={view.formError} />
      <FormField
        id="campaign-name"
        name="name"
        label="Campaign name"
        value={view.values.name}
        onChange={(event) => view.changeField('name', event.currentTarget.value)}
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
                checked={objective.id === view.values.objectiveId}
                onChange={() => view.selectObjective(objective.id)}
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
          value={view.values.customerId}
          onChange={(event) => view.changeField('customerId', event.currentTarget.value)}
          aria-invalid={errors.customerId ? true : undefined}
          aria-describedby={errors.customerId ? 'campaign-customer-error' : undefined}
        >
          <option value="">No customer</option>
          {data.customers.map((customer) => (
            <option key={customer.id} value={customer.id}>
              {customer.name}
            </option>
          ))}
        </select>
        {errors.customerId ? (
          <p id="campaign-customer-error" className={formCss.fieldError}>
            {errors.customerId}
          </p>
        ) : null}
      </div>
      <div className={formCss.formGrid}>
        <FormField
          id="campaign-start"
          name="startDate"
          type="date"
          label="Start date"
          value={view.values.startDate}
          onChange={(event) => view.changeField('startDate', event.currentTarget.value)}
          error={errors.startDate}
        />
        <FormField
          id="campaign-end"
          name="endDate"
          type="date"
          label="End date"
          value={view.values.endDate}
          onChange={(event) => view.changeField('endDate', event.currentTarget.value)}
          error={errors.endDate}
        />
        <FormField
          id="campaign-budget"
          name="budget"
          label="Total budget"
          inputMode="decimal"
          placeholder="0.00"
          value={view.values.budget}
          onChange={(event) => view.changeField('budget', event.currentTarget.value)}
          error={errors.budget}
        />
        <div className={field.root}>
          <label htmlFor="campaign-currency" className={field.label}>
            Currency
          </label>
          <select
            id="campaign-currency"
            name="currency"
            className={formCss.select}
            value={view.values.currency}
            onChange={(event) => view.changeField('currency', event.currentTarget.value)}
            aria-invalid={errors.currency ? true : undefined}
            aria-describedby={errors.currency ? 'campaign-currency-error' : undefined}
          >
            {CURRENCIES.map((currency) => (
              <option key={currency} value={currency}>
                {currency}
              </option>
            ))}
          </select>
          {errors.currency ? (
            <p id="campaign-currency-error" className={formCss.fieldError}>
              {errors.currency}
            </p>
          ) : null}
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
                checked={view.isPlatformSelected(platform.key)}
                onChange={(event) => view.togglePlatform(platform.key, event.currentTarget.checked)}
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
        <Button type="submit" variant="primary" disabled={view.isLocked}>
          {view.submitLabel}
        </Button>
      </div>
    </form>
  );
}

export default WizardOverviewView;

import { type LoaderFunctionArgs, useSearchParams } from 'react-router-dom';
import type { Customer, Objective, Platform } from '../../../contract/resources';
import { dataProvider } from '../../api/dataProvider';
import * as formCss from '../../ui/form.css';
import { PageLoading } from '../../ui/PageLoading';
import {
  CurrencyOptions,
  FormSelectField,
  FormTextField,
  OptionFieldset,
  OptionInput,
} from '../../ui/records/FormField';
import { sessionAware, useSessionLoaderData } from '../../ui/records/loaders';
import { FormCard, PageForm } from '../../ui/records/PageForm';
import { PageHeader } from '../../ui/records/RecordParts';
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
      <FormCard label="Campaign overview">
        <OverviewForm data={data} objectiveId={objectiveFromSearch(search, data.objectives)} />
      </FormCard>
    </>
  );
}

/** The form itself: markup over the `campaignOverview` chart's view model. */
function OverviewForm({ data, objectiveId }: { data: OverviewData; objectiveId: number }) {
  const view = useCampaignOverview(objectiveId);
  return (
    <PageForm view={view} cancelTo="/campaigns">
      <FormTextField
        view={view}
        field="name"
        id="campaign-name"
        label="Campaign name"
        required
        maxLength={200}
        autoComplete="off"
      />
      <OptionFieldset legend="Objective" error={view.fieldErrors.objectiveId}>
        {data.objectives.map((objective) => (
          <OptionInput
            key={objective.id}
            type="radio"
            name="objectiveId"
            value={objective.id}
            checked={objective.id === view.values.objectiveId}
            onChange={() => view.selectObjective(objective.id)}
            label={objective.label}
          />
        ))}
      </OptionFieldset>
      <FormSelectField view={view} field="customerId" id="campaign-customer" label="Customer">
        <option value="">No customer</option>
        {data.customers.map((customer) => (
          <option key={customer.id} value={customer.id}>
            {customer.name}
          </option>
        ))}
      </FormSelectField>
      <div className={formCss.formGrid}>
        <FormTextField view={view} field="startDate" id="campaign-start" type="date" label="Start date" />
        <FormTextField view={view} field="endDate" id="campaign-end" type="date" label="End date" />
        <FormTextField
          view={view}
          field="budget"
          id="campaign-budget"
          label="Total budget"
          inputMode="decimal"
          placeholder="0.00"
        />
        <FormSelectField view={view} field="currency" id="campaign-currency" label="Currency">
          <CurrencyOptions />
        </FormSelectField>
      </div>
      <OptionFieldset legend="Platforms" error={view.fieldErrors.platforms}>
        {data.platforms.map((platform) => (
          <OptionInput
            key={platform.key}
            type="checkbox"
            name="platforms"
            value={platform.key}
            checked={view.isPlatformSelected(platform.key)}
            onChange={(event) => view.togglePlatform(platform.key, event.currentTarget.checked)}
            label={platform.displayName}
          />
        ))}
      </OptionFieldset>
    </PageForm>
  );
}

export default WizardOverviewView;

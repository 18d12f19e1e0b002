import { Link, type LoaderFunctionArgs } from 'react-router-dom';
import type { Campaign } from '../../../contract/resources';
import { dataProvider } from '../../api/dataProvider';
import { PageLoading } from '../../app/PageLoading';
import { formatDateRange, formatDateTime, formatMoney } from '../../lib/format';
import { button } from '../../ui/button.css';
import * as table from '../../ui/table.css';
import * as textCss from '../../ui/text.css';
import { sessionAware, useSessionLoaderData } from '../records/loaders';
import { Chips, Field, FieldsCard, PageHeader } from '../records/RecordParts';
import { customerName, loadObjectiveLabels, loadPlatformNames, orEmpty } from '../records/referenceData';
import { CampaignProgress } from './CampaignProgress';

export interface CampaignDetail {
  campaign: Campaign;
  platformNames: string[];
  objective: string;
  customer: string | null;
}

/** GET /api/campaigns/:id (a 404 goes to the error screen), with platform, objective and customer names. */
export async function loadCampaignDetail(id: string): Promise<CampaignDetail> {
  const [{ data: campaign }, platforms, objectives] = await Promise.all([
    dataProvider.getOne({ resource: 'campaigns', id }),
    orEmpty(loadPlatformNames()),
    orEmpty(loadObjectiveLabels()),
  ]);
  return {
    campaign,
    platformNames: campaign.platforms.map((key) => platforms.get(key) ?? key),
    objective: objectives.get(campaign.objectiveId) ?? `Objective ${campaign.objectiveId}`,
    customer: await customerName(campaign.customerId),
  };
}

export const campaignLoader = sessionAware(({ params }: LoaderFunctionArgs) =>
  loadCampaignDetail(params.id ?? ''),
);

/** /campaigns/:id: one campaign of the current account. */
export function CampaignView() {
  const detail = useSessionLoaderData<CampaignDetail>();
  if (!detail) return <PageLoading inline />;
  const { campaign, platformNames, objective, customer } = detail;
  return (
    <>
      <PageHeader
        breadcrumb={[{ label: 'Campaigns', to: '/campaigns' }, { label: campaign.name }]}
        title={campaign.name}
        badge={<span className={table.statusBadge[campaign.status]}>{campaign.status}</span>}
        subtitle={`${objective} campaign · ${formatDateRange(campaign.startDate, campaign.endDate)}`}
        actions={
          <Link to={`/planning/wizard/${campaign.id}/review`} className={button.secondary}>
            Review
          </Link>
        }
      />
      <FieldsCard title="Campaign details">
        <Field label="Status">
          <span className={table.statusBadge[campaign.status]}>{campaign.status}</span>
        </Field>
        <Field label="Objective">{objective}</Field>
        <Field label="Customer">{customer ?? <span className={textCss.muted}>No customer</span>}</Field>
        <Field label="Dates">{formatDateRange(campaign.startDate, campaign.endDate)}</Field>
        <Field label="Budget">{formatMoney(campaign.budgetMinor, campaign.currency)}</Field>
        <Field label="Platforms">
          <Chips items={platformNames} label="Platforms" />
        </Field>
        <Field label="Created">{formatDateTime(campaign.createdAt)}</Field>
        <Field label="Last updated">{formatDateTime(campaign.updatedAt)}</Field>
      </FieldsCard>
      <CampaignProgress key={campaign.id} campaignId={campaign.id} />
    </>
  );
}

export default CampaignView;

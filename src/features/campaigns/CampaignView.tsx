import { Link, type LoaderFunctionArgs } from 'react-router-dom';
import { type CampaignDetail, loadCampaignDetail } from '../../api/campaignDetail';
import { formatDateRange, formatDateTime, formatMoney } from '../../lib/format';
import { button } from '../../ui/button.css';
import { PageLoading } from '../../ui/PageLoading';
import { sessionAware, useSessionLoaderData } from '../../ui/records/loaders';
import { Chips, Field, FieldsCard, PageHeader } from '../../ui/records/RecordParts';
import * as table from '../../ui/table.css';
import * as textCss from '../../ui/text.css';
import { CampaignProgress } from './CampaignProgress';

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

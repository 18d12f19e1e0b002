import { allowedCampaignActions } from '@machines/campaignLifecycle';
import { type CampaignDetail, loadCampaignDetail } from '@src/api/campaignDetail';
import { formatDateRange, formatDateTime, formatMoney } from '@src/lib/format';
import { button } from '@src/ui/button.css';
import { CAMPAIGN_ACTION_LINKS, CampaignModals, searchOpening } from '@src/ui/campaignModals/CampaignModals';
import { ExportMenu } from '@src/ui/exchange/ExportMenu';
import { PageLoading } from '@src/ui/PageLoading';
import { PermittedLink } from '@src/ui/PermittedLink';
import { Chips, Field, FieldsCard, PageHeader } from '@src/ui/records/RecordParts';
import { usePageRecord } from '@src/ui/records/useRecord';
import { CAMPAIGN_SUCCESS_MESSAGES, useSuccessFlags } from '@src/ui/successFlags/useSuccessFlags';
import * as table from '@src/ui/table.css';
import * as textCss from '@src/ui/text.css';
import { Link, useLocation, useNavigate, useParams } from 'react-router-dom';
import { CampaignProgressCard } from './CampaignProgress';
import { CampaignDeliveryCard } from './delivery/CampaignDeliveryCard';
import { useCampaignDelivery } from './delivery/useCampaignDelivery';
import { useCampaignProgress } from './useCampaignProgress';

/** /campaigns/:id: one campaign of the current account. */
export function CampaignView() {
  const { id = '' } = useParams();
  const { data: detail } = usePageRecord<CampaignDetail>(() => loadCampaignDetail(id));
  if (!detail) return <PageLoading inline />;
  return <CampaignPage key={detail.campaign.id} detail={detail} />;
}

function CampaignPage({ detail }: { detail: CampaignDetail }) {
  const { campaign, platformNames, objective, customer } = detail;
  const progress = useCampaignProgress(campaign.id);
  const delivery = useCampaignDelivery(campaign.id);
  const navigate = useNavigate();
  const { search } = useLocation();
  // The status follows the platforms live (a launch, pause or resume moves it while the page is open).
  const status = progress.detail?.status ?? campaign.status;
  const allowed = allowedCampaignActions(status);
  useSuccessFlags(CAMPAIGN_SUCCESS_MESSAGES, progress.refresh);
  const badge = <span className={table.statusBadge[status]}>{status}</span>;
  return (
    <>
      <PageHeader
        breadcrumb={[{ label: 'Campaigns', to: '/campaigns' }, { label: campaign.name }]}
        title={campaign.name}
        badge={badge}
        subtitle={`${objective} campaign · ${formatDateRange(campaign.startDate, campaign.endDate)}`}
        actions={
          <>
            <Link to={`/planning/wizard/${campaign.id}/review`} className={button.secondary}>
              Review
            </Link>
            {CAMPAIGN_ACTION_LINKS.filter(({ action }) => allowed[action]).map(
              ({ action, kind, label, permission }) => (
                <PermittedLink
                  key={kind}
                  action={permission}
                  to={{ search: searchOpening(new URLSearchParams(search), kind, campaign.id) }}
                  className={action === 'pause' || action === 'resume' ? button.primary : button.secondary}
                >
                  {label}
                </PermittedLink>
              ),
            )}
          </>
        }
      />
      <FieldsCard title="Campaign details">
        <Field label="Status">{badge}</Field>
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
      <ExportMenu campaignId={campaign.id} />
      <CampaignProgressCard progress={progress} />
      <CampaignDeliveryCard model={delivery} />
      <CampaignModals
        onSucceeded={(flag) => {
          // A deleted campaign has no page any more; a copy is opened where it can be edited.
          if (flag === 'campaignDeleted') navigate('/campaigns?campaignDeleted=true');
        }}
      />
    </>
  );
}

export default CampaignView;

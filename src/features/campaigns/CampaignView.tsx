import { Tabs } from '@ark-ui/react/tabs';
import { allowedCampaignActions } from '@machines/campaignLifecycle';
import { type CampaignDetail, loadCampaignDetail } from '@src/api/campaignDetail';
import { usePermission } from '@src/api/session/permission';
import { formatDateRange, formatDateTime, formatMoney } from '@src/lib/format';
import { CampaignActivity } from '@src/ui/activity/CampaignActivity';
import { button } from '@src/ui/button.css';
import { CAMPAIGN_ACTION_LINKS, CampaignModals, searchOpening } from '@src/ui/campaignModals/CampaignModals';
import { finishPlanLink } from '@src/ui/campaignModals/finishPlan';
import { ApprovalRecord } from '@src/ui/exchange/ApprovalRecord';
import { ExportMenu } from '@src/ui/exchange/ExportMenu';
import * as noticeCss from '@src/ui/notice.css';
import { PageLoading } from '@src/ui/PageLoading';
import { PermittedLink } from '@src/ui/PermittedLink';
import { Chips, Field, FieldsCard, PageHeader } from '@src/ui/records/RecordParts';
import { usePageRecord } from '@src/ui/records/useRecord';
import { CAMPAIGN_SUCCESS_MESSAGES, useSuccessFlags } from '@src/ui/successFlags/useSuccessFlags';
import * as table from '@src/ui/table.css';
import * as tabsCss from '@src/ui/tabs.css';
import * as textCss from '@src/ui/text.css';
import { Link, useLocation, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { CampaignProgressCard } from './CampaignProgress';
import { CampaignDeliveryCard } from './delivery/CampaignDeliveryCard';
import { useCampaignDelivery } from './delivery/useCampaignDelivery';
import { RevisionsTab } from './revisions/RevisionsTab';
import * as revisionsCss from './revisions/revisions.css';
import { useRevisionHistory } from './revisions/useRevisionHistory';
import { useCampaignProgress } from './useCampaignProgress';
import { usePlacementToggle } from './usePlacementToggle';

/**
 * The page's tabs below the header, kept in the URL (`?tab=revisions`; no parameter = the first). Add a tab
 * here and a `<Tabs.Content value=…>` below. "Activity" (the campaign's change log) shows to the roles that
 * may read it (`activity.read`).
 */
const TABS = [
  { value: 'overview', label: 'Overview' },
  { value: 'revisions', label: 'Revisions' },
  { value: 'activity', label: 'Activity' },
] as const;
type TabValue = (typeof TABS)[number]['value'];
const isTab = (value: string | null): value is TabValue => TABS.some((tab) => tab.value === value);

/** The current tab and a setter that keeps the other query parameters (the campaign modals use them). */
function useTabParam(): [TabValue, (tab: string) => void] {
  const [params, setParams] = useSearchParams();
  const current = params.get('tab');
  const select = (tab: string) =>
    setParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        if (tab === TABS[0].value) next.delete('tab');
        else next.set('tab', tab);
        return next;
      },
      { replace: true },
    );
  return [isTab(current) ? current : TABS[0].value, select];
}

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
  // Pause or resume one platform from its row; once the server took it, the page follows the job.
  const toggle = usePlacementToggle(campaign.id, progress.refresh);
  const delivery = useCampaignDelivery(campaign.id);
  const revisions = useRevisionHistory(campaign.id);
  const canSeeActivity = usePermission('activity.read').allowed;
  const [tab, selectTab] = useTabParam();
  const navigate = useNavigate();
  const { search } = useLocation();
  // The status follows the platforms live (a launch, pause or resume moves it while the page is open).
  const status = progress.detail?.status ?? campaign.status;
  const allowed = allowedCampaignActions(status);
  const blocker = allowed.launch ? detail.launchBlocker : null;
  useSuccessFlags(CAMPAIGN_SUCCESS_MESSAGES, progress.refresh);
  const badge = <span className={table.statusBadge[status]}>{status}</span>;
  return (
    <>
      <PageHeader
        breadcrumb={[{ label: 'Campaigns', to: '/campaigns' }, { label: campaign.name }]}
        title={campaign.name}
        badge={badge}
        subtitle={
          <>
            {`${objective} campaign · ${formatDateRange(campaign.startDate, campaign.endDate)}`}
            {revisions.signOffLine ? (
              <span className={revisionsCss.signOffLine} data-testid="sign-off-line">
                {revisions.signOffLine}
              </span>
            ) : null}
          </>
        }
        actions={
          <>
            <Link to={`/planning/wizard/${campaign.id}/review`} className={button.secondary}>
              Review
            </Link>
            {CAMPAIGN_ACTION_LINKS.filter(({ action }) => allowed[action]).map(
              ({ action, kind, label, permission }) =>
                // A draft that cannot launch offers what it lacks instead of a Launch the server would refuse.
                action === 'launch' && blocker ? (
                  <Link key={kind} to={finishPlanLink(campaign.id, blocker).to} className={button.primary}>
                    {finishPlanLink(campaign.id, blocker).label}
                  </Link>
                ) : (
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
      <Tabs.Root value={tab} onValueChange={(details) => selectTab(details.value)}>
        <Tabs.List className={tabsCss.list} aria-label="Campaign sections">
          {TABS.filter(({ value }) => value !== 'activity' || canSeeActivity).map(({ value, label }) => (
            <Tabs.Trigger key={value} value={value} className={tabsCss.trigger}>
              {label}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        <Tabs.Content value="overview" className={tabsCss.panel}>
          {blocker ? (
            <p className={noticeCss.notice.info} role="note">
              Not ready to launch: {blocker.message}
            </p>
          ) : null}
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
          <ApprovalRecord campaignId={campaign.id} revisions={revisions.revisions} />
          <ExportMenu campaignId={campaign.id} />
          <CampaignProgressCard progress={progress} toggle={toggle} />
          <CampaignDeliveryCard model={delivery} />
        </Tabs.Content>
        <Tabs.Content value="revisions" className={tabsCss.panel}>
          <RevisionsTab history={revisions} />
        </Tabs.Content>
        {canSeeActivity ? (
          <Tabs.Content value="activity" className={tabsCss.panel}>
            <CampaignActivity campaignId={campaign.id} />
          </Tabs.Content>
        ) : null}
      </Tabs.Root>
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

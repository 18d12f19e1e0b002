import { isWizardStep, type WizardStep } from '@contract/planning';
import type { Customer, Objective } from '@contract/resources';
import type { PlanningWizardView } from '@machines/planning/planningWizard';
import { dataProvider } from '@src/api/dataProvider';
import { button } from '@src/ui/button.css';
import * as cardCss from '@src/ui/card.css';
import * as noticeCss from '@src/ui/notice.css';
import { PageLoading } from '@src/ui/PageLoading';
import { PageHeader } from '@src/ui/records/RecordParts';
import { useRecord } from '@src/ui/records/useRecord';
import * as stateCss from '@src/ui/state.css';
import * as table from '@src/ui/table.css';
import { useEffect, useRef } from 'react';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import { LeaveGuard } from './LeaveGuard';
import { todayIso } from './today';
import { usePlanningWizard } from './usePlanningWizard';
import { WizardBanners } from './WizardBanners';
import { WizardFooter } from './WizardFooter';
import { preloadWizardSteps, WizardStepBody } from './WizardStepBody';
import { WizardStepList } from './WizardStepList';
import * as css from './wizard.css';

/** What the overview step chooses from: the objectives (cards) and the organization's customers. */
export interface WizardData {
  objectives: Objective[];
  customers: Customer[];
}

async function loadWizardData(): Promise<WizardData> {
  const [objectives, customers] = await Promise.all([
    dataProvider.getList({
      resource: 'objectives',
      pagination: { mode: 'off' },
      sorters: [{ field: 'id', order: 'asc' }],
    }),
    dataProvider.getList({
      resource: 'customers',
      pagination: { mode: 'off' },
      sorters: [{ field: 'name', order: 'asc' }],
    }),
  ]);
  return { objectives: objectives.data, customers: customers.data };
}

/** The create-campaign modal's objective arrives as `objective` (or `objectiveId`). */
export function objectiveFromSearch(search: URLSearchParams, objectives: readonly Objective[]): number {
  const raw = Number(search.get('objective') ?? search.get('objectiveId') ?? 1);
  return objectives.some((o) => o.id === raw) ? raw : (objectives[0]?.id ?? 1);
}

/**
 * /planning/wizard/new/overview and /planning/wizard/:campaignId/:step?: the media plan, step by step.
 * One chart per visit: a new plan's first save turns /new/overview into /{id}/overview without starting
 * over; another plan's URL starts a new one.
 */
export function WizardView() {
  const { campaignId = 'new', step } = useParams();
  useEffect(preloadWizardSteps, []);
  // The lists do not depend on the plan or the step: moving between steps does not load them again.
  const { data } = useRecord(loadWizardData, campaignId);
  const visit = useRef({ id: campaignId, key: campaignId });
  if (visit.current.id !== campaignId)
    visit.current = { id: campaignId, key: visit.current.id === 'new' ? visit.current.key : campaignId };
  if (!data) return <PageLoading inline />;
  return (
    <Wizard
      key={visit.current.key}
      data={data}
      campaignId={campaignId === 'new' ? null : campaignId}
      urlStep={step && isWizardStep(step) ? step : null}
    />
  );
}

function Wizard({
  data,
  campaignId,
  urlStep,
}: {
  data: WizardData;
  campaignId: string | null;
  urlStep: WizardStep | null;
}) {
  const [search] = useSearchParams();
  const view = usePlanningWizard(
    {
      campaignId,
      step: urlStep,
      today: todayIso(),
      objectiveId: objectiveFromSearch(search, data.objectives),
    },
    urlStep,
  );
  const plan = view.plan;
  const breadcrumb = [
    { label: 'Campaigns', to: '/campaigns' },
    ...(plan ? [{ label: plan.campaign.name, to: `/campaigns/${plan.campaign.id}` }] : []),
    { label: 'Plan' },
  ];
  return (
    <>
      <PageHeader
        breadcrumb={breadcrumb}
        title={view.title}
        badge={
          plan ? (
            <span className={table.statusBadge[plan.campaign.status]}>{plan.campaign.status}</span>
          ) : null
        }
        subtitle={
          view.phase === 'ready'
            ? `Step ${view.stepNumber} of ${view.stepCount} · ${view.stepLabel}. Changes are saved as you go${
                !plan || plan.campaign.status === 'draft' ? '; nothing runs until the plan is launched.' : '.'
              }`
            : undefined
        }
      />
      <WizardPhase view={view} data={data} />
      <LeaveGuard when={view.hasUnsavedChanges} />
    </>
  );
}

function WizardPhase({ view, data }: { view: PlanningWizardView; data: WizardData }) {
  if (view.phase === 'loading') return <PageLoading inline label="Loading the plan…" />;
  if (view.phase === 'notFound')
    return (
      <section className={cardCss.card}>
        <div className={cardCss.cardBody}>
          <p className={stateCss.stateTitle}>Plan not found</p>
          <p className={stateCss.stateText}>There is no such plan in this account.</p>
          <Link to="/campaigns" className={button.secondary}>
            Back to campaigns
          </Link>
        </div>
      </section>
    );
  if (view.phase === 'loadFailed')
    return (
      <div className={noticeCss.notice.error} role="alert">
        <div className={noticeCss.noticeBody}>
          <p className={noticeCss.noticeTitle}>The plan could not be loaded</p>
          <p className={noticeCss.noticeText}>{view.error}</p>
          <div className={noticeCss.noticeActions}>
            <button type="button" className={button.secondary} onClick={view.retryLoad}>
              Try again
            </button>
          </div>
        </div>
      </div>
    );
  return (
    <div className={css.shell}>
      <WizardStepList view={view} />
      <div className={css.main}>
        <WizardBanners view={view} />
        <WizardStepBody view={view} data={data} />
        <WizardFooter view={view} />
      </div>
    </div>
  );
}

export default WizardView;

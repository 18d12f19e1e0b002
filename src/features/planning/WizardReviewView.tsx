import { Link, type LoaderFunctionArgs, useNavigate, useSearchParams } from 'react-router-dom';
import { missingForLaunch } from '../../../contract/campaigns';
import { allowedCampaignActions, refusalOf } from '../../../machines/campaignLifecycle';
import { type CampaignDetail, loadCampaignDetail } from '../../api/campaignDetail';
import { formatDateRange, formatMoney } from '../../lib/format';
import { button } from '../../ui/button.css';
import { CampaignModals, searchOpening } from '../../ui/campaignModals/CampaignModals';
import * as cardCss from '../../ui/card.css';
import { PageLoading } from '../../ui/PageLoading';
import * as pageCss from '../../ui/page.css';
import * as recordCss from '../../ui/record.css';
import { sessionAware, useSessionLoaderData } from '../../ui/records/loaders';
import { Chips, Field, FieldsCard, PageHeader } from '../../ui/records/RecordParts';
import * as table from '../../ui/table.css';
import * as textCss from '../../ui/text.css';
import { platformChecks } from './platformChecks';

export const reviewLoader = sessionAware(({ params }: LoaderFunctionArgs) =>
  loadCampaignDetail(params.campaignId ?? ''),
);

/** /planning/wizard/:campaignId/review: the campaign as it will run, before launching it. */
export function WizardReviewView() {
  const detail = useSessionLoaderData<CampaignDetail>();
  const [search] = useSearchParams();
  const navigate = useNavigate();
  if (!detail) return <PageLoading inline />;
  const { campaign, objective, platformNames, customer } = detail;
  const missing = missingForLaunch(campaign);
  const checks = platformChecks(detail);
  // The lifecycle chart decides; the server enforces the same chart (and answers 409 otherwise).
  const launchable = allowedCampaignActions(campaign.status).launch;
  const refusal = refusalOf(campaign.status, 'launch');
  return (
    <>
      <PageHeader
        breadcrumb={[
          { label: 'Campaigns', to: '/campaigns' },
          { label: campaign.name, to: `/campaigns/${campaign.id}` },
          { label: 'Review' },
        ]}
        title={`Review ${campaign.name}`}
        badge={<span className={table.statusBadge[campaign.status]}>{campaign.status}</span>}
        subtitle="Step 2 of 2 · Review. Check the campaign before it goes out to the ad platforms."
        actions={
          <>
            <Link to={`/campaigns/${campaign.id}`} className={button.secondary}>
              Open campaign
            </Link>
            {launchable ? (
              <Link
                to={{ search: searchOpening(search, 'launchCampaign', campaign.id) }}
                className={button.primary}
              >
                Launch
              </Link>
            ) : null}
          </>
        }
      />
      <div className={pageCss.stack}>
        <FieldsCard title="Summary">
          <Field label="Name">{campaign.name}</Field>
          <Field label="Objective">{objective}</Field>
          <Field label="Customer">{customer ?? <span className={textCss.muted}>No customer</span>}</Field>
          <Field label="Dates">{formatDateRange(campaign.startDate, campaign.endDate)}</Field>
          <Field label="Budget">{formatMoney(campaign.budgetMinor, campaign.currency)}</Field>
          <Field label="Platforms">
            <Chips items={platformNames} label="Platforms" />
          </Field>
        </FieldsCard>
        <section className={cardCss.card} aria-labelledby="readiness-title">
          <header className={recordCss.cardHeader}>
            <h2 id="readiness-title" className={cardCss.cardTitle}>
              Ready to launch?
            </h2>
          </header>
          <div className={recordCss.cardBody}>
            {refusal ? <p role="status">{refusal.message}</p> : null}
            {missing.length === 0 ? (
              <p>Everything a launch needs is set: platforms, dates and a budget.</p>
            ) : (
              <ul className={recordCss.list}>
                {missing.map((item) => (
                  <li key={item} className={recordCss.listItem}>
                    {item}
                  </li>
                ))}
              </ul>
            )}
          </div>
        </section>
        <section className={cardCss.card} aria-labelledby="platform-checks-title">
          <header className={recordCss.cardHeader}>
            <h2 id="platform-checks-title" className={cardCss.cardTitle}>
              Platform checks
            </h2>
          </header>
          <div className={recordCss.cardBody}>
            <table className={table.table}>
              <thead>
                <tr>
                  <th scope="col" className={table.th}>
                    Platform
                  </th>
                  <th scope="col" className={table.th}>
                    Check
                  </th>
                  <th scope="col" className={table.th}>
                    Result
                  </th>
                </tr>
              </thead>
              <tbody>
                {checks.map((check) => (
                  <tr key={`${check.platform}:${check.label}`}>
                    <td className={table.td}>{check.platformName}</td>
                    <td className={table.td}>{check.label}</td>
                    <td className={table.td}>{check.ok ? 'OK' : check.problem}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </section>
      </div>
      <CampaignModals
        onSucceeded={(flag) => {
          if (flag === 'campaignLaunched') navigate(`/campaigns/${encodeURIComponent(campaign.id)}`);
        }}
      />
    </>
  );
}

export default WizardReviewView;

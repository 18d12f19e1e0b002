import { BID_STRATEGY_LABELS, PACING_LABELS } from '@contract/planning';
import { connectPlanningReview, type PlanningReviewMachine } from '@machines/planning/planningReview';
import type { PlanningWizardView } from '@machines/planning/planningWizard';
import { formatDateRange, formatMoney } from '@src/lib/format';
import { button } from '@src/ui/button.css';
import { CampaignModals, searchOpening } from '@src/ui/campaignModals/CampaignModals';
import * as cardCss from '@src/ui/card.css';
import * as formCss from '@src/ui/form.css';
import * as noticeCss from '@src/ui/notice.css';
import { PermittedLink } from '@src/ui/PermittedLink';
import * as recordCss from '@src/ui/record.css';
import { FormSelect } from '@src/ui/records/FormField';
import { useSelector } from '@xstate/react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import type { ActorRefFrom } from 'xstate';
import { countryName, languageName } from './audience/displayNames';
import { ReviewAds } from './creative/ReviewAds';
import { ExportMenu } from './exchange/ExportMenu';
import { LiveChangeCard } from './LiveChangeCard';
import { PreflightChecks } from './PreflightChecks';
import { StepCard } from './StepCard';
import { Flowchart } from './schedule/Flowchart';
import type { WizardData } from './WizardView';
import * as css from './wizard.css';

type Wizard = Pick<PlanningWizardView, 'goTo' | 'plan'>;

/** The review: every step summarised with "Edit", the flowchart, the budget fit, the checks, Launch. */
export function ReviewStep({
  actor,
  wizard,
  data,
}: {
  actor: ActorRefFrom<PlanningReviewMachine>;
  wizard: Wizard;
  data: WizardData;
}) {
  const view = useSelector(actor, (snapshot) => connectPlanningReview(snapshot, actor.send));
  const rules = useSelector(actor, (snapshot) => snapshot.context.rules);
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const plan = view.plan;
  if (!plan) return null;
  const { campaign } = plan;
  const name = (key: string) => view.platformNames[key] ?? key;
  return (
    <>
      {view.isLive ? (
        <LiveChangeCard campaignId={campaign.id} currency={campaign.currency} />
      ) : (
        <section className={cardCss.card} aria-labelledby="launch-title">
          <header className={recordCss.cardHeader}>
            <div>
              <h2 id="launch-title" className={cardCss.cardTitle}>
                Ready to launch?
              </h2>
              <p className={cardCss.cardText}>
                Launching sends the plan to every platform. You confirm it with a second factor.
              </p>
            </div>
            {view.canLaunch ? (
              <PermittedLink
                action="campaigns.launch"
                to={{ search: searchOpening(search, 'launchCampaign', campaign.id) }}
                className={button.primary}
              >
                Launch
              </PermittedLink>
            ) : (
              <button type="button" className={button.primary} disabled>
                Launch
              </button>
            )}
          </header>
          {view.launchBlockers.length > 0 ? (
            <div className={recordCss.cardBody}>
              <ul className={recordCss.list} aria-label="What stops the launch">
                {view.launchBlockers.map((blocker) => (
                  <li key={blocker} className={recordCss.listItem}>
                    {blocker}
                  </li>
                ))}
              </ul>
            </div>
          ) : null}
        </section>
      )}

      <StepCard id="budget-fit" title="Budget" description="The customer budget this plan draws on.">
        <div className={formCss.form}>
          <FormSelect
            id="plan-budget-choice"
            label="Draws on"
            hint={
              view.budgetOptions.length === 0
                ? `No budget of this customer covers the plan’s dates in ${campaign.currency}.`
                : undefined
            }
            value={view.selectedBudgetId ?? ''}
            onChange={(event) => view.selectBudget(event.currentTarget.value || null)}
            disabled={view.readOnly || view.isSaving}
          >
            <option value="">No budget</option>
            {view.budgetOptions.map((option) => (
              <option key={option.id} value={option.id}>
                {option.name} · {formatDateRange(option.periodStart, option.periodEnd)} ·{' '}
                {formatMoney(option.amountMinor, option.currency)}
              </option>
            ))}
          </FormSelect>
          {view.fit ? (
            <div className={css.section}>
              <p className={css.money} role="status">
                {view.fit.leftAfterMinor >= 0
                  ? `${formatMoney(view.fit.leftAfterMinor, view.fit.budget.currency)} of ${formatMoney(view.fit.budget.amountMinor, view.fit.budget.currency)} left after this plan`
                  : `${formatMoney(-view.fit.leftAfterMinor, view.fit.budget.currency)} over ${formatMoney(view.fit.budget.amountMinor, view.fit.budget.currency)} with this plan`}
              </p>
              <div className={css.fitBar} aria-hidden="true">
                <div
                  className={css.fitFill[view.fit.over ? 'over' : 'ok']}
                  style={{
                    width: `${Math.min(100, Math.round(((view.fit.budget.amountMinor - Math.max(0, view.fit.leftAfterMinor)) * 100) / Math.max(1, view.fit.budget.amountMinor)))}%`,
                  }}
                />
              </div>
              {view.fit.over ? (
                <label className={formCss.option}>
                  <input
                    type="checkbox"
                    className={formCss.optionInput}
                    checked={view.overBudgetConfirmed}
                    onChange={(event) => view.confirmOverBudget(event.currentTarget.checked)}
                    disabled={view.readOnly || view.isSaving}
                  />
                  Plan over budget: I confirm this plan may exceed {view.fit.budget.name}
                </label>
              ) : null}
            </div>
          ) : null}
          {view.error ? (
            <div className={noticeCss.notice.error} role="alert">
              <div className={noticeCss.noticeBody}>{view.error}</div>
            </div>
          ) : null}
        </div>
      </StepCard>

      <div className={css.summaryGrid}>
        <Summary title="Overview" onEdit={() => wizard.goTo('overview')} problem={view.steps[0]?.problem}>
          <Row label="Name">{campaign.name}</Row>
          <Row label="Objective">
            {data.objectives.find((o) => o.id === campaign.objectiveId)?.label ?? campaign.objectiveId}
          </Row>
          <Row label="Customer">
            {data.customers.find((c) => c.id === campaign.customerId)?.name ?? 'No customer yet'}
          </Row>
          <Row label="Currency">{campaign.currency}</Row>
        </Summary>
        <Summary
          title="Platforms and budget"
          onEdit={() => wizard.goTo('platforms')}
          problem={view.steps[1]?.problem}
        >
          <Row label="Total">{formatMoney(campaign.budgetMinor, campaign.currency)}</Row>
          {plan.platforms.map((key) => {
            const allocation = plan.allocations[key];
            return (
              <Row key={key} label={name(key)}>
                {allocation
                  ? `${formatMoney(allocation.amountMinor, campaign.currency)} · ${BID_STRATEGY_LABELS[allocation.bidStrategy]}${allocation.costCapMinor ? ` ${formatMoney(allocation.costCapMinor, campaign.currency)}` : ''}`
                  : '–'}
              </Row>
            );
          })}
        </Summary>
        <Summary title="Audience" onEdit={() => wizard.goTo('audience')} problem={view.steps[2]?.problem}>
          {plan.audience ? (
            <>
              <Row label="Locations">{plan.audience.locations.map(countryName).join(', ')}</Row>
              <Row label="Ages">
                {plan.audience.ageMin}–{plan.audience.ageMax === 65 ? '65+' : plan.audience.ageMax}
              </Row>
              <Row label="Genders">
                {plan.audience.genders.length
                  ? plan.audience.genders.map((g) => g.charAt(0).toUpperCase() + g.slice(1)).join(', ')
                  : 'All'}
              </Row>
              <Row label="Languages">
                {plan.audience.languages.length
                  ? plan.audience.languages.map(languageName).join(', ')
                  : 'Any'}
              </Row>
              {view.interests.length === 0 ? (
                <Row label="Interests">None: everyone in the audience</Row>
              ) : (
                view.interests.map((entry) => (
                  <Row key={entry.platform} label={entry.label}>
                    {entry.names}
                  </Row>
                ))
              )}
            </>
          ) : (
            <Row label="Audience">Not set</Row>
          )}
        </Summary>
        <Summary title="Schedule" onEdit={() => wizard.goTo('schedule')} problem={view.steps[3]?.problem}>
          <Row label="Dates">{formatDateRange(campaign.startDate, campaign.endDate)}</Row>
          {plan.flights.map((flight, index) => (
            // Numbered within its platform, as the schedule step and the bookings' names number them.
            <Row
              key={flight.id}
              label={`${name(flight.platform)} · flight ${plan.flights.slice(0, index + 1).filter((f) => f.platform === flight.platform).length}`}
            >
              {formatDateRange(flight.startDate, flight.endDate)} ·{' '}
              {formatMoney(flight.amountMinor, campaign.currency)} · {PACING_LABELS[flight.pacing]}
              {flight.bookingStatus ? ` · ${flight.bookingStatus}` : ''}
            </Row>
          ))}
        </Summary>
      </div>

      <ReviewAds plan={plan} rules={rules} problem={view.steps[4]?.problem} />

      {/* The exports need the flights (one line item each): offered once the schedule has dates. */}
      {campaign.startDate && campaign.endDate ? <ExportMenu campaignId={campaign.id} /> : null}

      <StepCard
        id="flowchart"
        title="Flowchart"
        description="Each platform’s flights over the campaign’s dates."
      >
        {campaign.startDate && campaign.endDate ? (
          <Flowchart
            startDate={campaign.startDate}
            endDate={campaign.endDate}
            currency={campaign.currency}
            rows={plan.platforms.map((key) => ({
              platform: key,
              displayName: name(key),
              flights: plan.flights.filter((flight) => flight.platform === key),
            }))}
          />
        ) : (
          <p className={css.stepHint}>The flowchart appears once the schedule has dates.</p>
        )}
      </StepCard>

      <StepCard
        id="checks"
        title="Platform checks"
        description={
          view.isLive
            ? 'Each platform validates the change as an update of what it runs, without changing anything, and says what it warns about.'
            : 'Each platform validates the plan as the launch would send it, without running anything.'
        }
      >
        <PreflightChecks
          key={campaign.version}
          campaignId={campaign.id}
          platformName={name}
          refusals={Object.fromEntries(
            plan.platforms.flatMap((key) => (view.refusals[key] ? [[key, view.refusals[key]]] : [])),
          )}
        />
      </StepCard>
      <CampaignModals
        onSucceeded={(flag) => {
          if (flag === 'campaignLaunched') navigate(`/campaigns/${encodeURIComponent(campaign.id)}`);
        }}
      />
    </>
  );
}

function Summary({
  title,
  onEdit,
  problem,
  children,
}: {
  title: string;
  onEdit: () => void;
  problem: string | null | undefined;
  children: React.ReactNode;
}) {
  return (
    <section className={cardCss.card} aria-label={`${title} summary`}>
      <header className={recordCss.cardHeader}>
        <h3 className={cardCss.cardTitle}>{title}</h3>
        <button
          type="button"
          className={button.ghost}
          onClick={onEdit}
          aria-label={`Edit ${title.toLowerCase()}`}
        >
          Edit
        </button>
      </header>
      <div className={recordCss.cardBody}>
        {problem ? <p className={css.inlineError}>{problem}</p> : null}
        <dl className={css.facts}>{children}</dl>
      </div>
    </section>
  );
}

function Row({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <>
      <dt className={css.factLabel}>{label}</dt>
      <dd className={css.factValue}>{children}</dd>
    </>
  );
}

import { checkCreative } from '../creative/checks';
import { OBJECTIVES } from '../reference';
import { AGE_MAX } from './audience';
import type { Audience, Flight, OverviewStepBody, PlatformsStepBody, ScheduleStepBody } from './bodies';
import { daysInclusive, formatMinor } from './calendar';
import type { Plan } from './plan';
import { minAgeFor, type PlatformRules } from './platformRules';
import { EDITABLE_WIZARD_STEPS, type EditableWizardStep, WIZARD_STEPS, type WizardStep } from './steps';

/**
 * What makes a step valid beyond each value's shape (bodies.ts): the split adding up, the platforms'
 * rules, flights inside the campaign. Pure functions of the step's values and their context, used by
 * the wizard's machines (errors under the fields, Next refused) and by the server (400 with the same
 * messages at the same paths), so the two never disagree.
 *
 * Each returns `{ [dot path]: message }`; empty = valid.
 */
export type PlanIssues = Record<string, string>;

/** Every platform's rules, by key (`GET /planning/platforms`). */
export type RulesByPlatform = Readonly<Record<string, PlatformRules>>;

const nameOf = (rules: RulesByPlatform, key: string) => rules[key]?.displayName ?? key;
const objectiveLabel = (id: number) => OBJECTIVES.find((o) => o.id === id)?.label ?? `objective ${id}`;

export function checkOverview(
  values: Pick<OverviewStepBody, 'objectiveId'>,
  rules: RulesByPlatform,
  platforms: readonly string[],
): PlanIssues {
  const issues: PlanIssues = {};
  const refusing = platforms.filter(
    (key) => rules[key] && !rules[key].objectives.includes(values.objectiveId),
  );
  if (refusing.length > 0)
    issues.objectiveId = `${refusing.map((key) => nameOf(rules, key)).join(' and ')} ${refusing.length > 1 ? 'do' : 'does'} not run ${objectiveLabel(values.objectiveId)} campaigns`;
  return issues;
}

export interface PlatformsContext {
  rules: RulesByPlatform;
  objectiveId: number;
  currency: string;
  /** The campaign's dates when the schedule already has them: the minimum daily budget counts over them. */
  startDate: string | null;
  endDate: string | null;
}

export function checkPlatforms(
  body: Pick<PlatformsStepBody, 'platforms' | 'budgetMinor' | 'allocations'>,
  context: PlatformsContext,
): PlanIssues {
  const issues: PlanIssues = {};
  const { rules, currency } = context;
  const days =
    context.startDate && context.endDate ? Math.max(1, daysInclusive(context.startDate, context.endDate)) : 1;
  let allocated = 0;
  for (const key of body.platforms) {
    const rule = rules[key];
    if (!rule) {
      issues.platforms = `${key} is not a platform we can plan on`;
      continue;
    }
    const allocation = body.allocations[key];
    const at = `allocations.${key}`;
    if (!allocation) {
      issues[`${at}.amountMinor`] = `Enter an amount for ${rule.displayName}`;
      continue;
    }
    allocated += allocation.amountMinor;
    if (!rule.objectives.includes(context.objectiveId)) {
      issues[at] = `${rule.displayName} does not run ${objectiveLabel(context.objectiveId)} campaigns`;
    }
    const minDaily = rule.minDailyBudgetMinor[currency as keyof typeof rule.minDailyBudgetMinor];
    if (minDaily !== undefined && allocation.amountMinor < minDaily * days) {
      issues[`${at}.amountMinor`] =
        days > 1
          ? `${rule.displayName} needs at least ${formatMinor(minDaily, currency)} a day: at least ${formatMinor(minDaily * days, currency)} over ${days} days`
          : `${rule.displayName} needs at least ${formatMinor(minDaily, currency)} a day`;
    }
    if (!rule.bidStrategies.includes(allocation.bidStrategy)) {
      issues[`${at}.bidStrategy`] =
        `${rule.displayName} does not offer ${allocation.bidStrategy === 'cost_cap' ? 'cost cap' : 'lowest cost'} bidding`;
    } else if (
      allocation.bidStrategy === 'cost_cap' &&
      !(allocation.costCapMinor && allocation.costCapMinor > 0)
    ) {
      issues[`${at}.costCapMinor`] = `Enter the cost cap for ${rule.displayName}`;
    }
  }
  const left = body.budgetMinor - allocated;
  if (left > 0)
    issues.budgetMinor = `Allocate the whole budget: ${formatMinor(left, currency)} left to allocate`;
  if (left < 0) issues.budgetMinor = `The split is ${formatMinor(-left, currency)} over the total budget`;
  return issues;
}

export interface AudienceContext {
  rules: RulesByPlatform;
  objectiveId: number;
  platforms: readonly string[];
}

export function checkAudience(audience: Audience, context: AudienceContext): PlanIssues {
  const issues: PlanIssues = {};
  if (audience.ageMax < audience.ageMin) issues.ageMax = 'The oldest age must be at least the youngest';
  for (const key of context.platforms) {
    const rule = context.rules[key];
    if (!rule) continue;
    const youngest = minAgeFor(rule, context.objectiveId);
    if (audience.ageMin < youngest && !issues.ageMin)
      issues.ageMin = `${rule.displayName} targets people ${youngest} and over for ${objectiveLabel(context.objectiveId)} campaigns`;
    const chosen = audience.interests[key]?.length ?? 0;
    if (chosen > rule.maxInterests)
      issues[`interests.${key}`] = `${rule.displayName} allows at most ${rule.maxInterests} interests`;
  }
  if (audience.ageMax > AGE_MAX) issues.ageMax = `Ages go up to ${AGE_MAX}+`;
  return issues;
}

export interface ScheduleContext {
  rules: RulesByPlatform;
  platforms: readonly string[];
  /** Each platform's allocation (platforms step), which its flights must add up to. */
  allocations: Readonly<Record<string, { amountMinor: number }>>;
  currency: string;
  /** A draft cannot start in the past; a plan being fixed after a failed launch neither. */
  today: string;
}

const range = (f: { startDate: string; endDate: string }) => `${f.startDate} to ${f.endDate}`;

export function checkSchedule(
  body: Pick<ScheduleStepBody, 'startDate' | 'endDate' | 'flights'>,
  context: ScheduleContext,
): PlanIssues {
  const issues: PlanIssues = {};
  const { rules, currency } = context;
  if (body.startDate < context.today) issues.startDate = 'Start today or later';
  if (body.endDate < body.startDate) issues.endDate = 'The end date must be on or after the start date';
  const seen: Record<string, { index: number; flight: Flight }[]> = {};
  body.flights.forEach((flight, index) => {
    const at = `flights.${index}`;
    const rule = rules[flight.platform];
    if (!context.platforms.includes(flight.platform)) {
      issues[`${at}.platform`] = `${nameOf(rules, flight.platform)} is not in this plan`;
      return;
    }
    if (flight.endDate < flight.startDate) {
      issues[`${at}.endDate`] = 'The flight ends before it starts';
      return;
    }
    if (flight.startDate < body.startDate || flight.startDate > body.endDate)
      issues[`${at}.startDate`] = `Flights run inside the campaign (${range(body)})`;
    else if (flight.endDate > body.endDate || flight.endDate < body.startDate)
      issues[`${at}.endDate`] = `Flights run inside the campaign (${range(body)})`;
    const earlier = seen[flight.platform] ?? [];
    seen[flight.platform] = earlier;
    const clash = earlier.find(
      (e) => flight.startDate <= e.flight.endDate && e.flight.startDate <= flight.endDate,
    );
    if (clash && !issues[`${at}.startDate`])
      issues[`${at}.startDate`] =
        `Overlaps ${nameOf(rules, flight.platform)}'s flight ${clash.index + 1} (${range(clash.flight)})`;
    earlier.push({ index, flight });
    const minDaily = rule?.minDailyBudgetMinor[currency as keyof typeof rule.minDailyBudgetMinor];
    const days = daysInclusive(flight.startDate, flight.endDate);
    if (rule && minDaily !== undefined && flight.amountMinor < minDaily * days)
      issues[`${at}.amountMinor`] =
        `${rule.displayName} needs at least ${formatMinor(minDaily, currency)} a day: at least ${formatMinor(minDaily * days, currency)} for ${days === 1 ? 'this 1-day flight' : `this ${days}-day flight`}`;
  });
  for (const key of context.platforms) {
    const planned = body.flights.filter((f) => f.platform === key);
    const allocation = context.allocations[key]?.amountMinor ?? 0;
    if (planned.length === 0) {
      issues[`flightTotals.${key}`] = `Plan at least one flight for ${nameOf(rules, key)}`;
      continue;
    }
    const total = planned.reduce((sum, f) => sum + f.amountMinor, 0);
    if (total !== allocation)
      issues[`flightTotals.${key}`] =
        `${nameOf(rules, key)}'s flights add up to ${formatMinor(total, currency)}, not its ${formatMinor(allocation, currency)}`;
  }
  return issues;
}

/** Each editable step's problems in a saved plan: what the step list marks "needs attention". */
export function planIssues(
  plan: Plan,
  rules: RulesByPlatform,
  today: string,
): Record<EditableWizardStep, PlanIssues> {
  const { campaign } = plan;
  const overview: PlanIssues = checkOverview(campaign, rules, plan.platforms);
  if (!campaign.name.trim()) overview.name = 'Enter a campaign name';
  if (!campaign.customerId) overview.customerId = 'Choose a customer';
  const platforms: PlanIssues =
    plan.platforms.length === 0
      ? { platforms: 'Choose at least one platform' }
      : checkPlatforms(
          { platforms: plan.platforms, budgetMinor: campaign.budgetMinor, allocations: plan.allocations },
          {
            rules,
            objectiveId: campaign.objectiveId,
            currency: campaign.currency,
            startDate: campaign.startDate,
            endDate: campaign.endDate,
          },
        );
  const audience: PlanIssues = plan.audience
    ? checkAudience(plan.audience, { rules, objectiveId: campaign.objectiveId, platforms: plan.platforms })
    : { locations: 'Choose at least one location' };
  const schedule: PlanIssues =
    campaign.startDate && campaign.endDate
      ? checkSchedule(
          { startDate: campaign.startDate, endDate: campaign.endDate, flights: plan.flights },
          {
            rules,
            platforms: plan.platforms,
            allocations: plan.allocations,
            currency: campaign.currency,
            // A plan already live keeps the start it launched with.
            today: campaign.status === 'draft' || campaign.status === 'failed' ? today : campaign.startDate,
          },
        )
      : { startDate: 'Choose a start date' };
  const creative: PlanIssues = checkCreative(plan.ads, {
    rules,
    objectiveId: campaign.objectiveId,
    platforms: plan.platforms,
    assets: Object.fromEntries(plan.assets.map((asset) => [asset.id, asset])),
  });
  return { overview, platforms, audience, schedule, creative };
}

/** The steps whose saved values are complete and valid; `review` when every other one is. */
export function completedSteps(plan: Plan, rules: RulesByPlatform, today: string): WizardStep[] {
  const issues = planIssues(plan, rules, today);
  const done: WizardStep[] = EDITABLE_WIZARD_STEPS.filter((step) => Object.keys(issues[step]).length === 0);
  if (done.length === EDITABLE_WIZARD_STEPS.length) done.push('review');
  return done;
}

/** Where `/planning/wizard/{campaignId}` resumes: the first step not complete, else the review. */
export function firstIncompleteStep(plan: Plan, rules: RulesByPlatform, today: string): WizardStep {
  const done = completedSteps(plan, rules, today);
  return WIZARD_STEPS.find((step) => step !== 'review' && !done.includes(step)) ?? 'review';
}

import {
  AGE_MAX,
  type Audience,
  type AudienceEstimateRequest,
  AudienceSchema,
  checkAudience,
  daysInclusive,
  type Plan,
  type PlanIssues,
  type RulesByPlatform,
} from '@contract/planning';
import * as v from 'valibot';
import type { StepInput } from '../stepProtocol';
import type { AudienceField, PlanningAudienceContext } from './planningAudience.types';

/**
 * The audience step's values and messages, as pure functions of its context: what the machine stores,
 * what the wizard is told (`step.changed`) and what the view shows agree because they all come from here.
 */

/** A new plan's audience: everyone from 18 (most platforms' floor for most objectives), no country yet. */
export function defaultAudience(plan: Plan | null): Audience {
  return {
    locations: [],
    ageMin: 18,
    ageMax: AGE_MAX,
    genders: [],
    languages: [],
    interests: Object.fromEntries((plan?.platforms ?? []).map((key) => [key, []])),
  };
}

/** The plan's saved audience, with an (empty) interest list for every platform of the plan. */
export function audienceFromPlan(plan: Plan | null): Audience {
  const saved = plan?.audience;
  if (!saved) return defaultAudience(plan);
  const interests: Record<string, string[]> = {};
  for (const key of plan.platforms) interests[key] = [...(saved.interests[key] ?? [])];
  return { ...saved, interests };
}

export function initialAudience(input: StepInput): Audience {
  const draft = input.draft as Audience | null;
  if (draft && 'locations' in draft) return draft;
  return audienceFromPlan(input.plan);
}

/** The field a dot path belongs to: `locations.2` → `locations`, `interests.meta.0` → `interests.meta`. */
export function fieldOf(path: string): AudienceField {
  const [head, platform] = path.split('.');
  return (head === 'interests' && platform ? `interests.${platform}` : head) as AudienceField;
}

/** Every problem of the values (the contract's schema, then its check), by field. */
export function audienceIssues(
  values: Audience,
  context: Pick<PlanningAudienceContext, 'plan' | 'rules'>,
): PlanIssues {
  const issues: PlanIssues = {};
  const parsed = v.safeParse(AudienceSchema, values);
  if (!parsed.success) {
    for (const issue of parsed.issues) {
      const field = fieldOf(v.getDotPath(issue) ?? '');
      issues[field] ??= issue.message;
    }
  }
  const checked = checkAudience(values, {
    rules: context.rules,
    objectiveId: context.plan?.campaign.objectiveId ?? 0,
    platforms: context.plan?.platforms ?? [],
  });
  for (const [path, message] of Object.entries(checked)) issues[fieldOf(path)] ??= message;
  return issues;
}

/** The messages shown: the server's first, then the rules', for touched fields or all after Next. */
export function visibleAudienceErrors(context: PlanningAudienceContext): PlanIssues {
  const all = { ...audienceIssues(context.values, context), ...context.serverErrors };
  const shown: PlanIssues = {};
  for (const [field, message] of Object.entries(all)) {
    if (context.showAll || field in context.serverErrors || context.touched.includes(field as AudienceField))
      shown[field] = message;
  }
  return shown;
}

/** Server messages by field, without the one of `field` (the planner changed it). */
export function withoutServerError(errors: PlanIssues, field: AudienceField): PlanIssues {
  return Object.fromEntries(Object.entries(errors).filter(([path]) => fieldOf(path) !== field));
}

/** Each platform's daily budget (allocation ÷ campaign days), when the plan has its dates. */
export function dailyBudgets(plan: Plan): Record<string, number> | undefined {
  const { startDate, endDate } = plan.campaign;
  if (!startDate || !endDate) return undefined;
  const days = daysInclusive(startDate, endDate);
  if (days < 1) return undefined;
  return Object.fromEntries(
    plan.platforms.map((key) => [key, Math.floor((plan.allocations[key]?.amountMinor ?? 0) / days)]),
  );
}

/** The estimate request for these values; null when the server would refuse it (no platform, no country…). */
export function estimateRequest(
  values: Audience,
  plan: Plan | null,
  rules: RulesByPlatform,
): AudienceEstimateRequest | null {
  if (!plan || plan.platforms.length === 0) return null;
  if (!v.safeParse(AudienceSchema, values).success) return null;
  const platforms = plan.platforms.filter((key) => rules[key]);
  if (platforms.length === 0) return null;
  const daily = dailyBudgets(plan);
  return {
    platforms,
    objectiveId: plan.campaign.objectiveId,
    audience: values,
    ...(daily ? { dailyBudgetMinor: daily } : {}),
  };
}

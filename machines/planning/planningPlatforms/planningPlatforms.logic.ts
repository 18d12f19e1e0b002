import {
  amountsFromBasisPoints,
  basisPointsOf,
  checkPlatforms,
  leftToAllocate,
  type Plan,
  type PlanIssues,
  PlatformsStepSchema,
  type RulesByPlatform,
} from '@contract/planning';
import * as v from 'valibot';
import { formatAmountInput, parseAmount } from '../../shared/money';
import { schemaIssues } from '../stepErrors';
import type { StepBodies, StepInput } from '../stepProtocol';
import type { PlanningPlatformsContext, PlatformLine, PlatformsValues } from './planningPlatforms.types';

/** Under an amount that is not one (the schema only sees numbers). */
export const AMOUNT_FORMAT_MESSAGE = 'Enter an amount, e.g. 5000 or 5000.50';
export const PERCENT_FORMAT_MESSAGE = 'Enter a percentage, e.g. 25 or 33.33';

const PlatformsBodySchema = v.omit(PlatformsStepSchema, ['version']);

/** '' counts as zero; text that is not an amount as null. */
const minorOf = (text: string): number | null => (text.trim() === '' ? 0 : parseAmount(text));

/** A percentage as typed → basis points ('33.34' → 3334), with the same two-decimal rule as amounts. */
const basisPointsOfText = (text: string): number | null => minorOf(text);

export function emptyLine(rules: RulesByPlatform, key: string): PlatformLine {
  return { amount: '', percent: '', bidStrategy: rules[key]?.bidStrategies[0] ?? 'lowest_cost', costCap: '' };
}

const amountText = (minor: number) => (minor === 0 ? '' : formatAmountInput(minor));

/** The step's values from a draft body, the saved plan, or nothing. */
export function valuesFrom(input: Pick<StepInput, 'plan' | 'draft' | 'rules'>): PlatformsValues {
  const body = (input.draft as StepBodies['platforms'] | null) ?? bodyOfPlan(input.plan);
  const lines: Record<string, PlatformLine> = {};
  for (const key of body.platforms) {
    const allocation = body.allocations[key];
    const amount = allocation?.amountMinor ?? 0;
    lines[key] = {
      amount: amountText(amount),
      percent: body.budgetMinor > 0 ? formatAmountInput(basisPointsOf(amount, body.budgetMinor)) : '',
      bidStrategy: allocation?.bidStrategy ?? emptyLine(input.rules, key).bidStrategy,
      costCap: allocation?.costCapMinor ? formatAmountInput(allocation.costCapMinor) : '',
    };
  }
  return {
    platforms: [...body.platforms],
    budget: amountText(body.budgetMinor),
    splitMode: body.splitMode,
    lines,
  };
}

function bodyOfPlan(plan: Plan | null): StepBodies['platforms'] {
  return {
    platforms: plan?.platforms ?? [],
    budgetMinor: plan?.campaign.budgetMinor ?? 0,
    splitMode: plan?.campaign.splitMode ?? 'amount',
    allocations: plan?.allocations ?? {},
  };
}

export function totalMinor(values: PlatformsValues): number {
  return minorOf(values.budget) ?? 0;
}

/** Each chosen platform's amount in minor units, as the split mode computes it. */
export function amountsOf(values: PlatformsValues): number[] {
  const lines = values.platforms.map((key) => values.lines[key]);
  if (values.splitMode === 'percent')
    return amountsFromBasisPoints(
      totalMinor(values),
      lines.map((line) => Math.min(10_000, basisPointsOfText(line?.percent ?? '') ?? 0)),
    );
  return lines.map((line) => minorOf(line?.amount ?? '') ?? 0);
}

/** "Left to allocate": negative when the split is over the total. */
export function leftOf(values: PlatformsValues): number {
  return leftToAllocate(totalMinor(values), amountsOf(values));
}

export function platformsBody(values: PlatformsValues): StepBodies['platforms'] {
  const amounts = amountsOf(values);
  return {
    platforms: values.platforms,
    budgetMinor: totalMinor(values),
    splitMode: values.splitMode,
    allocations: Object.fromEntries(
      values.platforms.map((key, index) => {
        const line = values.lines[key];
        const costCap = line?.bidStrategy === 'cost_cap' ? minorOf(line.costCap) : null;
        return [
          key,
          {
            amountMinor: amounts[index] ?? 0,
            bidStrategy: line?.bidStrategy ?? 'lowest_cost',
            costCapMinor: costCap === 0 ? null : costCap,
          },
        ];
      }),
    ),
  };
}

/** Every message: typed text that is not an amount, the contract's shape, the platforms' rules. */
export function platformsIssues(
  context: Pick<PlanningPlatformsContext, 'values' | 'plan' | 'rules'>,
): PlanIssues {
  const { values, plan, rules } = context;
  const body = platformsBody(values);
  const issues: PlanIssues = {
    ...checkPlatforms(body, {
      rules,
      objectiveId: plan?.campaign.objectiveId ?? 1,
      currency: plan?.campaign.currency ?? 'EUR',
      startDate: plan?.campaign.startDate ?? null,
      endDate: plan?.campaign.endDate ?? null,
    }),
    ...schemaIssues(PlatformsBodySchema, body),
  };
  if (minorOf(values.budget) === null) issues.budgetMinor = AMOUNT_FORMAT_MESSAGE;
  for (const key of values.platforms) {
    const line = values.lines[key];
    if (!line) continue;
    if (values.splitMode === 'amount' && minorOf(line.amount) === null)
      issues[`allocations.${key}.amountMinor`] = AMOUNT_FORMAT_MESSAGE;
    if (values.splitMode === 'percent') {
      const bp = basisPointsOfText(line.percent);
      if (bp === null || bp > 10_000) issues[`allocations.${key}.amountMinor`] = PERCENT_FORMAT_MESSAGE;
    }
    if (line.bidStrategy === 'cost_cap' && minorOf(line.costCap) === null)
      issues[`allocations.${key}.costCapMinor`] = AMOUNT_FORMAT_MESSAGE;
  }
  return issues;
}

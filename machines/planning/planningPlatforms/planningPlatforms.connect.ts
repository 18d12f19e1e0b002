import {
  BID_STRATEGIES,
  BID_STRATEGY_LABELS,
  type BidStrategy,
  type PlanIssues,
  type SplitMode,
} from '@contract/planning';
import type { SnapshotFrom } from 'xstate';
import { amountsOf, emptyLine, leftOf, totalMinor } from './planningPlatforms.logic';
import { type PlanningPlatformsMachine, shownPlatformsIssues } from './planningPlatforms.machine';
import type { PlanningPlatformsEvent, PlatformLine, PlatformsValues } from './planningPlatforms.types';

export type PlanningPlatformsSnapshot = SnapshotFrom<PlanningPlatformsMachine>;

export interface PlatformOption {
  key: string;
  displayName: string;
  selected: boolean;
}

export interface PlatformRow {
  key: string;
  displayName: string;
  line: PlatformLine;
  /** What the split gives it, in minor units. */
  amountMinor: number;
  /** Only the strategies its rules allow. */
  bidStrategies: { value: BidStrategy; label: string }[];
}

export interface PlanningPlatformsView {
  values: PlatformsValues;
  currency: string;
  options: PlatformOption[];
  rows: PlatformRow[];
  totalMinor: number;
  /** "Left to allocate"; negative = over. */
  leftMinor: number;
  errors: PlanIssues;
  readOnly: boolean;
  toggle(platform: string, selected: boolean): void;
  changeBudget(value: string): void;
  changeMode(mode: SplitMode): void;
  splitEvenly(): void;
  changeAmount(platform: string, value: string): void;
  changePercent(platform: string, value: string): void;
  changeBid(platform: string, strategy: BidStrategy): void;
  changeCostCap(platform: string, value: string): void;
}

export function connectPlanningPlatforms(
  snapshot: PlanningPlatformsSnapshot,
  send: (event: PlanningPlatformsEvent) => void,
): PlanningPlatformsView {
  const { context } = snapshot;
  const { values, rules } = context;
  const amounts = amountsOf(values);
  return {
    values,
    currency: context.plan?.campaign.currency ?? 'EUR',
    options: Object.values(rules).map((rule) => ({
      key: rule.key,
      displayName: rule.displayName,
      selected: values.platforms.includes(rule.key),
    })),
    rows: values.platforms.map((key, index) => ({
      key,
      displayName: rules[key]?.displayName ?? key,
      line: values.lines[key] ?? emptyLine(rules, key),
      amountMinor: amounts[index] ?? 0,
      bidStrategies: BID_STRATEGIES.filter((s) => rules[key]?.bidStrategies.includes(s) ?? true).map((s) => ({
        value: s,
        label: BID_STRATEGY_LABELS[s],
      })),
    })),
    totalMinor: totalMinor(values),
    leftMinor: leftOf(values),
    errors: shownPlatformsIssues(context),
    readOnly: snapshot.matches('readOnly'),
    toggle: (platform, selected) => send({ type: 'platform.toggle', platform, selected }),
    changeBudget: (value) => send({ type: 'budget.change', value }),
    changeMode: (mode) => send({ type: 'split.mode', mode }),
    splitEvenly: () => send({ type: 'split.evenly' }),
    changeAmount: (platform, value) => send({ type: 'amount.change', platform, value }),
    changePercent: (platform, value) => send({ type: 'percent.change', platform, value }),
    changeBid: (platform, strategy) => send({ type: 'bid.change', platform, strategy }),
    changeCostCap: (platform, value) => send({ type: 'costCap.change', platform, value }),
  };
}

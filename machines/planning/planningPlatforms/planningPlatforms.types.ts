import type { BidStrategy, Plan, PlanIssues, RulesByPlatform, SplitMode } from '@contract/planning';
import type { StepInput, WizardToStep } from '../stepProtocol';

/**
 * Types of the platforms-and-budget step (`planningPlatforms`): which platforms, the total budget as
 * typed, its split by amount or by percentage, and each platform's bid strategy.
 */

export interface PlatformLine {
  /** The platform's amount as typed (split by amount), e.g. '1200.50'. */
  amount: string;
  /** Its share as typed (split by percentage), e.g. '33.34'. */
  percent: string;
  bidStrategy: BidStrategy;
  /** The cost cap per result as typed (with `cost_cap`). */
  costCap: string;
}

export interface PlatformsValues {
  /** Chosen platform keys, in the planner's order. */
  platforms: string[];
  /** The total as typed. */
  budget: string;
  splitMode: SplitMode;
  /** Per platform key (kept when a platform is unticked, so ticking it again restores it). */
  lines: Record<string, PlatformLine>;
}

export interface PlanningPlatformsContext {
  values: PlatformsValues;
  plan: Plan | null;
  rules: RulesByPlatform;
  touched: string[];
  showAll: boolean;
  serverErrors: PlanIssues;
  readOnly: boolean;
}

export type PlanningPlatformsEvent =
  | WizardToStep
  | { type: 'platform.toggle'; platform: string; selected: boolean }
  | { type: 'budget.change'; value: string }
  | { type: 'split.mode'; mode: SplitMode }
  | { type: 'split.evenly' }
  | { type: 'amount.change'; platform: string; value: string }
  | { type: 'percent.change'; platform: string; value: string }
  | { type: 'bid.change'; platform: string; strategy: BidStrategy }
  | { type: 'costCap.change'; platform: string; value: string };

export type PlanningPlatformsInput = StepInput;

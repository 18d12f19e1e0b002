import type { Plan, PlanIssues, RulesByPlatform } from '@contract/planning';
import type { CURRENCIES } from '@contract/reference';
import type { StepInput, WizardToStep } from '../stepProtocol';

/**
 * Types of the overview step (`planningOverview`): the plan's name, objective, customer and currency.
 * A step chart of the planning wizard (machines/planning/stepProtocol.ts).
 */

export type Currency = (typeof CURRENCIES)[number];

export interface OverviewValues {
  name: string;
  objectiveId: number;
  /** '' = no customer yet. */
  customerId: string;
  currency: Currency;
}

export type OverviewField = keyof OverviewValues;

export interface PlanningOverviewContext {
  values: OverviewValues;
  plan: Plan | null;
  rules: RulesByPlatform;
  /** Fields edited since the step opened (their messages show). */
  touched: string[];
  /** Next was pressed on an invalid step: every message shows. */
  showAll: boolean;
  /** The server's 400 messages, until their field is edited. */
  serverErrors: PlanIssues;
  readOnly: boolean;
}

export type PlanningOverviewEvent =
  | WizardToStep
  | { type: 'field.change'; field: 'name' | 'customerId'; value: string }
  | { type: 'currency.change'; currency: Currency }
  | { type: 'objective.select'; objectiveId: number };

export type PlanningOverviewInput = StepInput;

import type { Pacing, Plan, PlanIssues, RulesByPlatform } from '@contract/planning';
import type { StepInput, WizardToStep } from '../stepProtocol';

/**
 * Types of the schedule step (`planningSchedule`), invoked by the planning wizard: the campaign's dates and
 * each platform's flights (dates inside the campaign, an amount, a pacing) adding up to its allocation.
 */

/** A flight as typed. `key` names it in the form (its id once saved); `amount` is the text typed. */
export interface FlightDraft {
  key: string;
  /** The saved flight's id; absent until a save gave it one. */
  id?: string;
  platform: string;
  startDate: string;
  endDate: string;
  amount: string;
  pacing: Pacing;
}

export interface ScheduleValues {
  startDate: string;
  endDate: string;
  flights: FlightDraft[];
}

export type FlightField = 'startDate' | 'endDate' | 'amount' | 'pacing';

/**
 * Where a message can show: the campaign's dates, a flight's field (`<flight key>.amount`) and a
 * platform's total (`flightTotals.<platform>`). Wire paths (`flights.1.amountMinor`) are turned into these
 * with the flight at that index, so a message follows its flight when another is removed.
 */
export type ScheduleErrorKey = string;

export interface PlanningScheduleContext {
  plan: Plan | null;
  rules: RulesByPlatform;
  today: string;
  readOnly: boolean;
  values: ScheduleValues;
  /** Error keys whose messages show; all show after `step.showErrors`. */
  touched: ScheduleErrorKey[];
  showAll: boolean;
  serverErrors: PlanIssues;
  /** Keys for flights added since the step opened (`new-1`, `new-2`…). */
  nextKey: number;
}

export type PlanningScheduleInput = StepInput;

export type PlanningScheduleEvent =
  | { type: 'campaign.change'; field: 'startDate' | 'endDate'; value: string }
  | { type: 'flight.change'; key: string; field: FlightField; value: string }
  | { type: 'flight.add'; platform: string }
  | { type: 'flight.remove'; key: string }
  | { type: 'flight.fillRemaining'; key: string }
  | WizardToStep;

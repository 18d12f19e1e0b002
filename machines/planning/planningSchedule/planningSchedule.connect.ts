import { PACING_LABELS, PACINGS, type Pacing } from '@contract/planning';
import type { SnapshotFrom } from 'xstate';
import type { PlanningScheduleMachine } from './planningSchedule.machine';
import type { FlightField, PlanningScheduleEvent } from './planningSchedule.types';
import { flightMinor, platformTotals, visibleScheduleErrors } from './planningSchedule.values';

export type PlanningScheduleSnapshot = SnapshotFrom<PlanningScheduleMachine>;

export interface ScheduleFlightView {
  key: string;
  /** 1-based, within its platform ("Flight 2"). */
  number: number;
  startDate: string;
  endDate: string;
  amount: string;
  pacing: Pacing;
  errors: Partial<Record<FlightField | 'platform', string>>;
}

export interface SchedulePlatformView {
  key: string;
  displayName: string;
  allocatedMinor: number;
  plannedMinor: number;
  remainingMinor: number;
  /** Under the platform's total: its flights not adding up to its allocation, or none planned. */
  error: string | undefined;
  flights: ScheduleFlightView[];
}

/** What the flowchart draws (src/features/planning/schedule/Flowchart.tsx's props). */
export interface FlowchartData {
  startDate: string;
  endDate: string;
  currency: string;
  rows: {
    platform: string;
    displayName: string;
    flights: { startDate: string; endDate: string; amountMinor: number; pacing: string }[];
  }[];
}

export interface PlanningScheduleView {
  readOnly: boolean;
  currency: string;
  startDate: string;
  endDate: string;
  errors: { startDate?: string; endDate?: string; flights?: string };
  platforms: SchedulePlatformView[];
  pacingOptions: { value: Pacing; label: string }[];
  flowchart: FlowchartData;
  changeCampaignDate(field: 'startDate' | 'endDate', value: string): void;
  changeFlight(key: string, field: FlightField, value: string): void;
  addFlight(platform: string): void;
  removeFlight(key: string): void;
  fillRemaining(key: string): void;
}

export function connectPlanningSchedule(
  snapshot: PlanningScheduleSnapshot,
  send: (event: PlanningScheduleEvent) => void,
): PlanningScheduleView {
  const { context } = snapshot;
  const { values, plan, rules } = context;
  const errors = visibleScheduleErrors(context);
  const totals = platformTotals(context);
  // Flights of a platform the plan no longer has still show (with their message), after the plan's own.
  const keys = [...new Set([...(plan?.platforms ?? []), ...values.flights.map((f) => f.platform)])];
  const platforms = keys.map((key): SchedulePlatformView => {
    const total = totals.find((t) => t.platform === key);
    const flights = values.flights.filter((f) => f.platform === key);
    return {
      key,
      displayName: rules[key]?.displayName ?? key,
      allocatedMinor: total?.allocatedMinor ?? 0,
      plannedMinor: total?.plannedMinor ?? flights.reduce((sum, f) => sum + flightMinor(f), 0),
      remainingMinor: total?.remainingMinor ?? 0,
      error: errors[`flightTotals.${key}`],
      flights: flights.map((f, i) => ({
        key: f.key,
        number: i + 1,
        startDate: f.startDate,
        endDate: f.endDate,
        amount: f.amount,
        pacing: f.pacing,
        errors: Object.fromEntries(
          (['startDate', 'endDate', 'amount', 'pacing', 'platform'] as const).flatMap((field) => {
            const message = errors[`${f.key}.${field}`];
            return message ? [[field, message]] : [];
          }),
        ),
      })),
    };
  });
  return {
    readOnly: snapshot.matches('readOnly'),
    currency: plan?.campaign.currency ?? 'EUR',
    startDate: values.startDate,
    endDate: values.endDate,
    errors: Object.fromEntries(
      (['startDate', 'endDate', 'flights'] as const).flatMap((key) =>
        errors[key] ? [[key, errors[key]]] : [],
      ),
    ),
    platforms,
    pacingOptions: PACINGS.map((value) => ({ value, label: PACING_LABELS[value] })),
    flowchart: {
      startDate: values.startDate,
      endDate: values.endDate,
      currency: plan?.campaign.currency ?? 'EUR',
      rows: platforms.map((p) => ({
        platform: p.key,
        displayName: p.displayName,
        flights: values.flights
          .filter((f) => f.platform === p.key)
          .map((f) => ({
            startDate: f.startDate,
            endDate: f.endDate,
            amountMinor: flightMinor(f),
            pacing: f.pacing,
          })),
      })),
    },
    changeCampaignDate: (field, value) => send({ type: 'campaign.change', field, value }),
    changeFlight: (key, field, value) => send({ type: 'flight.change', key, field, value }),
    addFlight: (platform) => send({ type: 'flight.add', platform }),
    removeFlight: (key) => send({ type: 'flight.remove', key }),
    fillRemaining: (key) => send({ type: 'flight.fillRemaining', key }),
  };
}

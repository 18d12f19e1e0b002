import {
  addDays,
  checkSchedule,
  daysInclusive,
  type Plan,
  type PlanIssues,
  ScheduleStepSchema,
} from '@contract/planning';
import * as v from 'valibot';
import { dateFieldMessage } from '../../shared/dates';
import { formatAmountInput, parseAmount } from '../../shared/money';
import type { StepBodies, StepInput } from '../stepProtocol';
import type {
  FlightDraft,
  PlanningScheduleContext,
  ScheduleErrorKey,
  ScheduleValues,
} from './planningSchedule.types';

/**
 * The schedule step's values, body and messages as pure functions of its context: the machine, the
 * wizard (`step.changed`) and the view read the same answers.
 */

export type ScheduleBody = StepBodies['schedule'];

/** Under a flight's amount when the text is not an amount (the schema only sees numbers). */
export const FLIGHT_AMOUNT_FORMAT_MESSAGE = 'Enter an amount, e.g. 5000 or 5000.50';

const ScheduleFieldsSchema = v.omit(ScheduleStepSchema, ['version']);

/** The plan's flights as typed values; a plan without any gets one per platform covering the campaign. */
export function valuesFromPlan(plan: Plan | null): ScheduleValues {
  const startDate = plan?.campaign.startDate ?? '';
  const endDate = plan?.campaign.endDate ?? '';
  if (!plan) return { startDate, endDate, flights: [] };
  const flights: FlightDraft[] =
    plan.flights.length > 0
      ? plan.flights.map((f) => ({
          key: f.id,
          id: f.id,
          platform: f.platform,
          startDate: f.startDate,
          endDate: f.endDate,
          amount: formatAmountInput(f.amountMinor),
          pacing: f.pacing,
        }))
      : plan.platforms.map((platform) => ({
          key: `default-${platform}`,
          platform,
          startDate,
          endDate,
          amount: formatAmountInput(plan.allocations[platform]?.amountMinor ?? 0),
          pacing: 'even' as const,
        }));
  return { startDate, endDate, flights };
}

export function initialValues(input: StepInput): ScheduleValues {
  const draft = input.draft as ScheduleBody | null;
  if (!draft || !('flights' in draft)) return valuesFromPlan(input.plan);
  return {
    startDate: draft.startDate,
    endDate: draft.endDate,
    flights: draft.flights.map((f, index) => ({
      key: f.id ?? `draft-${index}`,
      ...(f.id ? { id: f.id } : {}),
      platform: f.platform,
      startDate: f.startDate,
      endDate: f.endDate,
      amount: formatAmountInput(f.amountMinor),
      pacing: f.pacing,
    })),
  };
}

/** A flight's amount in minor units; an empty or unreadable one counts as nothing. */
export const flightMinor = (flight: FlightDraft) => parseAmount(flight.amount) ?? 0;

/** What the wizard saves: the flights in the form's order, saved ones with their id, new ones without. */
export function scheduleBody(values: ScheduleValues): ScheduleBody {
  return {
    startDate: values.startDate.trim(),
    endDate: values.endDate.trim(),
    flights: values.flights.map((f) => ({
      ...(f.id ? { id: f.id } : {}),
      platform: f.platform,
      startDate: f.startDate.trim(),
      endDate: f.endDate.trim(),
      amountMinor: flightMinor(f),
      pacing: f.pacing,
    })),
  };
}

/** A wire path (`flights.1.amountMinor`) as the form's key (`<flight 1's key>.amount`). */
export function formKey(path: string, flights: readonly FlightDraft[]): ScheduleErrorKey {
  const match = /^flights\.(\d+)(?:\.(\w+))?/.exec(path);
  if (!match) return path;
  const flight = flights[Number(match[1])];
  if (!flight) return 'flights';
  const field = match[2] === 'amountMinor' ? 'amount' : (match[2] ?? 'platform');
  return `${flight.key}.${field}`;
}

/** The day checks count "today" from: a plan already live keeps the start it launched with. */
function checkToday(context: Pick<PlanningScheduleContext, 'plan' | 'today'>): string {
  const campaign = context.plan?.campaign;
  if (!campaign || campaign.status === 'draft' || campaign.status === 'failed') return context.today;
  return campaign.startDate ?? context.today;
}

/** Every problem of the values (the contract's schema and check, the amounts' format), by form key. */
export function scheduleIssues(
  context: Pick<PlanningScheduleContext, 'values' | 'plan' | 'rules' | 'today'>,
): PlanIssues {
  const { values, plan } = context;
  const body = scheduleBody(values);
  const issues: PlanIssues = {};
  const add = (path: string, message: string) => {
    issues[formKey(path, values.flights)] ??= message;
  };
  const parsed = v.safeParse(ScheduleFieldsSchema, body);
  if (!parsed.success) for (const issue of parsed.issues) add(v.getDotPath(issue) ?? '', issue.message);
  values.flights.forEach((flight, index) => {
    if (flight.amount.trim() === '') add(`flights.${index}.amountMinor`, 'Enter the flight amount');
    else if (parseAmount(flight.amount) === null)
      add(`flights.${index}.amountMinor`, FLIGHT_AMOUNT_FORMAT_MESSAGE);
  });
  const checked = checkSchedule(body, {
    rules: context.rules,
    platforms: plan?.platforms ?? [],
    allocations: plan?.allocations ?? {},
    currency: plan?.campaign.currency ?? 'EUR',
    today: checkToday(context),
  });
  for (const [path, message] of Object.entries(checked)) add(path, message);
  return issues;
}

/**
 * The messages shown: the server's first, then the rules', for touched keys or all after Next. A date
 * that is not a day says so with an example in the browser's format, as the field shows dates (issue 28).
 */
export function visibleScheduleErrors(context: PlanningScheduleContext): PlanIssues {
  const all = { ...scheduleIssues(context), ...context.serverErrors };
  return Object.fromEntries(
    Object.entries(all)
      .filter(([key]) => context.showAll || key in context.serverErrors || context.touched.includes(key))
      .map(([key, message]) => [key, dateFieldMessage(message, context.today)]),
  );
}

export interface PlatformTotal {
  platform: string;
  allocatedMinor: number;
  plannedMinor: number;
  /** Allocation − planned: negative when the flights ask for more than the platform has. */
  remainingMinor: number;
}

export function platformTotals(context: Pick<PlanningScheduleContext, 'values' | 'plan'>): PlatformTotal[] {
  return (context.plan?.platforms ?? []).map((platform) => {
    const allocatedMinor = context.plan?.allocations[platform]?.amountMinor ?? 0;
    const plannedMinor = context.values.flights
      .filter((f) => f.platform === platform)
      .reduce((sum, f) => sum + flightMinor(f), 0);
    return { platform, allocatedMinor, plannedMinor, remainingMinor: allocatedMinor - plannedMinor };
  });
}

/** A new flight for `platform`: after its last one (else from the campaign's start) to the campaign's end, with what is left. */
export function newFlight(context: PlanningScheduleContext, platform: string, key: string): FlightDraft {
  return addedFlight(context, platform, key).flights.at(-1)!;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * "Add flight" on a platform (issue 28: never on top of the flight before): the new flight starts the day
 * after the platform's last flight ends and runs to the campaign's end, with what is left of the platform's
 * allocation. When that last flight already runs to the campaign's end, it is split at its middle day: it
 * keeps the first half, the new flight takes the second, and its amount is shared in proportion to their
 * days (so the platform still adds up). The flights as they become, and the one that was split, if any.
 */
export function addedFlight(
  context: PlanningScheduleContext,
  platform: string,
  key: string,
): { flights: FlightDraft[]; split: FlightDraft | null } {
  const { values } = context;
  const remaining = platformTotals(context).find((t) => t.platform === platform)?.remainingMinor ?? 0;
  const fresh = (startDate: string, amount: string): FlightDraft => ({
    key,
    platform,
    startDate,
    endDate: values.endDate,
    amount,
    pacing: 'even',
  });
  const previous = values.flights
    .filter((f) => f.platform === platform && DAY.test(f.endDate) && DAY.test(f.startDate))
    .sort((a, b) => (a.endDate < b.endDate ? -1 : a.endDate > b.endDate ? 1 : 0))
    .at(-1);
  const leftAmount = remaining > 0 ? formatAmountInput(remaining) : '';
  if (!previous) return { flights: [...values.flights, fresh(values.startDate, leftAmount)], split: null };
  const next = addDays(previous.endDate, 1);
  if (DAY.test(values.endDate) && next <= values.endDate)
    return { flights: [...values.flights, fresh(next, leftAmount)], split: null };
  // The last flight runs to the campaign's end: split it, if it has two days or more.
  const days = daysInclusive(previous.startDate, previous.endDate);
  if (days < 2 || !DAY.test(values.endDate) || previous.endDate !== values.endDate)
    return { flights: [...values.flights, fresh(values.startDate, leftAmount)], split: null };
  const firstDays = Math.ceil(days / 2);
  const firstEnd = addDays(previous.startDate, firstDays - 1);
  const amount = parseAmount(previous.amount);
  const movedMinor = amount === null ? null : Math.floor((amount * (days - firstDays)) / days);
  const shortened: FlightDraft = {
    ...previous,
    endDate: firstEnd,
    amount: amount === null || movedMinor === null ? previous.amount : formatAmountInput(amount - movedMinor),
  };
  const added = fresh(
    addDays(firstEnd, 1),
    movedMinor === null ? leftAmount : formatAmountInput(movedMinor + Math.max(0, remaining)),
  );
  added.endDate = previous.endDate;
  return {
    flights: [...values.flights.map((f) => (f.key === previous.key ? shortened : f)), added],
    split: shortened,
  };
}

/** The flight's amount after "Fill remaining": its platform's flights then add up to the allocation. */
export function filledAmount(context: PlanningScheduleContext, flight: FlightDraft): string {
  const remaining = platformTotals(context).find((t) => t.platform === flight.platform)?.remainingMinor ?? 0;
  return formatAmountInput(Math.max(0, flightMinor(flight) + remaining));
}

/** Flights without an id get the one the save gave them: the saved flight of the same platform and values. */
export function withSavedIds(flights: readonly FlightDraft[], plan: Plan): FlightDraft[] {
  const used = new Set(flights.flatMap((f) => (f.id ? [f.id] : [])));
  return flights.map((flight) => {
    if (flight.id) return flight;
    const saved = plan.flights.find(
      (s) =>
        !used.has(s.id) &&
        s.platform === flight.platform &&
        s.startDate === flight.startDate.trim() &&
        s.endDate === flight.endDate.trim() &&
        s.amountMinor === flightMinor(flight) &&
        s.pacing === flight.pacing,
    );
    if (!saved) return flight;
    used.add(saved.id);
    return { ...flight, id: saved.id };
  });
}

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * A flight after the campaign's start or end date moved from `before` to `value`. A flight that ran to that
 * edge keeps doing so; when the edge passes its other end, the whole flight moves with it, keeping its
 * length: a flight never ends before it starts (issue 28: a copy's Meta flight became Apr 5 → Feb 7).
 */
export function followCampaignDate(
  flight: FlightDraft,
  field: 'startDate' | 'endDate',
  before: string,
  value: string,
): FlightDraft {
  if (flight[field] !== before) return flight;
  const moved = { ...flight, [field]: value };
  if (![flight.startDate, flight.endDate, value].every((day) => ISO_DAY.test(day))) return moved;
  if (flight.startDate > flight.endDate) return moved;
  const length = daysInclusive(flight.startDate, flight.endDate);
  if (field === 'startDate' && value > flight.endDate)
    return { ...flight, startDate: value, endDate: addDays(value, length - 1) };
  if (field === 'endDate' && value < flight.startDate)
    return { ...flight, startDate: addDays(value, -(length - 1)), endDate: value };
  return moved;
}

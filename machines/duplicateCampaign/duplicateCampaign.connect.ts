import type { SnapshotFrom } from 'xstate';
import type { DuplicateCampaignMachine } from './duplicateCampaign.machine';
import { formatDay, hasDates, previewOf } from './duplicateCampaign.rules';
import type { DatesMode, DuplicateCampaignEvent, ShiftUnit } from './duplicateCampaign.types';

export type DuplicateCampaignSnapshot = SnapshotFrom<DuplicateCampaignMachine>;

export type DuplicateCampaignPhase =
  | 'loading'
  | 'notFound'
  | 'loadFailed'
  | 'idle'
  | 'submitting'
  | 'succeeded';

/** Everything the duplicate dialog shows, derived from the machine's snapshot. */
export interface DuplicateCampaignView {
  phase: DuplicateCampaignPhase;
  /** The campaign's name, '' while loading or not found. */
  sourceName: string;
  name: string;
  nameError: string | null;
  /** Whether the dates can move (the campaign has dates): the "Shift dates by" / new start date choice. */
  canMoveDates: boolean;
  mode: DatesMode;
  shift: string;
  shiftUnit: ShiftUnit;
  newStart: string;
  /** The campaign's start date, as people read it ("Jan 5, 2027"), for the start date's hint. */
  currentStart: string;
  datesError: string | null;
  /** The copy's dates and the budget they draw on; null while the shift is not a number. */
  preview: { dates: string; budget: string } | null;
  formError: string | null;
  isSubmitting: boolean;
  isLocked: boolean;
  submitLabel: 'Duplicate' | 'Duplicating...';
  changeName: (value: string) => void;
  chooseMode: (mode: DatesMode) => void;
  changeShift: (value: string) => void;
  changeShiftUnit: (unit: ShiftUnit) => void;
  changeStart: (value: string) => void;
  submit: () => void;
  /** Cancel, Escape or a click outside (not while the copy is being made). */
  cancel: () => void;
  retry: () => void;
}

const PHASES = ['loading', 'notFound', 'loadFailed', 'idle', 'submitting', 'succeeded'] as const;

export function connectDuplicateCampaign(
  snapshot: DuplicateCampaignSnapshot,
  send: (event: DuplicateCampaignEvent) => void,
): DuplicateCampaignView {
  const { context } = snapshot;
  const phase = PHASES.find((state) => snapshot.matches(state))!;
  const isSubmitting = phase === 'submitting';
  const ready = phase === 'idle' || isSubmitting || phase === 'succeeded';
  return {
    phase,
    sourceName: context.source?.name ?? '',
    name: context.name,
    nameError: context.nameError,
    canMoveDates: hasDates(context.source),
    mode: context.mode,
    shift: context.shift,
    shiftUnit: context.shiftUnit,
    newStart: context.newStart,
    currentStart: context.source?.startDate ? formatDay(context.source.startDate) : '',
    datesError: context.datesError,
    preview: ready ? previewOf(context) : null,
    formError: context.formError,
    isSubmitting,
    isLocked: isSubmitting || phase === 'succeeded',
    submitLabel: isSubmitting ? 'Duplicating...' : 'Duplicate',
    changeName: (value) => send({ type: 'name.change', value }),
    chooseMode: (mode) => send({ type: 'dates.mode', mode }),
    changeShift: (value) => send({ type: 'shift.change', value }),
    changeShiftUnit: (unit) => send({ type: 'shift.unit', unit }),
    changeStart: (value) => send({ type: 'start.change', value }),
    submit: () => send({ type: 'modal.submit' }),
    cancel: () => send({ type: 'modal.cancel' }),
    retry: () => send({ type: 'modal.retry' }),
  };
}

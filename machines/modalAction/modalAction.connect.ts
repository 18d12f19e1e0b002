import type { SnapshotFrom } from 'xstate';
import type { ModalActionMachine } from './modalAction.machine';
import type { ModalActionKind } from './modalAction.types';

export type ModalActionSnapshot = SnapshotFrom<ModalActionMachine>;

export type ModalActionPhase = 'loading' | 'notFound' | 'loadFailed' | 'idle' | 'submitting' | 'succeeded';

/** Everything a modal shows, derived from the machine's snapshot. */
export interface ModalActionView {
  kind: ModalActionKind;
  phase: ModalActionPhase;
  /** The record's name, '' while loading or not found. */
  name: string;
  platformNames: string[];
  value: string;
  fieldError: string | null;
  businessError: string | null;
  isSubmitting: boolean;
  isLocked: boolean;
  submitLabel: string;
}

const LABELS: Record<ModalActionKind, readonly [idle: string, busy: string]> = {
  deleteCampaign: ['Delete', 'Deleting...'],
  duplicateCampaign: ['Duplicate', 'Duplicating...'],
  launchCampaign: ['Launch', 'Launching...'],
  pauseCampaign: ['Pause', 'Pausing...'],
  resumeCampaign: ['Resume', 'Resuming...'],
  deleteCustomer: ['Delete', 'Deleting...'],
};

export function connectModalAction(snapshot: ModalActionSnapshot): ModalActionView {
  const { kind, record, value, fieldError, businessError } = snapshot.context;
  const phase = (['loading', 'notFound', 'loadFailed', 'idle', 'submitting', 'succeeded'] as const).find(
    (state) => snapshot.matches(state),
  )!;
  // Also while the step-up dialog is open (stepUpConfirmation, invoked in submitting): the modal waits.
  const isSubmitting = phase === 'submitting';
  return {
    kind,
    phase,
    name: record?.name ?? '',
    platformNames: record?.platformNames ?? [],
    value,
    fieldError,
    businessError,
    isSubmitting,
    isLocked: isSubmitting || phase === 'succeeded',
    submitLabel: LABELS[kind][isSubmitting ? 1 : 0],
  };
}

import type { LaunchBlocker } from '@contract/campaigns';
import type { SnapshotFrom } from 'xstate';
import type { ModalActionMachine } from './modalAction.machine';
import type { ModalActionEvent, ModalActionKind } from './modalAction.types';

export type ModalActionSnapshot = SnapshotFrom<ModalActionMachine>;

export type ModalActionPhase = 'loading' | 'notFound' | 'loadFailed' | 'idle' | 'submitting' | 'succeeded';

/** Everything a modal shows, derived from the machine's snapshot. */
export interface ModalActionView {
  kind: ModalActionKind;
  phase: ModalActionPhase;
  /** The record's name, '' while loading or not found. */
  name: string;
  platformNames: string[];
  /** Launch only: why the campaign cannot launch now; the modal offers to finish the plan, not to launch. */
  launchBlocker: LaunchBlocker | null;
  businessError: string | null;
  isSubmitting: boolean;
  isLocked: boolean;
  submitLabel: string;
  submit: () => void;
  /** Cancel, Escape or a click outside. */
  cancel: () => void;
  /** “Try again” after a failed lookup. */
  retry: () => void;
}

const LABELS: Record<ModalActionKind, readonly [idle: string, busy: string]> = {
  deleteCampaign: ['Delete', 'Deleting...'],
  launchCampaign: ['Launch', 'Launching...'],
  pauseCampaign: ['Pause', 'Pausing...'],
  resumeCampaign: ['Resume', 'Resuming...'],
  deleteCustomer: ['Delete', 'Deleting...'],
};

export function connectModalAction(
  snapshot: ModalActionSnapshot,
  send: (event: ModalActionEvent) => void,
): ModalActionView {
  const { kind, record, businessError } = snapshot.context;
  const phase = (['loading', 'notFound', 'loadFailed', 'idle', 'submitting', 'succeeded'] as const).find(
    (state) => snapshot.matches(state),
  )!;
  const blocker = (kind === 'launchCampaign' && record?.launchBlocker) || null;
  // Also while the step-up dialog is open (stepUpConfirmation, invoked in submitting): the modal waits.
  const isSubmitting = phase === 'submitting';
  return {
    // A launch the server would refuse is not sent: the modal offers to finish the plan instead.
    submit: () => {
      if (!blocker) send({ type: 'modal.submit' });
    },
    cancel: () => send({ type: 'modal.cancel' }),
    retry: () => send({ type: 'modal.retry' }),
    kind,
    phase,
    name: record?.name ?? '',
    platformNames: record?.platformNames ?? [],
    launchBlocker: blocker,
    businessError,
    isSubmitting,
    isLocked: isSubmitting || phase === 'succeeded',
    submitLabel: LABELS[kind][isSubmitting ? 1 : 0],
  };
}

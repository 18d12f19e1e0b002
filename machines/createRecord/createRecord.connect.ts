import type { SnapshotFrom } from 'xstate';
import type { CreateRecordMachine } from './createRecord.machine';
import type { CreatedRecord } from './createRecord.types';

export type CreateRecordSnapshot = SnapshotFrom<CreateRecordMachine>;

/** Everything a create dialog shows, derived from the machine's snapshot. */
export interface CreateRecordView {
  name: string;
  fieldError: string | null;
  formError: string | null;
  isSubmitting: boolean;
  isLocked: boolean;
  /** The new record once created (the dialog switches to its "created" message), else null. */
  created: CreatedRecord | null;
  submitLabel: string;
}

export function connectCreateRecord(snapshot: CreateRecordSnapshot): CreateRecordView {
  const { name, fieldError, formError, created } = snapshot.context;
  const isSubmitting = snapshot.matches('submitting');
  const isDone = snapshot.matches('succeeded');
  return {
    name,
    fieldError,
    formError,
    isSubmitting,
    isLocked: isSubmitting || isDone,
    created: isDone ? created : null,
    submitLabel: isSubmitting ? 'Creating…' : 'Create',
  };
}

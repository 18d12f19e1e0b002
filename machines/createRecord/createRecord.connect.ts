import type { SnapshotFrom } from 'xstate';
import type { CreateRecordMachine } from './createRecord.machine';
import type { CreatedRecord, CreateRecordEvent } from './createRecord.types';

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
  changeName: (value: string) => void;
  submit: () => void;
}

export function connectCreateRecord(
  snapshot: CreateRecordSnapshot,
  send: (event: CreateRecordEvent) => void,
): CreateRecordView {
  const { name, fieldError, formError, created } = snapshot.context;
  const isSubmitting = snapshot.matches('submitting');
  const isDone = snapshot.matches('succeeded');
  return {
    changeName: (value) => send({ type: 'name.change', value }),
    submit: () => send({ type: 'form.submit' }),
    name,
    fieldError,
    formError,
    isSubmitting,
    isLocked: isSubmitting || isDone,
    created: isDone ? created : null,
    submitLabel: isSubmitting ? 'Creating…' : 'Create',
  };
}

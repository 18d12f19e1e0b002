import { assertEvent, assign, emit, fromPromise, setup } from 'xstate';
import { describeFailure } from '../shared/errors';
import type {
  CreatedRecord,
  CreateRecordContext,
  CreateRecordEmitted,
  CreateRecordEvent,
  CreateRecordInput,
} from './createRecord.types';

export const DEFAULT_NAME_MAX_LENGTH = 200;

/** The message for `name` (trimmed), or null when it is fine. */
export function validateName(
  name: string,
  context: Pick<CreateRecordContext, 'requiredMessage' | 'maxLength'>,
) {
  const value = name.trim();
  if (value === '') return context.requiredMessage;
  if (value.length > context.maxLength) return `Use at most ${context.maxLength} characters`;
  return null;
}

export const createRecordMachine = setup({
  types: {
    context: {} as CreateRecordContext,
    events: {} as CreateRecordEvent,
    input: {} as CreateRecordInput,
    emitted: {} as CreateRecordEmitted,
  },
  actors: {
    /** POSTs `{ name }` to the resource; `src/` provides it. Resolves with the new record. */
    createRecord: fromPromise<CreatedRecord, { name: string }>(async () => {
      throw new Error('not provided: createRecord');
    }),
  },
  guards: {
    isNameValid: ({ context }) => validateName(context.name, context) === null,
  },
  actions: {
    updateName: assign(({ event }) => {
      assertEvent(event, 'name.change');
      return { name: event.value, fieldError: null };
    }),
    showNameError: assign({ fieldError: ({ context }) => validateName(context.name, context) }),
    clearFormError: assign({ formError: null }),
    showServerError: assign((_, params: { error: unknown }) => {
      const failure = describeFailure(params.error, ['name'] as const);
      return { formError: failure.formError, fieldError: failure.fieldErrors.name ?? null };
    }),
    keepCreated: assign((_, params: { record: CreatedRecord }) => ({ created: params.record })),
    announceCreated: emit((_, params: { record: CreatedRecord }) => ({
      type: 'record.created' as const,
      record: params.record,
    })),
  },
}).createMachine({
  id: 'createRecord',
  description:
    'The “Create organization” and “Create account” dialogs: one name, checked before sending, then ' +
    'created on the server. Once created, the dialog offers to switch to the new record.',
  context: ({ input }) => ({
    name: '',
    fieldError: null,
    formError: null,
    created: null,
    requiredMessage: input.requiredMessage,
    maxLength: input.maxLength ?? DEFAULT_NAME_MAX_LENGTH,
  }),
  initial: 'editing',
  states: {
    editing: {
      description:
        'The person types a name. Pressing “Create” checks it: an empty name or one over 200 characters ' +
        'shows a message under the field and nothing is sent. Typing hides the message.',
      on: {
        'name.change': { actions: 'updateName' },
        'form.submit': [{ guard: 'isNameValid', target: 'submitting' }, { actions: 'showNameError' }],
      },
    },
    submitting: {
      description: 'The record is being created. The button reads “Creating…” and the field is locked.',
      entry: 'clearFormError',
      invoke: {
        id: 'createRecord',
        src: 'createRecord',
        input: ({ context }) => ({ name: context.name.trim() }),
        onDone: {
          target: 'succeeded',
          actions: [
            { type: 'keepCreated', params: ({ event }) => ({ record: event.output }) },
            { type: 'announceCreated', params: ({ event }) => ({ record: event.output }) },
          ],
        },
        onError: {
          target: 'failed',
          actions: { type: 'showServerError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    failed: {
      description:
        'The server refused (its message appears under the field when it names it, above the form ' +
        'otherwise) or could not be reached. Typing hides the message; “Create” retries.',
      on: {
        'name.change': { target: 'editing', actions: ['clearFormError', 'updateName'] },
        'form.submit': { target: 'submitting' },
      },
    },
    succeeded: {
      type: 'final',
      description:
        'Created. The dialog says so and offers to switch to the new record now (a full page load into ' +
        'it) or to close and stay where the person is; the list behind it already shows the new row.',
    },
  },
});

export type CreateRecordMachine = typeof createRecordMachine;

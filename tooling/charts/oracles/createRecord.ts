/** What each state of the create organization / account dialog promises (chart input: organization). */
import { connectCreateRecord } from '@machines/createRecord/createRecord.connect';
import { createRecordMachine } from '@machines/createRecord/createRecord.machine';
import { defineOracle, expectEqual, expectFields, expectThat } from '../oracle';

const REQUIRED = 'Enter an organization name';
const NETWORK = 'Could not reach the server. Check your connection and try again.';

export const createRecordOracle = defineOracle(createRecordMachine, {
  always: ({ context }) => {
    expectFields(context, { requiredMessage: REQUIRED, maxLength: 200 }, 'context');
  },
  events: {
    // Typing keeps the text as typed and hides the field's message.
    'name.change': ({ context, event }) => {
      expectFields(context, { name: event.value, fieldError: null }, 'context after typing');
    },
  },
  states: {
    editing: ({ snapshot, context, event, previous }) => {
      expectFields(
        connectCreateRecord(snapshot, () => {}),
        {
          isSubmitting: false,
          isLocked: false,
          created: null,
          formError: null,
          submitLabel: 'Create',
        },
      );
      if (event.type === 'form.submit') {
        // A rejected submit: the name is blank (the samples are '  ' and a fine name), nothing is sent.
        expectThat(context.name.trim() === '', `submit stayed in editing with the name "${context.name}"`);
        expectEqual(context.fieldError, REQUIRED, 'field message');
        expectEqual(context.name, previous?.context.name, 'name kept');
      }
    },
    submitting: ({ snapshot, context }) => {
      expectFields(
        connectCreateRecord(snapshot, () => {}),
        {
          isSubmitting: true,
          isLocked: true,
          created: null,
          formError: null,
          submitLabel: 'Creating…',
        },
      );
      const name = context.name.trim();
      expectThat(name !== '' && name.length <= 200, `sending the invalid name "${context.name}"`);
    },
    failed: ({ snapshot, event }) => {
      const error = event.error as { validationErrors?: { name?: { message: string } }; message: string };
      const byField = error instanceof Error ? undefined : error.validationErrors?.name?.message;
      expectFields(
        connectCreateRecord(snapshot, () => {}),
        {
          isSubmitting: false,
          isLocked: false,
          created: null,
          submitLabel: 'Create',
          // A refusal naming the field says it under the field; no answer at all says so above the form.
          fieldError: byField ?? null,
          formError: byField ? null : error instanceof Error ? NETWORK : error.message,
        },
      );
    },
    succeeded: ({ snapshot, event, emitted }) => {
      const record = event.output;
      expectEqual(snapshot.status, 'done', 'status');
      expectFields(
        connectCreateRecord(snapshot, () => {}),
        { created: record, isLocked: true, isSubmitting: false },
      );
      expectEqual(emitted, [{ type: 'record.created', record }], 'emitted');
    },
  },
});

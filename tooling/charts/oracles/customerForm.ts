/** What each state of the create / rename customer dialog promises. */
import { connectCustomerForm } from '@machines/customerForm/customerForm.connect';
import { customerFormMachine } from '@machines/customerForm/customerForm.machine';
import { defineOracle, expectEqual, expectFields, expectThat } from '../oracle';
import { fieldMessage, formMessage, sentBy } from './shared';

const TOO_LONG = 'Use at most 200 characters';
const titleOf = (rename: boolean) => (rename ? 'Rename customer' : 'Create customer');

export const customerFormOracle = defineOracle(customerFormMachine, {
  events: {
    // Opening a dialog starts from an empty form for that customer (or a new one).
    'route.enter': ({ context, event }) => {
      expectEqual(context.customerId, event.customerId, 'customer');
      expectFields(context, { fieldError: null, formError: null }, 'fresh form');
    },
    'name.change': ({ context, event }) => {
      expectFields(context, { name: event.value, fieldError: null }, 'typing');
    },
  },
  states: {
    closed: ({ snapshot, context, event, emitted }) => {
      expectEqual(connectCustomerForm(snapshot, () => {}).phase, 'closed', 'phase');
      expectFields(
        connectCustomerForm(snapshot, () => {}),
        { isOpen: false },
      );
      expectEqual(context, { customerId: null, name: '', fieldError: null, formError: null }, 'context');
      // Cancel asks the page to close the dialog; the URL leaving it needs no telling.
      expectEqual(emitted, event.type === 'modal.cancel' ? [{ type: 'modal.close' }] : [], 'emitted');
    },
    'open.loading': ({ snapshot, context }) => {
      expectThat(context.customerId !== null, 'loading a customer to create');
      expectFields(
        connectCustomerForm(snapshot, () => {}),
        {
          phase: 'loading',
          isOpen: true,
          isRename: true,
          title: 'Rename customer',
          formError: null,
          fieldError: null,
        },
      );
    },
    'open.notFound': ({ snapshot, event }) => {
      const notFound =
        (event.type === 'xstate.done.actor.loadCustomer' && event.output === null) ||
        (event.type === 'xstate.error.actor.loadCustomer' &&
          (event.error as { status?: number }).status === 404);
      expectThat(notFound, `${event.type} shown as not found`);
      expectFields(
        connectCustomerForm(snapshot, () => {}),
        { phase: 'notFound', isOpen: true, isRename: true },
      );
    },
    'open.loadFailed': ({ snapshot, event }) => {
      // “Try again” asks again.
      expectEqual(
        sentBy(
          (send) => connectCustomerForm(snapshot, send),
          (shown) => shown.retry(),
        ),
        [{ type: 'modal.retry' }],
        'Try again sends',
      );
      expectFields(
        connectCustomerForm(snapshot, () => {}),
        {
          phase: 'loadFailed',
          isRename: true,
          formError: formMessage(event.error),
        },
      );
    },
    'open.editing': ({ snapshot, context, event, previous }) => {
      const rename = context.customerId !== null;
      expectFields(
        connectCustomerForm(snapshot, () => {}),
        {
          phase: 'editing',
          isOpen: true,
          isRename: rename,
          title: titleOf(rename),
          isSubmitting: false,
          isLocked: false,
          submitLabel: rename ? 'Save' : 'Create customer',
        },
      );
      if (event.type === 'xstate.done.actor.loadCustomer')
        expectEqual(context.name, (event.output as { name: string }).name, 'prefilled name');
      if (event.type === 'route.enter') expectEqual(context.name, '', 'name of a new customer');
      if (event.type === 'form.submit') {
        // Only the length is checked (an empty name is allowed): nothing is sent.
        expectThat(context.name.trim().length > 200, 'a fine name was not sent');
        expectEqual(context.fieldError, TOO_LONG, 'field message');
        expectEqual(context.name, previous?.context.name, 'name kept');
      }
      if (event.type === 'xstate.error.actor.saveCustomer') {
        const field = fieldMessage(event.error, 'name');
        expectFields(context, {
          fieldError: field ?? null,
          formError: field ? null : formMessage(event.error),
        });
        expectEqual(context.name, previous?.context.name, 'name kept');
      }
    },
    'open.submitting': ({ snapshot, context }) => {
      const rename = context.customerId !== null;
      expectThat(context.name.trim().length <= 200, 'sending a name over 200 characters');
      expectFields(
        connectCustomerForm(snapshot, () => {}),
        {
          phase: 'editing',
          isSubmitting: true,
          isLocked: true,
          submitLabel: rename ? 'Saving...' : 'Creating...',
          fieldError: null,
          formError: null,
        },
      );
    },
    succeeded: ({ snapshot, context, emitted }) => {
      const flag = context.customerId === null ? 'customerCreated' : 'customerRenamed';
      expectEqual(emitted, [{ type: 'modal.succeeded', flag }], 'emitted');
      expectFields(
        connectCustomerForm(snapshot, () => {}),
        { isLocked: true, isSubmitting: false },
      );
    },
  },
});

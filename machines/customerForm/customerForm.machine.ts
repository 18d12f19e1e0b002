import { assertEvent, assign, emit, fromPromise, setup } from 'xstate';
import { describeFailure, isServerFailure } from '../shared/errors';
import { errorParams, type LoadDone, loadStates } from '../shared/loadStates';
import {
  CUSTOMER_FORM_FLAGS,
  CUSTOMER_NAME_MAX_LENGTH,
  type CustomerFormContext,
  type CustomerFormEmitted,
  type CustomerFormEvent,
  type CustomerFormRecord,
  type SaveCustomerInput,
} from './customerForm.types';

/** The message under the name field, or null: an empty name is allowed (the spec says it may be empty). */
export function validateCustomerName(name: string): string | null {
  return name.trim().length > CUSTOMER_NAME_MAX_LENGTH
    ? `Use at most ${CUSTOMER_NAME_MAX_LENGTH} characters`
    : null;
}

/** Field message (validationErrors.name or a businessError) and form message (anything else). */
export function describeSaveFailure(error: unknown): Pick<CustomerFormContext, 'fieldError' | 'formError'> {
  const failure = describeFailure(error, ['name'] as const);
  const business = isServerFailure(error) ? (error.businessError?.message ?? null) : null;
  const fieldError = failure.fieldErrors.name ?? business;
  return { fieldError, formError: fieldError ? null : failure.formError };
}

const EMPTY = { name: '', fieldError: null, formError: null } as const;

export const customerFormMachine = setup({
  types: {
    context: {} as CustomerFormContext,
    events: {} as CustomerFormEvent,
    emitted: {} as CustomerFormEmitted,
  },
  actors: {
    /** Looks the customer up for the rename dialog; `src/` provides it. Resolves null when it does not exist. */
    loadCustomer: fromPromise<CustomerFormRecord | null, { customerId: string }>(async () => {
      throw new Error('not provided: loadCustomer');
    }),
    /** POSTs a new customer or PATCHes the name; `src/` provides it. Rejects with the server's refusal. */
    saveCustomer: fromPromise<unknown, SaveCustomerInput>(async () => {
      throw new Error('not provided: saveCustomer');
    }),
  },
  guards: {
    isRename: ({ event }) => event.type === 'route.enter' && event.customerId !== null,
    hasRecord: (_, params: { record: CustomerFormRecord | null }) => params.record !== null,
    isNotFoundError: (_, params: { error: unknown }) =>
      isServerFailure(params.error) && params.error.status === 404,
    isNameValid: ({ context }) => validateCustomerName(context.name) === null,
  },
  actions: {
    open: assign(({ event }) => {
      assertEvent(event, 'route.enter');
      return { customerId: event.customerId, ...EMPTY };
    }),
    reset: assign({ customerId: null, ...EMPTY }),
    prefillName: assign((_, params: { record: CustomerFormRecord | null }) => ({
      name: params.record?.name ?? '',
    })),
    showLoadError: assign((_, params: { error: unknown }) => ({
      formError: describeFailure(params.error, []).formError,
    })),
    clearErrors: assign({ fieldError: null, formError: null }),
    updateName: assign(({ event }) => {
      assertEvent(event, 'name.change');
      return { name: event.value, fieldError: null };
    }),
    showNameError: assign({ fieldError: ({ context }) => validateCustomerName(context.name) }),
    showSaveError: assign((_, params: { error: unknown }) => describeSaveFailure(params.error)),
    announceSuccess: emit(({ context }) => ({
      type: 'modal.succeeded' as const,
      flag: context.customerId === null ? CUSTOMER_FORM_FLAGS.create : CUSTOMER_FORM_FLAGS.rename,
    })),
    announceClose: emit({ type: 'modal.close' as const }),
  },
}).createMachine({
  id: 'customerForm',
  description:
    'The “Create customer” and “Rename customer” dialogs of /customers, opened by query parameters ' +
    '(?modal=create-customer, ?renameCustomer=true&customerId=…): one name field (it may stay empty), ' +
    'saved on the server; closing removes the parameters, success tells the page.',
  context: { customerId: null, ...EMPTY },
  initial: 'closed',
  on: {
    'route.enter': [
      { guard: 'isRename', target: '.open.loading', actions: 'open' },
      { target: '.open.editing', actions: 'open' },
    ],
    'route.leave': { target: '.closed', actions: 'reset' },
  },
  states: {
    closed: {
      description: 'No customer dialog is open.',
    },
    open: {
      description: 'The dialog is on screen. Cancel, Escape or a click outside closes it in any phase.',
      initial: 'editing',
      on: {
        'modal.cancel': { target: 'closed', actions: ['reset', 'announceClose'] },
      },
      states: {
        ...loadStates({
          actor: 'loadCustomer',
          input: (context: CustomerFormContext) => ({ customerId: context.customerId ?? '' }),
          names: { failed: 'loadFailed' },
          descriptions: {
            loading: 'Rename: the customer named in the URL is being looked up; the dialog says “Loading…”.',
            failed: 'The lookup got no usable answer: the message is shown with “Try again” and Cancel.',
          },
          onDone: [
            {
              guard: {
                type: 'hasRecord',
                params: ({ event }: LoadDone<CustomerFormRecord | null>) => ({ record: event.output }),
              },
              target: 'editing',
              actions: {
                type: 'prefillName',
                params: ({ event }: LoadDone<CustomerFormRecord | null>) => ({ record: event.output }),
              },
            },
            { target: 'notFound' },
          ],
          notFound: {
            guard: { type: 'isNotFoundError', params: errorParams },
            description:
              'Nothing has that id: “Sorry, we couldn’t find that customer.” with a Cancel button only.',
          },
          failAction: { type: 'showLoadError', params: errorParams },
          retry: { event: 'modal.retry', actions: 'clearErrors' },
        }),
        editing: {
          description:
            'The name field (empty for a new customer, the current name for a rename). It may stay empty — the ' +
            'customer is then shown as “Unnamed customer” — and is trimmed before saving; over 200 characters ' +
            'shows a message under the field and nothing is sent. A refusal from the server appears under the ' +
            'field (or above the buttons when it names no field); typing hides the field message.',
          on: {
            'name.change': { actions: 'updateName' },
            'form.submit': [{ guard: 'isNameValid', target: 'submitting' }, { actions: 'showNameError' }],
          },
        },
        submitting: {
          description:
            'The server creates the customer (POST /api/customers) or renames it (PATCH /api/customers/:id). ' +
            'The button reads “Creating...” or “Saving...” and the field is locked.',
          entry: 'clearErrors',
          invoke: {
            id: 'saveCustomer',
            src: 'saveCustomer',
            input: ({ context }) => ({ customerId: context.customerId, name: context.name.trim() }),
            onDone: { target: '#customerForm.succeeded' },
            onError: {
              target: 'editing',
              actions: { type: 'showSaveError', params: ({ event }) => ({ error: event.error }) },
            },
          },
        },
      },
    },
    succeeded: {
      description:
        'Saved: the page sets customerCreated or customerRenamed to true in the URL and closes the dialog; ' +
        'the table refreshes once and a toast confirms.',
      entry: 'announceSuccess',
    },
  },
});

export type CustomerFormMachine = typeof customerFormMachine;

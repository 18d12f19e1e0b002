import { emit, fromPromise, setup } from 'xstate';
import { describeFailure } from '../shared/errors';
import { formSubmitSetup, formSubmitStates } from '../shared/formSubmit';
import { all, isValidEmail, maxLength, minLength, required, validateFields } from '../shared/validation';
import {
  SIGN_UP_FIELDS,
  type SignUpContext,
  type SignUpEmitted,
  type SignUpEvent,
  type SignUpField,
  type SignUpInput,
  type SignUpOutput,
  type SignUpRequest,
} from './signUp.types';

const rules = {
  email: isValidEmail,
  password: all(
    required('Enter a password'),
    minLength(8, 'Use at least 8 characters'),
    maxLength(1024, 'Use at most 1024 characters'),
  ),
  firstName: maxLength(100, 'Use at most 100 characters'),
  lastName: maxLength(100, 'Use at most 100 characters'),
};

const form = formSubmitSetup<SignUpContext, SignUpEvent>({
  validate: (values) => validateFields<SignUpField>(values, rules),
  showServerError: (error) => {
    const failure = describeFailure(error, SIGN_UP_FIELDS);
    return { formError: failure.formError, fieldErrors: failure.fieldErrors, failureStatus: failure.status };
  },
  clearFailure: { failureStatus: null },
});

export const signUpMachine = setup({
  types: {
    context: {} as SignUpContext,
    events: {} as SignUpEvent,
    input: {} as SignUpInput,
    emitted: {} as SignUpEmitted,
    output: {} as SignUpOutput,
  },
  actors: {
    /** Creates the account (and its session); `src/` provides it. Rejects with a `ServerFailure` or a network error. */
    signUp: fromPromise<unknown, SignUpRequest>(async () => {
      throw new Error('not provided: signUp');
    }),
  },
  guards: form.guards,
  actions: {
    ...form.actions,
    requestNavigation: emit(({ context }) => ({ type: 'navigate' as const, to: context.returnUrl })),
  },
}).createMachine({
  id: 'signUp',
  description:
    'Creating an account with an e-mail address and a password (first and last name are optional). ' +
    'The person is signed in as soon as the account exists.',
  context: ({ input }) => ({
    values: { email: input?.email ?? '', password: '', firstName: '', lastName: '' },
    fieldErrors: {},
    formError: null,
    failureStatus: null,
    returnUrl: input?.returnUrl ?? '/',
  }),
  initial: 'editing',
  states: formSubmitStates({
    actor: 'signUp',
    input: (context: SignUpContext): SignUpRequest => ({
      email: context.values.email.trim(),
      password: context.values.password,
      firstName: context.values.firstName.trim(),
      lastName: context.values.lastName.trim(),
    }),
    edits: { 'field.change': 'updateField' },
    succeededEntry: 'requestNavigation',
    descriptions: {
      editing:
        'The person fills in the form. Pressing “Create account” checks the fields: the e-mail address ' +
        'must look like one and the password needs at least 8 characters. Problems are shown next to ' +
        'each field and nothing is sent. Editing a field hides its message.',
      submitting:
        'The account is being created. The button reads “Creating account…” and the fields are locked.',
      failed:
        'The server refused or could not be reached. An e-mail address that already has an account is ' +
        'flagged next to the e-mail field; other problems are shown above the form. Editing a field ' +
        'hides its message; pressing “Create account” again retries.',
      succeeded: 'The account exists and the person is signed in; they are taken on into the app.',
    },
  }),
  output: ({ context }) => ({ returnUrl: context.returnUrl }),
});

export type SignUpMachine = typeof signUpMachine;

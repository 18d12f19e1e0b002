import { assign, emit, fromPromise, setup } from 'xstate';
import { describeFailure } from '../shared/errors';
import { formSubmitSetup, formSubmitStates } from '../shared/formSubmit';
import { isValidEmail, required, validateFields } from '../shared/validation';
import {
  federateUrl,
  SIGN_IN_FIELDS,
  type SignInContext,
  type SignInCredentials,
  type SignInEmitted,
  type SignInEvent,
  type SignInField,
  type SignInInput,
  type SignInOutput,
} from './signIn.types';

const rules = {
  email: isValidEmail,
  password: required('Enter your password'),
};

const form = formSubmitSetup<SignInContext, SignInEvent>({
  validate: (values) => validateFields<SignInField>(values, rules),
  showServerError: (error) => {
    const failure = describeFailure(error, SIGN_IN_FIELDS);
    return { formError: failure.formError, fieldErrors: failure.fieldErrors, failureStatus: failure.status };
  },
  clearFailure: { failureStatus: null },
});

export const signInMachine = setup({
  types: {
    context: {} as SignInContext,
    events: {} as SignInEvent,
    input: {} as SignInInput,
    emitted: {} as SignInEmitted,
    output: {} as SignInOutput,
  },
  actors: {
    /** Sends the credentials to the API; `src/` provides it. Rejects with a `ServerFailure` or a network error. */
    signIn: fromPromise<unknown, SignInCredentials>(async () => {
      throw new Error('not provided: signIn');
    }),
  },
  guards: {
    ...form.guards,
    hasValidEmail: ({ context }) => isValidEmail(context.values.email.trim()) === undefined,
  },
  actions: {
    ...form.actions,
    requestNavigation: emit(({ context }) => ({ type: 'navigate' as const, to: context.returnUrl })),
    requestFederation: emit(({ context }) => ({
      type: 'federate' as const,
      to: federateUrl(context.values.email),
    })),
    showSsoEmailError: assign(({ context }) => ({
      fieldErrors: { ...context.fieldErrors, email: isValidEmail(context.values.email.trim()) ?? undefined },
      formError: null,
      failureStatus: null,
    })),
  },
}).createMachine({
  id: 'signIn',
  description:
    'Signing in with an e-mail address and a password. The form checks the fields before asking the ' +
    'server, shows the server’s answer when it refuses, and sends the person on once signed in.',
  context: ({ input }) => ({
    values: { email: input?.email ?? '', password: '' },
    fieldErrors: {},
    formError: input?.ssoError ?? null,
    failureStatus: null,
    returnUrl: input?.returnUrl ?? '/',
  }),
  initial: 'editing',
  states: withSingleSignOn(
    formSubmitStates({
      actor: 'signIn',
      input: (context: SignInContext): SignInCredentials => ({
        email: context.values.email.trim(),
        password: context.values.password,
      }),
      edits: { 'field.change': 'updateField' },
      succeededEntry: 'requestNavigation',
      descriptions: {
        editing:
          'The person types their e-mail address and password. Pressing “Sign in” checks both fields: ' +
          'a missing or malformed value shows a message next to that field and nothing is sent. ' +
          'Editing a field hides its message.',
        submitting:
          'The credentials are on their way to the server. The button reads “Signing in…” and the ' +
          'fields are locked until the server answers.',
        failed:
          'The server refused (for example a wrong password, or too many attempts) or could not be ' +
          'reached. Its message is shown above the form. Editing a field hides the message; pressing ' +
          '“Sign in” again retries.',
        succeeded: 'Signed in. The person is taken to the page they asked for (the home page by default).',
      },
    }),
  ),
  output: ({ context }) => ({ returnUrl: context.returnUrl }),
});

/**
 * “Sign in with single sign-on” from the form (while editing, or after a refusal): with a valid e-mail address
 * the browser leaves for the server's `/auth/federate`; without one, the address's message shows.
 */
function withSingleSignOn<T extends { editing: { on: object }; failed: { on: object } }>(states: T) {
  const start = [
    { guard: 'hasValidEmail' as const, target: 'federating' as const },
    { target: 'editing' as const, actions: 'showSsoEmailError' as const },
  ];
  return {
    ...states,
    editing: { ...states.editing, on: { ...states.editing.on, 'sso.start': start } },
    // After a refusal the address is the one just sent, which the form accepted.
    failed: { ...states.failed, on: { ...states.failed.on, 'sso.start': start[0] } },
    federating: {
      type: 'final' as const,
      description:
        'The person chose “Sign in with single sign-on” with a valid e-mail address. The browser goes to the ' +
        'server, which sends it to their organization’s identity provider (or back here, saying why not).',
      entry: 'requestFederation' as const,
    },
  };
}

export type SignInMachine = typeof signInMachine;

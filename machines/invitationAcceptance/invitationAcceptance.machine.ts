import {
  type LoginRequest,
  LoginRequestSchema,
  type SignupRequest,
  SignupRequestSchema,
} from '@contract/auth';
import type { InvitationPreview } from '@contract/team';
import { assertEvent, assign, emit, fromPromise, setup } from 'xstate';
import { isServerFailure, NETWORK_ERROR_MESSAGE } from '../shared/errors';
import { schemaFieldErrors } from '../shared/validation';
import type {
  InvitationAcceptanceContext,
  InvitationAcceptanceEmitted,
  InvitationAcceptanceEvent,
  InvitationAcceptanceInput,
  InvitationField,
} from './invitationAcceptance.types';

const FIELDS: readonly InvitationField[] = ['firstName', 'lastName', 'password'];
const invitedEmail = (context: InvitationAcceptanceContext) =>
  context.preview?.status === 'pending' ? context.preview.email : '';

export const signUpRequestOf = (context: InvitationAcceptanceContext): SignupRequest => ({
  email: invitedEmail(context),
  password: context.values.password,
  firstName: context.values.firstName.trim(),
  lastName: context.values.lastName.trim(),
});
export const signInRequestOf = (context: InvitationAcceptanceContext): LoginRequest => ({
  email: invitedEmail(context),
  password: context.values.password,
});

export const FIRST_NAME_MESSAGE = 'Enter your first name';
export const LAST_NAME_MESSAGE = 'Enter your last name';

/**
 * The contract's sign-up schema, and the names: the server skips onboarding for an invited person with a
 * first and last name (they have no organization of their own to create), so this form asks for both.
 */
function signUpErrors(context: InvitationAcceptanceContext) {
  const errors = schemaFieldErrors(SignupRequestSchema, signUpRequestOf(context), FIELDS);
  if (!errors.firstName && context.values.firstName.trim() === '') errors.firstName = FIRST_NAME_MESSAGE;
  if (!errors.lastName && context.values.lastName.trim() === '') errors.lastName = LAST_NAME_MESSAGE;
  return errors;
}
const signInErrors = (context: InvitationAcceptanceContext) =>
  schemaFieldErrors(LoginRequestSchema, signInRequestOf(context), FIELDS);

/** A refusal: under the field it names, else above the form; no answer is the network message. */
function refusal(error: unknown): Pick<InvitationAcceptanceContext, 'fieldErrors' | 'formError'> {
  if (!isServerFailure(error)) return { fieldErrors: {}, formError: NETWORK_ERROR_MESSAGE };
  const fieldErrors: Partial<Record<InvitationField, string>> = {};
  for (const field of FIELDS) {
    const message = error.validationErrors?.[field]?.message;
    if (message) fieldErrors[field] = message;
  }
  return Object.keys(fieldErrors).length > 0
    ? { fieldErrors, formError: null }
    : { fieldErrors, formError: error.businessError?.message ?? error.message };
}

export const invitationAcceptanceMachine = setup({
  types: {
    context: {} as InvitationAcceptanceContext,
    events: {} as InvitationAcceptanceEvent,
    input: {} as InvitationAcceptanceInput,
    emitted: {} as InvitationAcceptanceEmitted,
  },
  actors: {
    /** GET /api/invitations/{token} (public); `src/` provides it. */
    loadPreview: fromPromise<InvitationPreview, { token: string }>(async () => {
      throw new Error('not provided: loadPreview');
    }),
    /** POST /api/auth/signup with the invited address; `src/` provides it. */
    signUp: fromPromise<unknown, SignupRequest>(async () => {
      throw new Error('not provided: signUp');
    }),
    /** POST /api/auth/login with the invited address; `src/` provides it. */
    signIn: fromPromise<unknown, LoginRequest>(async () => {
      throw new Error('not provided: signIn');
    }),
    /** POST /api/invitations/{token}/accept as the signed-in user; `src/` provides it. */
    accept: fromPromise<unknown, { token: string }>(async () => {
      throw new Error('not provided: accept');
    }),
    /** POST /api/auth/logout; `src/` provides it. */
    signOut: fromPromise<unknown>(async () => {
      throw new Error('not provided: signOut');
    }),
  },
  guards: {
    isEnded: ({ context }) => context.preview !== null && context.preview.status !== 'pending',
    isSignedInAsInvited: ({ context }) =>
      context.signedInEmail !== null &&
      context.signedInEmail.toLowerCase() === invitedEmail(context).toLowerCase(),
    isSignedInAsAnother: ({ context }) => context.signedInEmail !== null,
    hasAccount: ({ context }) => context.preview?.status === 'pending' && context.preview.hasAccount,
    isNotFound: (_, params: { error: unknown }) =>
      isServerFailure(params.error) && params.error.status === 404,
    isSignUpValid: ({ context }) => Object.keys(signUpErrors(context)).length === 0,
    isSignInValid: ({ context }) => Object.keys(signInErrors(context)).length === 0,
  },
  actions: {
    keepPreview: assign((_, params: { preview: InvitationPreview }) => ({ preview: params.preview })),
    showLoadError: assign((_, params: { error: unknown }) => ({
      loadError: isServerFailure(params.error) ? params.error.message : NETWORK_ERROR_MESSAGE,
    })),
    changeField: assign(({ context, event }) => {
      assertEvent(event, 'field.change');
      const { [event.field]: _, ...fieldErrors } = context.fieldErrors;
      return { values: { ...context.values, [event.field]: event.value }, fieldErrors, formError: null };
    }),
    showSignUpErrors: assign(({ context }) => ({ fieldErrors: signUpErrors(context), formError: null })),
    showSignInErrors: assign(({ context }) => ({ fieldErrors: signInErrors(context), formError: null })),
    showRefusal: assign((_, params: { error: unknown }) => refusal(params.error)),
    clearErrors: assign({ fieldErrors: {}, formError: null }),
    becomeSignedIn: assign(({ context }) => ({
      signedInEmail: invitedEmail(context),
      values: { firstName: '', lastName: '', password: '' },
    })),
    becomeSignedOut: assign({ signedInEmail: null, fieldErrors: {}, formError: null }),
    openApp: emit({ type: 'navigate' as const, to: '/', fullPage: true as const }),
    announceSignOut: emit({ type: 'session.changed' as const }),
  },
}).createMachine({
  id: 'invitationAcceptance',
  description:
    'The page an invitation e-mail links to (/auth/invitation/{token}). It says who invited the person to ' +
    'which organization, as what; a new address signs up, an existing one signs in, then joins. A link ' +
    'that expired, was withdrawn or was used says so.',
  context: ({ input }) => ({
    ...input,
    preview: null,
    values: { firstName: '', lastName: '', password: '' },
    fieldErrors: {},
    formError: null,
    loadError: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      description: 'Asking what the link is for and whether it still works.',
      invoke: {
        id: 'loadPreview',
        src: 'loadPreview',
        input: ({ context }) => ({ token: context.token }),
        onDone: {
          target: 'deciding',
          actions: { type: 'keepPreview', params: ({ event }) => ({ preview: event.output }) },
        },
        onError: [
          {
            guard: { type: 'isNotFound', params: ({ event }) => ({ error: event.error }) },
            target: 'notFound',
          },
          {
            target: 'loadFailed',
            actions: { type: 'showLoadError', params: ({ event }) => ({ error: event.error }) },
          },
        ],
      },
    },
    deciding: {
      description: 'Which way in: by who is signed in and whether the address has an account. Takes no time.',
      always: [
        { guard: 'isEnded', target: 'ended' },
        { guard: 'isSignedInAsInvited', target: 'joining' },
        { guard: 'isSignedInAsAnother', target: 'wrongAddress' },
        { guard: 'hasAccount', target: 'signingIn' },
        { target: 'signingUp' },
      ],
    },
    loadFailed: {
      description:
        'The link could not be checked (no connection, or a server error): the reason and “Try again”.',
      on: { retry: 'loading' },
    },
    notFound: {
      description: 'No invitation has this link (mistyped, or cut short): the page says so.',
    },
    ended: {
      description:
        'The invitation expired, was withdrawn or was already used: the page says which, and what to do.',
    },
    signingUp: {
      description:
        'A new address: first name, last name (both needed: with them the person has nothing left to set ' +
        'up) and a password; the invited e-mail is shown and cannot be changed. Create account signs up, ' +
        'then joins.',
      on: {
        'field.change': { actions: 'changeField' },
        'form.submit': [
          { guard: 'isSignUpValid', target: 'creatingAccount', actions: 'clearErrors' },
          { actions: 'showSignUpErrors' },
        ],
      },
    },
    creatingAccount: {
      description: 'Creating the account with the invited address (which signs the person in).',
      invoke: {
        id: 'signUp',
        src: 'signUp',
        input: ({ context }) => signUpRequestOf(context),
        onDone: { target: 'accepting', actions: 'becomeSignedIn' },
        onError: {
          target: 'signingUp',
          actions: { type: 'showRefusal', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    signingIn: {
      description: 'An address with an account: its password (the e-mail is fixed). Sign in, then join.',
      on: {
        'field.change': { actions: 'changeField' },
        'form.submit': [
          { guard: 'isSignInValid', target: 'authenticating', actions: 'clearErrors' },
          { actions: 'showSignInErrors' },
        ],
      },
    },
    authenticating: {
      description: 'Signing in with the invited address and the password.',
      invoke: {
        id: 'signIn',
        src: 'signIn',
        input: ({ context }) => signInRequestOf(context),
        onDone: { target: 'accepting', actions: 'becomeSignedIn' },
        onError: {
          target: 'signingIn',
          actions: { type: 'showRefusal', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    joining: {
      description: 'Signed in with the invited address: “Join <organization>”.',
      on: { 'invitation.join': { target: 'accepting', actions: 'clearErrors' } },
    },
    wrongAddress: {
      description:
        'Signed in with another address: the invitation is refused for it, with the invited address and ' +
        'Sign out.',
      on: { 'session.signOut': 'signingOut' },
    },
    signingOut: {
      description: 'Signing out, so the invited address can sign in or up.',
      invoke: {
        id: 'signOut',
        src: 'signOut',
        onDone: { target: 'deciding', actions: ['becomeSignedOut', 'announceSignOut'] },
        onError: {
          target: 'wrongAddress',
          actions: { type: 'showRefusal', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    accepting: {
      description: 'Joining the organization: the session moves into it.',
      invoke: {
        id: 'accept',
        src: 'accept',
        input: ({ context }) => ({ token: context.token }),
        onDone: 'accepted',
        onError: {
          target: 'joining',
          actions: { type: 'showRefusal', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    accepted: {
      description: 'Joined: the app opens (a member of several accounts first chooses one).',
      entry: 'openApp',
    },
  },
});

export type InvitationAcceptanceMachine = typeof invitationAcceptanceMachine;

import { emit, fromPromise, setup } from 'xstate';
import { describeFailure, isServerFailure } from '../shared/errors';
import { formSubmitSetup, formSubmitStates } from '../shared/formSubmit';
import { all, maxLength, required, validateFields } from '../shared/validation';
import {
  ONBOARDING_FIELDS,
  type OnboardingContext,
  type OnboardingEmitted,
  type OnboardingEvent,
  type OnboardingField,
  type OnboardingInput,
  type OnboardingRequest,
} from './onboarding.types';

/** Lengths are checked on the trimmed value, as the server does. */
const trimmed =
  (validator: (value: string) => string | undefined) =>
  (value: string): string | undefined =>
    validator(value.trim());

export const ONBOARDING_RULES = {
  firstName: trimmed(all(required('Enter your first name'), maxLength(100, 'Use at most 100 characters'))),
  lastName: trimmed(all(required('Enter your last name'), maxLength(100, 'Use at most 100 characters'))),
  organizationName: trimmed(
    all(required('Enter a name for your organization'), maxLength(200, 'Use at most 200 characters')),
  ),
  accountName: trimmed(
    all(required('Enter a name for your first account'), maxLength(200, 'Use at most 200 characters')),
  ),
};

const form = formSubmitSetup<OnboardingContext, OnboardingEvent>({
  validate: (values) => validateFields<OnboardingField>(values, ONBOARDING_RULES),
  showServerError: (error) => {
    const { formError, fieldErrors } = describeFailure(error, ONBOARDING_FIELDS);
    return { formError, fieldErrors };
  },
});

const requestOf = (values: OnboardingContext['values']): OnboardingRequest => ({
  firstName: values.firstName.trim(),
  lastName: values.lastName.trim(),
  organizationName: values.organizationName.trim(),
  accountName: values.accountName.trim(),
});

export const onboardingMachine = setup({
  types: {
    context: {} as OnboardingContext,
    events: {} as OnboardingEvent,
    input: {} as OnboardingInput,
    emitted: {} as OnboardingEmitted,
  },
  actors: {
    /** POST /api/onboarding; `src/` provides it. Rejects with a `ServerFailure` or a network error. */
    completeOnboarding: fromPromise<unknown, OnboardingRequest>(async () => {
      throw new Error('not provided: completeOnboarding');
    }),
  },
  guards: {
    ...form.guards,
    /** 409 ALREADY_ONBOARDED: the workspace exists (another tab finished first). */
    isAlreadyOnboarded: (_, params: { error: unknown }) =>
      isServerFailure(params.error) && params.error.errorCode === 'ALREADY_ONBOARDED',
  },
  actions: {
    ...form.actions,
    announceWorkspace: emit({ type: 'workspace.ready' as const, to: '/' }),
  },
}).createMachine({
  id: 'onboarding',
  description:
    'A new user sets up their workspace: their name, their organization (agency) and its first account ' +
    '(a client or brand). The server creates both and moves the session into them; the app then opens.',
  context: ({ input }) => ({
    values: {
      firstName: input?.firstName ?? '',
      lastName: input?.lastName ?? '',
      organizationName: '',
      accountName: '',
    },
    fieldErrors: {},
    formError: null,
  }),
  initial: 'editing',
  states: formSubmitStates({
    actor: 'completeOnboarding',
    input: (context: OnboardingContext) => requestOf(context.values),
    edits: { 'field.change': 'updateField' },
    // 409 ALREADY_ONBOARDED: the workspace exists (another tab finished first), so carry on into it.
    refusalIsSuccess: 'isAlreadyOnboarded',
    succeededEntry: 'announceWorkspace',
    descriptions: {
      editing:
        'The person fills in “Set up your workspace”: first name, last name, organization name and the ' +
        'first account’s name, all required. Pressing “Continue” checks them; a missing or too long value ' +
        'shows a message under that field and nothing is sent. Editing a field hides its message.',
      submitting:
        'The workspace is being created. The button reads “Setting up…” and the fields are locked until ' +
        'the server answers.',
      failed:
        'The server refused (its field messages appear under the fields, anything else above the form) or ' +
        'could not be reached. Editing a field hides the messages; pressing “Continue” again retries.',
      succeeded:
        'The organization and its first account exist and the session is in them (or onboarding was ' +
        'already finished, e.g. in another tab). The app reloads at the dashboard, so the navbar, trial ' +
        'banner and page title all describe the new workspace.',
    },
  }),
});

export type OnboardingMachine = typeof onboardingMachine;

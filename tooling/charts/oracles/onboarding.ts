/** What each state of “Set up your workspace” promises (chart input: the names given at sign-up). */
import { connectOnboarding } from '@machines/onboarding/onboarding.connect';
import { onboardingMachine } from '@machines/onboarding/onboarding.machine';
import { expectFields, type OracleStep } from '../oracle';
import { fieldChange, formSubmitOracle, isRefusal } from './formSubmit';

const view = (step: OracleStep) => connectOnboarding(step.snapshot as never, () => {});
const FIELDS = ['firstName', 'lastName', 'organizationName', 'accountName'] as const;

/** Spec: every field is required (after trimming); names at most 100, organization and account at most 200. */
const RULES: Record<(typeof FIELDS)[number], { required: string; max: number }> = {
  firstName: { required: 'Enter your first name', max: 100 },
  lastName: { required: 'Enter your last name', max: 100 },
  organizationName: { required: 'Enter a name for your organization', max: 200 },
  accountName: { required: 'Enter a name for your first account', max: 200 },
};

/** The keyboard goes to the first field, in the form's order, that shows a message. */
const firstInvalid = (step: OracleStep) => {
  const { fieldErrors } = view(step);
  return FIELDS.find((field) => fieldErrors[field] !== null) ?? null;
};

export const onboardingOracle = formSubmitOracle(onboardingMachine, {
  view,
  commands: (step, send) => connectOnboarding(step.snapshot as never, send),
  fields: FIELDS,
  initialValues: { firstName: 'Ada', lastName: 'Lovelace', organizationName: '', accountName: '' },
  labels: {
    editing: 'Continue',
    submitting: 'Setting up…',
    failed: 'Continue',
    succeeded: 'Opening your workspace…',
  },
  actor: 'completeOnboarding',
  messagesFor: (values) => {
    const messages: Record<string, string> = {};
    for (const field of FIELDS) {
      const value = (values[field] as string).trim();
      if (value === '') messages[field] = RULES[field].required;
      else if (value.length > RULES[field].max)
        messages[field] = `Use at most ${RULES[field].max} characters`;
    }
    return messages;
  },
  request: (values) => Object.fromEntries(FIELDS.map((field) => [field, (values[field] as string).trim()])),
  edits: { 'field.change': fieldChange },
  // Already onboarded (another tab finished first): carry on into the workspace.
  isSuccessRefusal: (error) =>
    isRefusal(error) && error.status === 409 && error.errorCode === 'ALREADY_ONBOARDED',
  // The session changed on the server: the app reloads at the dashboard.
  emittedOnSuccess: () => [{ type: 'workspace.ready', to: '/' }],
  extra: {
    editing: (step) => expectFields(view(step), { isDone: false, firstInvalidField: firstInvalid(step) }),
    failed: (step) => expectFields(view(step), { isDone: false, firstInvalidField: firstInvalid(step) }),
    succeeded: (step) => expectFields(view(step), { isDone: true }),
  },
});

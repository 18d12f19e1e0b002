/** What each state of the sign-up form promises (chart without input: empty form, then to `/`). */
import { connectSignUp } from '@machines/signUp/signUp.connect';
import { signUpMachine } from '@machines/signUp/signUp.machine';
import { expectEqual, expectFields, type OracleStep } from '../oracle';
import { fieldChange, formSubmitOracle } from './formSubmit';
import { emailMessage } from './shared';

const view = (step: OracleStep) => connectSignUp(step.snapshot as never, () => {});

export const signUpOracle = formSubmitOracle(signUpMachine, {
  view,
  commands: (step, send) => connectSignUp(step.snapshot as never, send),
  fields: ['email', 'password', 'firstName', 'lastName'],
  initialValues: { email: '', password: '', firstName: '', lastName: '' },
  labels: {
    editing: 'Create account',
    submitting: 'Creating account…',
    failed: 'Create account',
    succeeded: 'Create account',
  },
  actor: 'signUp',
  messagesFor: (values) => {
    const messages: Record<string, string> = {};
    const email = emailMessage(values.email as string);
    if (email) messages.email = email;
    const password = values.password as string;
    // A password of 8 to 1024 characters; names are optional, at most 100 characters.
    if (password === '') messages.password = 'Enter a password';
    else if (password.length < 8) messages.password = 'Use at least 8 characters';
    else if (password.length > 1024) messages.password = 'Use at most 1024 characters';
    for (const name of ['firstName', 'lastName'])
      if ((values[name] as string).length > 100) messages[name] = 'Use at most 100 characters';
    return messages;
  },
  request: (values) => ({
    email: (values.email as string).trim(),
    password: values.password,
    firstName: (values.firstName as string).trim(),
    lastName: (values.lastName as string).trim(),
  }),
  edits: { 'field.change': fieldChange },
  emittedOnSuccess: () => [{ type: 'navigate', to: '/' }],
  extra: {
    succeeded: (step) => {
      expectFields(view(step), { isSignedUp: true });
      expectEqual(step.snapshot.output, { returnUrl: '/' }, 'output');
    },
  },
});

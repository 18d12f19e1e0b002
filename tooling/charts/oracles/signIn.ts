/** What each state of the sign-in form promises (chart without input: no e-mail pre-filled, back to `/`). */
import { connectSignIn } from '../../../machines/signIn/signIn.connect';
import { signInMachine } from '../../../machines/signIn/signIn.machine';
import { expectEqual, expectFields, type OracleStep } from '../oracle';
import { fieldChange, formSubmitOracle, isRefusal } from './formSubmit';
import { emailMessage } from './shared';

const view = (step: OracleStep) => connectSignIn(step.snapshot as never, () => {});

export const signInOracle = formSubmitOracle(signInMachine, {
  view,
  commands: (step, send) => connectSignIn(step.snapshot as never, send),
  fields: ['email', 'password'],
  initialValues: { email: '', password: '' },
  labels: { editing: 'Sign in', submitting: 'Signing in…', failed: 'Sign in', succeeded: 'Sign in' },
  actor: 'signIn',
  messagesFor: (values) => {
    const messages: Record<string, string> = {};
    const email = emailMessage(values.email as string);
    if (email) messages.email = email;
    if (values.password === '') messages.password = 'Enter your password';
    return messages;
  },
  // The address is sent trimmed, the password exactly as typed.
  request: (values) => ({ email: (values.email as string).trim(), password: values.password }),
  edits: { 'field.change': fieldChange },
  emittedOnSuccess: () => [{ type: 'navigate', to: '/' }],
  extra: {
    editing: (step) => expectFields(view(step), { isSignedIn: false, isThrottled: false }),
    submitting: (step) => expectFields(view(step), { isSignedIn: false, isThrottled: false }),
    // “Too many attempts” (429) is told apart: the page says when to try again.
    failed: (step) =>
      expectFields(view(step), {
        isSignedIn: false,
        isThrottled: isRefusal(step.event.error) && step.event.error.status === 429,
      }),
    succeeded: (step) => {
      expectFields(view(step), { isSignedIn: true, isThrottled: false });
      expectEqual(step.snapshot.output, { returnUrl: '/' }, 'output');
    },
  },
});

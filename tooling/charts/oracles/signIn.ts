/** What each state of the sign-in form promises (chart without input: no e-mail pre-filled, back to `/`). */
import { connectSignIn } from '@machines/signIn/signIn.connect';
import { signInMachine } from '@machines/signIn/signIn.machine';
import { expectEqual, expectFields, expectThat, type OracleStep } from '../oracle';
import { fieldChange, formSubmitOracle, isRefusal } from './formSubmit';
import { emailMessage } from './shared';

const view = (step: OracleStep) => connectSignIn(step.snapshot as never, () => {});
const valuesOf = (snapshot: OracleStep['previous']) =>
  (snapshot?.context as { values: { email: string; password: string } } | undefined)?.values;

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
  // “Sign in with single sign-on”: a valid address leaves for /auth/federate?domain=<its domain>; an invalid
  // one shows the address's message (the other messages stay), nothing above the form.
  beyond: {
    events: {
      'sso.start': (step) => {
        const values = valuesOf(step.snapshot)!;
        expectEqual(values, valuesOf(step.previous), 'values kept');
        const message = emailMessage(values.email);
        if (step.snapshot.matches('federating')) {
          expectThat(message === undefined, 'single sign-on with an invalid address');
          return;
        }
        expectThat(step.snapshot.matches('editing'), 'an invalid address stays on the form');
        const before = step.previous ? view({ ...step, snapshot: step.previous }).fieldErrors : {};
        expectEqual(
          view(step).fieldErrors,
          { ...before, email: message ?? null },
          'messages under the fields',
        );
        expectEqual(view(step).formError, null, 'message above the form');
      },
    },
    states: {
      federating: (step) => {
        const email = valuesOf(step.snapshot)!.email.trim();
        const domain = email.slice(email.indexOf('@') + 1).toLowerCase();
        expectEqual(step.event.type, 'sso.start', 'event');
        expectEqual(step.emitted, [{ type: 'federate', to: `/auth/federate?domain=${domain}` }], 'emitted');
        expectEqual(step.snapshot.status, 'done', 'status');
        expectFields(view(step), {
          isFederating: true,
          isLocked: true,
          isSubmitting: false,
          isSignedIn: false,
          ssoLabel: 'Going to single sign-on…',
        });
      },
    },
  },
  extra: {
    editing: (step) =>
      expectFields(view(step), {
        isSignedIn: false,
        isThrottled: false,
        isFederating: false,
        ssoLabel: 'Sign in with single sign-on',
      }),
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

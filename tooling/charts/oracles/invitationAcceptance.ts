/**
 * What each state of the invitation page promises (issue 26): the link's summary, the ending's words, the
 * form each visitor gets (sign up for a new address, sign in for an existing one, Join when signed in as
 * the invited address, the refusal and Sign out for another), the requests sent with the invited address,
 * and the app opened once joined. Texts are the spec's, written out.
 */
import { connectInvitationAcceptance } from '@machines/invitationAcceptance/invitationAcceptance.connect';
import { invitationAcceptanceMachine } from '@machines/invitationAcceptance/invitationAcceptance.machine';
import { defineOracle, expectEqual, expectFields, expectThat, isFunction, type OracleStep } from '../oracle';
import { formMessage } from './shared';

type Step = OracleStep<typeof invitationAcceptanceMachine>;
const view = (step: Step) => connectInvitationAcceptance(step.snapshot, () => undefined);
const inputOf = (step: Step, id: string) =>
  (step.snapshot.children[id] as { options?: { input?: unknown } } | undefined)?.options?.input;

const ENDED = {
  expired: 'This invitation has expired. Ask whoever invited you to send a new one.',
  revoked: 'This invitation was withdrawn. Ask whoever invited you if you still need access.',
  used: 'This invitation has already been used. Sign in to continue.',
};
const invited = (step: Step) => {
  const preview = step.context.preview as { status: string; email?: string } | null;
  return preview?.status === 'pending' ? (preview.email ?? '') : '';
};
const summary = 'Dana Demo invited you to join Acme Media as a Client.';

function checkForm(step: Step, form: 'signUp' | 'signIn', busy: boolean) {
  expectFields(view(step), {
    form,
    email: invited(step),
    summary,
    title: 'Join Acme Media',
    isBusy: busy,
    canJoin: false,
    wrongAddress: null,
    submit: isFunction,
    changeField: isFunction,
  });
  // Signed out here: the app's session is told; otherwise nothing is emitted.
  expectEqual(
    step.emitted,
    step.event.type === 'xstate.done.actor.signOut' ? [{ type: 'session.changed' }] : [],
    'emitted',
  );
}

function checkSubmitMessages(step: Step, form: 'signUp' | 'signIn') {
  if (step.event.type !== 'form.submit') return;
  const { password, firstName, lastName } = step.context.values;
  const expected: Record<string, string> = {};
  // Spec: an invited person signs up with both names (then the server has nothing left for them to set up).
  if (form === 'signUp' && firstName.trim() === '') expected.firstName = 'Enter your first name';
  if (form === 'signUp' && lastName.trim() === '') expected.lastName = 'Enter your last name';
  if (form === 'signUp' && password.length < 8) expected.password = 'Use at least 8 characters';
  if (form === 'signIn' && password === '') expected.password = 'Enter your password';
  expectEqual(step.context.fieldErrors, expected, 'the messages');
}

function checkRefusal(step: Step) {
  if (!step.event.type.startsWith('xstate.error.actor.')) return;
  const error = step.event.error as { validationErrors?: Record<string, { message: string }> };
  if (error.validationErrors)
    expectEqual(
      view(step).fieldErrors,
      Object.fromEntries(Object.entries(error.validationErrors).map(([key, value]) => [key, value.message])),
      'under the field',
    );
  else expectEqual(view(step).formError, formMessage(step.event.error), 'above the form');
}

export const invitationAcceptanceOracle = defineOracle(invitationAcceptanceMachine, {
  events: {
    'field.change': ({ context, event, previous }) => {
      expectEqual(
        context.values,
        { ...previous!.context.values, [event.field as string]: event.value },
        'the typed value',
      );
      expectThat(!((event.field as string) in context.fieldErrors), 'the edited field’s message is gone');
    },
  },
  states: {
    loading: (step) => {
      expectEqual(inputOf(step, 'loadPreview'), { token: 'invitation-token' }, 'request');
      expectFields(view(step), {
        phase: 'loading',
        title: 'Your invitation',
        form: null,
        endedMessage: null,
      });
    },
    loadFailed: (step) =>
      expectFields(view(step), { loadError: formMessage(step.event.error), form: null, retry: isFunction }),
    notFound: (step) =>
      expectFields(view(step), {
        title: 'Invitation not found',
        endedMessage: 'This invitation link does not work. Check that it is complete, or ask for a new one.',
        form: null,
        canJoin: false,
      }),
    ended: (step) => {
      const status = (step.context.preview as { status: keyof typeof ENDED }).status;
      expectFields(view(step), {
        title: 'Your invitation to Acme Media',
        endedMessage: ENDED[status],
        form: null,
        canJoin: false,
        summary: null,
      });
    },
    signingUp: (step) => {
      checkForm(step, 'signUp', false);
      expectEqual(view(step).submitLabel, 'Create account and join', 'button');
      checkSubmitMessages(step, 'signUp');
      checkRefusal(step);
    },
    creatingAccount: (step) => {
      checkForm(step, 'signUp', true);
      const { values } = step.context;
      expectThat(
        values.password.length >= 8 && values.firstName.trim() !== '' && values.lastName.trim() !== '',
        'only a valid form is sent',
      );
      expectEqual(
        inputOf(step, 'signUp'),
        {
          email: invited(step),
          password: values.password,
          firstName: values.firstName.trim(),
          lastName: values.lastName.trim(),
        },
        'sign-up request with the invited address',
      );
    },
    signingIn: (step) => {
      checkForm(step, 'signIn', false);
      expectEqual(view(step).submitLabel, 'Sign in and join', 'button');
      checkSubmitMessages(step, 'signIn');
      checkRefusal(step);
    },
    authenticating: (step) => {
      checkForm(step, 'signIn', true);
      expectEqual(
        inputOf(step, 'signIn'),
        { email: invited(step), password: step.context.values.password },
        'sign-in request with the invited address',
      );
    },
    joining: (step) => {
      expectFields(view(step), {
        canJoin: true,
        joinLabel: 'Join Acme Media',
        form: null,
        summary,
        isBusy: false,
      });
      expectEqual(step.context.signedInEmail, invited(step), 'signed in as the invited address');
      checkRefusal(step);
    },
    wrongAddress: (step) => {
      expectFields(view(step), {
        wrongAddress: `This invitation is for ${invited(step)}. Sign out and sign in or sign up with that address to accept it.`,
        canJoin: false,
        form: null,
        signOut: isFunction,
      });
      expectThat(step.context.signedInEmail !== invited(step), 'signed in with another address');
      checkRefusal(step);
    },
    signingOut: (step) => expectFields(view(step), { isBusy: true, canJoin: false, form: null }),
    accepting: (step) => {
      expectEqual(inputOf(step, 'accept'), { token: 'invitation-token' }, 'request');
      expectFields(view(step), { isBusy: true, joinLabel: 'Joining…' });
      expectEqual(step.context.signedInEmail, invited(step), 'signed in as the invited address');
    },
    accepted: (step) =>
      expectEqual(step.emitted, [{ type: 'navigate', to: '/', fullPage: true }], 'the app opens at /'),
  },
});

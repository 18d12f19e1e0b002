/** What each state of the passkey / security-key view promises (chart input: PASSKEY). */
import { connectWebAuthnCeremony } from '@machines/webauthnCeremony/webauthnCeremony.connect';
import { webauthnCeremonyMachine } from '@machines/webauthnCeremony/webauthnCeremony.machine';
import { defineOracle, expectEqual, expectFields } from '../oracle';
import { NETWORK_MESSAGE, sentBy } from './shared';

const PASSKEY_TEXTS = {
  error: 'There was a problem authenticating with your passkey.',
  notSupportedTitle: 'Passkeys not supported',
  notSupportedText: 'Your browser does not support passkeys.',
  authenticating: 'Follow the prompt from your browser to use your passkey.',
};

export const webauthnCeremonyOracle = defineOracle(webauthnCeremonyMachine, {
  always: ({ snapshot }) => {
    expectFields(
      connectWebAuthnCeremony(snapshot, () => {}),
      { method: 'PASSKEY', texts: PASSKEY_TEXTS },
    );
    // “Continue” starts the ceremony (in the click), “Try again” retries it.
    const sends = (use: (view: ReturnType<typeof connectWebAuthnCeremony>) => void) =>
      sentBy((send) => connectWebAuthnCeremony(snapshot, send), use);
    expectEqual(
      sends((view) => view.start()),
      [{ type: 'ceremony.start' }],
      'Continue sends',
    );
    expectEqual(
      sends((view) => view.retry()),
      [{ type: 'ceremony.retry' }],
      'Try again sends',
    );
  },
  states: {
    checking: ({ snapshot }) => {
      expectFields(
        connectWebAuthnCeremony(snapshot, () => {}),
        { phase: 'checking', reason: null },
      );
    },
    awaitingClick: ({ snapshot, event }) => {
      expectEqual(event.output, { supported: true, needsClick: true }, 'support that needs a click');
      expectFields(
        connectWebAuthnCeremony(snapshot, () => {}),
        { phase: 'awaitingClick', reason: null },
      );
    },
    authenticating: ({ snapshot }) => {
      // A new attempt forgets why the last one failed.
      expectFields(
        connectWebAuthnCeremony(snapshot, () => {}),
        { phase: 'authenticating', reason: null },
      );
      expectEqual(snapshot.context.token, null, 'token');
    },
    error: ({ snapshot, event }) => {
      const reason =
        event.type === 'xstate.error.actor.authenticate'
          ? NETWORK_MESSAGE
          : (event.output as { error: string }).error;
      expectFields(
        connectWebAuthnCeremony(snapshot, () => {}),
        { phase: 'error', reason },
      );
      expectEqual(snapshot.context.token, null, 'token');
    },
    notSupported: ({ snapshot, event }) => {
      // Unsupported, or the check itself failed.
      if (event.type === 'xstate.done.actor.checkSupport')
        expectFields(event.output as object, { supported: false }, 'support');
      else expectEqual(event.type, 'xstate.error.actor.checkSupport', 'event');
      expectFields(
        connectWebAuthnCeremony(snapshot, () => {}),
        { phase: 'notSupported' },
      );
    },
    verified: ({ snapshot, event }) => {
      expectEqual(snapshot.status, 'done', 'status');
      expectEqual(snapshot.output, { token: (event.output as { token: string }).token }, 'output');
      expectFields(
        connectWebAuthnCeremony(snapshot, () => {}),
        { phase: 'verified' },
      );
    },
  },
});

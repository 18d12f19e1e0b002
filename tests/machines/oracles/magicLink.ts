/** What each state of the e-mail magic-link view promises. */
import { connectMagicLink } from '../../../machines/magicLink/magicLink.connect';
import { magicLinkMachine } from '../../../machines/magicLink/magicLink.machine';
import { defineOracle, expectEqual, expectFields } from '../../paths/oracle';
import { formMessage } from './shared';

export const magicLinkOracle = defineOracle(magicLinkMachine, {
  states: {
    sending: ({ snapshot }) => {
      // Sending (again) forgets why the last attempt stopped; “Send a new link” waits.
      expectFields(connectMagicLink(snapshot), {
        phase: 'sending',
        isWaiting: false,
        error: null,
        canResend: false,
      });
    },
    waiting: ({ snapshot }) => {
      expectFields(connectMagicLink(snapshot), {
        phase: 'waiting',
        isWaiting: true,
        error: null,
        canResend: true,
      });
    },
    checking: ({ snapshot }) => {
      expectFields(connectMagicLink(snapshot), {
        phase: 'checking',
        isWaiting: true,
        error: null,
        canResend: true,
      });
    },
    failed: ({ snapshot, event }) => {
      // Polling stopped: the provider's error answer, or why the request failed.
      const error =
        event.type === 'xstate.done.actor.checkStatus'
          ? 'We could not check the link. Send a new link to try again.'
          : formMessage(event.error);
      expectFields(connectMagicLink(snapshot), { phase: 'failed', isWaiting: false, error, canResend: true });
    },
    verified: ({ snapshot, event }) => {
      expectEqual(event.output, { isVerified: true, token: 'verified-token' }, 'answer');
      expectEqual(snapshot.status, 'done', 'status');
      expectEqual(snapshot.output, { token: 'verified-token' }, 'output');
      expectFields(connectMagicLink(snapshot), { phase: 'verified', canResend: false });
    },
  },
});

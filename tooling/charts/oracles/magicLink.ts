/** What each state of the e-mail magic-link view promises. */
import { connectMagicLink } from '@machines/magicLink/magicLink.connect';
import { magicLinkMachine } from '@machines/magicLink/magicLink.machine';
import { defineOracle, expectEqual, expectFields } from '../oracle';
import { formMessage, sentBy } from './shared';

export const magicLinkOracle = defineOracle(magicLinkMachine, {
  always: ({ snapshot }) => {
    // “Send a new link”, and the page hidden or shown again.
    const sends = (use: (view: ReturnType<typeof connectMagicLink>) => void) =>
      sentBy((send) => connectMagicLink(snapshot, send), use);
    expectEqual(
      sends((view) => view.resend()),
      [{ type: 'link.resend' }],
      'Send a new link sends',
    );
    expectEqual(
      sends((view) => view.reportVisibility(true)),
      [{ type: 'visibility.hidden' }],
      'hidden sends',
    );
    expectEqual(
      sends((view) => view.reportVisibility(false)),
      [{ type: 'visibility.visible' }],
      'shown sends',
    );
  },
  states: {
    sending: ({ snapshot }) => {
      // Sending (again) forgets why the last attempt stopped; “Send a new link” waits.
      expectFields(
        connectMagicLink(snapshot, () => {}),
        {
          phase: 'sending',
          isWaiting: false,
          isExpired: false,
          error: null,
          canResend: false,
        },
      );
    },
    'linkOut.waiting': ({ snapshot }) => {
      // Polling (the next check in a second) only while the page is shown.
      expectEqual(snapshot.context.isHidden, false, 'page hidden');
      expectFields(
        connectMagicLink(snapshot, () => {}),
        {
          phase: 'waiting',
          isWaiting: true,
          isExpired: false,
          error: null,
          canResend: true,
        },
      );
    },
    'linkOut.checking': ({ snapshot, previous, event }) => {
      expectEqual(snapshot.context.isHidden, false, 'page hidden');
      // A check is made after the poll interval, or at once when a hidden page is shown again.
      if (previous?.matches({ linkOut: 'paused' })) expectEqual(event.type, 'visibility.visible', 'event');
      expectFields(
        connectMagicLink(snapshot, () => {}),
        {
          phase: 'checking',
          isWaiting: true,
          isExpired: false,
          error: null,
          canResend: true,
        },
      );
    },
    'linkOut.paused': ({ snapshot }) => {
      // The page is hidden: no checks, the person still sees that the link is awaited.
      expectEqual(snapshot.context.isHidden, true, 'page hidden');
      expectEqual(snapshot.children.checkStatus, undefined, 'status check');
      expectFields(
        connectMagicLink(snapshot, () => {}),
        {
          phase: 'paused',
          isWaiting: true,
          isExpired: false,
          error: null,
          canResend: true,
        },
      );
    },
    expired: ({ snapshot, event }) => {
      // The link's lifetime ran out before it was followed: polling stops, a new link is offered.
      expectEqual(event.type, 'xstate.after.linkLifetime.magicLink.linkOut', 'event');
      expectFields(
        connectMagicLink(snapshot, () => {}),
        {
          phase: 'expired',
          isWaiting: false,
          isExpired: true,
          error: 'This link has expired. Send a new link to try again.',
          canResend: true,
        },
      );
    },
    failed: ({ snapshot, event }) => {
      // Polling stopped: the provider's error answer, or why the request failed.
      const error =
        event.type === 'xstate.done.actor.checkStatus'
          ? 'We could not check the link. Send a new link to try again.'
          : formMessage(event.error);
      expectFields(
        connectMagicLink(snapshot, () => {}),
        {
          phase: 'failed',
          isWaiting: false,
          isExpired: false,
          error,
          canResend: true,
        },
      );
    },
    verified: ({ snapshot, event }) => {
      expectEqual(event.output, { isVerified: true, token: 'verified-token' }, 'answer');
      expectEqual(snapshot.status, 'done', 'status');
      expectEqual(snapshot.output, { token: 'verified-token' }, 'output');
      expectFields(
        connectMagicLink(snapshot, () => {}),
        { phase: 'verified', canResend: false },
      );
    },
  },
  events: {
    // The view reports the page's visibility wherever the chart is; hiding stops polling at once.
    'visibility.hidden': ({ snapshot }) => {
      expectEqual(snapshot.context.isHidden, true, 'page hidden');
      expectEqual(
        snapshot.matches({ linkOut: 'waiting' }) || snapshot.matches({ linkOut: 'checking' }),
        false,
        'polling while hidden',
      );
    },
    'visibility.visible': ({ snapshot }) => {
      expectEqual(snapshot.context.isHidden, false, 'page hidden');
      expectEqual(snapshot.matches({ linkOut: 'paused' }), false, 'paused while shown');
    },
  },
});

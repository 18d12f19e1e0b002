import { defineChart } from '../chart';
import { magicLinkMachine } from './magicLink.machine';

export const magicLinkChart = defineChart({
  name: 'magicLink',
  title: 'Step-up: e-mail magic link',
  machine: magicLinkMachine,
  description: magicLinkMachine.root.description ?? '',
  events: [
    { type: 'link.resend' },
    { type: 'visibility.hidden' },
    { type: 'visibility.visible' },
    { type: 'xstate.done.actor.sendLink', output: undefined },
    { type: 'xstate.error.actor.sendLink', error: { status: 429, message: 'Too many links were sent.' } },
    { type: 'xstate.after.pollInterval.magicLink.linkOut.waiting' },
    { type: 'xstate.after.linkLifetime.magicLink.linkOut' },
    { type: 'xstate.done.actor.checkStatus', output: { isVerified: false } },
    { type: 'xstate.done.actor.checkStatus', output: { isVerified: true, token: 'verified-token' } },
    { type: 'xstate.done.actor.checkStatus', output: { isVerified: false, error: 'expired_token' } },
    { type: 'xstate.error.actor.checkStatus', error: new TypeError('Failed to fetch') },
  ],
});

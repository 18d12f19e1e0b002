import { defineChart } from '../chart';
import { platformConnectionMachine } from './platformConnection.machine';
import type { PlatformConnectionContext } from './platformConnection.types';

const summarize = (context: PlatformConnectionContext) => ({
  target: context.target?.platform ?? null,
  returned: context.returned === null ? null : 'connected' in context.returned ? 'connected' : 'error',
  redirect: context.authorizationUrl !== null,
  failed: context.error !== null,
});

export const platformConnectionChart = defineChart({
  name: 'platformConnection',
  title: 'Platforms: connecting and disconnecting an ad platform',
  machine: platformConnectionMachine,
  description: platformConnectionMachine.root.description ?? '',
  abstractContext: summarize,
  selectContext: summarize,
  events: [
    { type: 'route.enter', returned: { connected: { platform: 'meta', displayName: 'Meta' } } },
    { type: 'route.enter', returned: { connectError: 'denied' } },
    { type: 'connection.connect', platform: 'tiktok', displayName: 'TikTok' },
    { type: 'connection.disconnect', platform: 'google', displayName: 'Google Ads' },
    { type: 'connection.sync', platform: 'google', displayName: 'Google Ads' },
    { type: 'disconnect.confirm' },
    { type: 'disconnect.cancel' },
    { type: 'notice.dismiss' },
    // How Connect's step-up confirmation (stepUpConfirmation, invoked as startConnect) ended.
    {
      type: 'xstate.done.actor.startConnect',
      output: {
        status: 'sent',
        response: { authorizationUrl: 'http://localhost:3000/sandbox/tiktok/oauth/authorize?state=s' },
      },
    },
    {
      type: 'xstate.done.actor.startConnect',
      output: { status: 'refused', error: { message: 'No platform "x"', status: 404 } },
    },
    { type: 'xstate.done.actor.startConnect', output: { status: 'cancelled' } },
    { type: 'xstate.done.actor.startConnect', output: { status: 'expired' } },
    // How the step-up confirmation (stepUpConfirmation, invoked as disconnect) ended.
    {
      type: 'xstate.done.actor.disconnect',
      output: { status: 'sent', response: { platform: 'google', status: 'not_connected' } },
    },
    {
      type: 'xstate.done.actor.disconnect',
      output: {
        status: 'refused',
        error: {
          message: 'Google Ads runs 2 campaigns of this account. Pause or delete them, or reconnect instead.',
          status: 409,
        },
      },
    },
    { type: 'xstate.done.actor.disconnect', output: { status: 'cancelled' } },
    { type: 'xstate.done.actor.disconnect', output: { status: 'expired' } },
    { type: 'xstate.done.actor.requestSync', output: { status: 'queued' } },
    {
      type: 'xstate.error.actor.requestSync',
      error: {
        message: 'Google Ads was synced less than a minute ago. Try again in 42 seconds.',
        status: 429,
      },
    },
  ],
});

import { defineChart } from '../chart';
import { placementToggleMachine } from './placementToggle.machine';

export const placementToggleChart = defineChart({
  name: 'placementToggle',
  title: 'Pause or resume one platform',
  machine: placementToggleMachine,
  description: placementToggleMachine.root.description ?? '',
  input: { campaignId: 'c1' },
  events: [
    { type: 'platform.pause', platformKey: 'tiktok', platformName: 'TikTok' },
    { type: 'platform.resume', platformKey: 'tiktok', platformName: 'TikTok' },
    {
      type: 'xstate.done.actor.sendToggle',
      output: { status: 'sent', response: { success: true, status: 'pausing' } },
    },
    {
      type: 'xstate.done.actor.sendToggle',
      output: {
        status: 'refused',
        error: {
          status: 409,
          message: 'TikTok is already paused.',
          errorCode: 'CAMPAIGN_NOT_PAUSABLE',
          businessError: { message: 'TikTok is already paused.' },
        },
      },
    },
    { type: 'xstate.done.actor.sendToggle', output: { status: 'expired' } },
    { type: 'xstate.done.actor.sendToggle', output: { status: 'cancelled' } },
  ],
});

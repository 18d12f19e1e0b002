import { defineChart } from '../chart';
import { campaignLifecycleMachine } from './campaignLifecycle.machine';

export const campaignLifecycleChart = defineChart({
  name: 'campaignLifecycle',
  title: 'Campaign lifecycle',
  machine: campaignLifecycleMachine,
  description: campaignLifecycleMachine.root.description ?? '',
  events: [
    { type: 'launch.request' },
    { type: 'launch.succeeded' },
    { type: 'launch.succeeded', beforeStart: true },
    { type: 'launch.failed' },
    { type: 'pause.request' },
    { type: 'pause.succeeded' },
    { type: 'pause.succeeded', running: true },
    { type: 'pause.succeeded', running: true, beforeStart: true },
    { type: 'pause.failed' },
    { type: 'pause.failed', beforeStart: true },
    { type: 'resume.request' },
    { type: 'resume.succeeded' },
    { type: 'resume.succeeded', beforeStart: true },
    { type: 'resume.failed' },
    { type: 'resume.failed', running: true },
    { type: 'resume.failed', running: true, beforeStart: true },
    { type: 'placement.pause' },
    { type: 'placement.resume' },
    { type: 'schedule.started' },
    { type: 'schedule.ended' },
    { type: 'delete.request' },
    { type: 'delete.succeeded' },
    { type: 'delete.failed' },
    // A rename passes in every state that allows edits; a budget change only before launch.
    { type: 'campaign.edit', fields: ['name'] },
    { type: 'campaign.edit', fields: ['budgetMinor'] },
    { type: 'campaign.duplicate' },
  ],
});

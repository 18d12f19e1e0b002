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
    { type: 'launch.failed' },
    { type: 'pause.request' },
    { type: 'pause.succeeded' },
    { type: 'pause.failed' },
    { type: 'resume.request' },
    { type: 'resume.succeeded' },
    { type: 'resume.failed' },
    { type: 'schedule.ended' },
    { type: 'delete.request' },
    { type: 'delete.succeeded' },
    { type: 'delete.failed' },
    // A rename passes in every state that allows edits; a budget change only before launch.
    { type: 'campaign.edit', fields: ['name'] },
    { type: 'campaign.edit', fields: ['budgetMinor'] },
    { type: 'campaign.edit', fields: ['budgetMinor'], applying: true },
    { type: 'change.apply' },
    { type: 'campaign.duplicate' },
  ],
});

import { defineChart } from '../chart';
import { placementLifecycleMachine } from './placementLifecycle.machine';

export const placementLifecycleChart = defineChart({
  name: 'placementLifecycle',
  title: 'Campaign placement on one ad platform',
  machine: placementLifecycleMachine,
  description: placementLifecycleMachine.root.description ?? '',
  events: [
    { type: 'platform.submitted' },
    { type: 'platform.approved' },
    { type: 'platform.approved', beforeStart: true },
    { type: 'platform.rejected' },
    { type: 'platform.failed' },
    { type: 'platform.lost' },
    { type: 'platform.paused' },
    { type: 'platform.resumed' },
    { type: 'platform.resumed', beforeStart: true },
    { type: 'schedule.started' },
    { type: 'launch.request', onPlatform: true },
    { type: 'launch.request', onPlatform: false },
    { type: 'delete.request' },
    { type: 'platform.deleted' },
  ],
});

import { defineChart } from '../chart';
import { revisionLifecycleMachine } from './revisionLifecycle.machine';

export const revisionLifecycleChart = defineChart({
  name: 'revisionLifecycle',
  title: 'Plan revision: draft, review, sign-off',
  machine: revisionLifecycleMachine,
  description: revisionLifecycleMachine.root.description ?? '',
  events: [
    { type: 'revision.submit' },
    { type: 'revision.approve' },
    { type: 'revision.requestChanges' },
    { type: 'revision.supersede' },
  ],
});

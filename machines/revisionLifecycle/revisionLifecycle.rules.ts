import type { RevisionStatus } from '@contract/revisionStatus';
import { transition } from 'xstate';
import { type RevisionEvent, revisionLifecycleMachine } from './revisionLifecycle.machine';

/** The revision's next status on an event, or null when the chart has no such transition there. */
export function nextRevisionStatus(status: RevisionStatus, event: RevisionEvent): RevisionStatus | null {
  const snapshot = revisionLifecycleMachine.resolveState({ value: status });
  if (!snapshot.can(event)) return null;
  const [next] = transition(revisionLifecycleMachine, snapshot, event);
  return next.value as RevisionStatus;
}

/** Whether approvers can still decide it (approve or ask for changes). */
export const isAwaitingDecision = (status: RevisionStatus) =>
  nextRevisionStatus(status, { type: 'revision.approve' }) !== null;

/**
 * What the live change card promises (issue 28), from the issue: the change shows against what runs; Apply
 * changes goes through the “Confirm it’s you” dialog bound to the change's hash; while it is on its way the
 * card keeps asking until each platform took it or refused it, then says which; a refusal says why.
 */

import type { PlanChange } from '@contract/planning';
import { connectLiveChange } from '@machines/liveChange/liveChange.connect';
import { liveChangeMachine } from '@machines/liveChange/liveChange.machine';
import { defineOracle, expectEqual, expectFields, expectThat, type OracleCheck } from '../oracle';
import { formMessage, NETWORK_MESSAGE } from './shared';

type Machine = typeof liveChangeMachine;
const view = (step: Parameters<OracleCheck<Machine>>[0]) => connectLiveChange(step.snapshot, () => {});

const EXPIRED = 'The confirmation took too long and expired. Try again.';

/** The notice once an apply settled, written from the issue's words. */
function settled(change: PlanChange): string {
  const names = (list: string[]) =>
    list.length > 1 ? `${list.slice(0, -1).join(', ')} and ${list.at(-1)}` : list[0];
  const refused = change.platforms.filter((p) => p.error).map((p) => p.displayName);
  const live = change.platforms.filter((p) => p.upToDate).map((p) => p.displayName);
  return refused.length === 0
    ? `The change is live on ${names(live)}.`
    : `${names(refused)} did not take the change${live.length ? `; it is live on ${names(live)}` : ''}.`;
}

export const liveChangeOracle = defineOracle(liveChangeMachine, {
  events: {
    'xstate.done.actor.loadChange': ({ context, event, previous, snapshot }) => {
      const change = event.output as PlanChange;
      expectEqual(context.change, change, 'the change as read');
      if (previous?.matches('checking') && change.state !== 'applying')
        expectEqual(context.notice, settled(change), 'says where the change went');
      expectEqual(snapshot.matches('applying'), change.state === 'applying', 'keeps asking while on its way');
    },
    'xstate.done.actor.applyChange': ({ context, event }) => {
      const outcome = event.output as { status: string; error?: unknown };
      if (outcome.status === 'refused') expectEqual(context.error, formMessage(outcome.error), 'the refusal');
      if (outcome.status === 'expired') expectEqual(context.error, EXPIRED, 'the expiry');
      if (outcome.status === 'sent') expectEqual(context.error, null, 'no error once sent');
    },
  },
  states: {
    loading: (step) => expectFields(view(step), { isLoading: true, canApply: false }),
    loadFailed: (step) => expectFields(view(step), { loadError: NETWORK_MESSAGE, canApply: false }),
    ready: (step) => {
      const state = step.context.change?.state;
      expectFields(view(step), {
        isBusy: false,
        canApply: state === 'draft' || state === 'refused',
        applyLabel: state === 'refused' ? 'Apply again' : 'Apply changes',
      });
    },
    confirming: (step) => {
      expectEqual(step.event.type, 'apply', 'opened by Apply');
      const state = step.previous?.context.change?.state;
      expectThat(state === 'draft' || state === 'refused', 'only a change to apply is applied');
      expectFields(view(step), { isBusy: true, canApply: false });
    },
    applying: (step) => expectFields(view(step), { isBusy: true, canApply: false }),
    checking: (step) => expectFields(view(step), { isBusy: true, canApply: false }),
  },
});

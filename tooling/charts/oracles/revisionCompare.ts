/** What each state of the revision comparison page promises (issue 27). */
import { connectRevisionCompare } from '@machines/revisionCompare/revisionCompare.connect';
import { revisionCompareMachine } from '@machines/revisionCompare/revisionCompare.machine';
import { defineOracle, expectEqual, expectFields, expectThat, type OracleCheck } from '../oracle';
import { NETWORK_MESSAGE, sentBy } from './shared';

type Machine = typeof revisionCompareMachine;
type Step = Parameters<OracleCheck<Machine>>[0];

const view = (step: Step) => connectRevisionCompare(step.snapshot, () => {});

/** Spec: a comparison is empty when no section lists a change. */
function isEmpty(diff: Record<string, unknown>): boolean {
  return Object.values(diff).every((section) =>
    Array.isArray(section)
      ? section.length === 0
      : Object.values(section as Record<string, unknown[]>).every((list) => list.length === 0),
  );
}

export const revisionCompareOracle = defineOracle(revisionCompareMachine, {
  events: {
    'pair.choose': ({ context, event, emitted, previous }) => {
      const before = previous!.context;
      if (event.from === before.from && event.to === before.to) {
        expectEqual(emitted, [], 'same pair: nothing');
        expectFields(context, { from: before.from, to: before.to }, 'same pair');
        return;
      }
      expectFields(context, { from: event.from, to: event.to }, 'the chosen pair');
      expectEqual(
        emitted,
        [
          {
            type: 'navigate',
            to: `/campaigns/${context.campaignId}/revisions/${event.from}/compare/${event.to}`,
          },
        ],
        'the address follows',
      );
    },
  },
  states: {
    loading: (step) => {
      expectFields(view(step), {
        isLoading: true,
        loadError: null,
        notFound: false,
        diff: null,
        isEmpty: false,
      });
    },
    failed: (step) => {
      expectFields(view(step), { isLoading: false, loadError: NETWORK_MESSAGE, diff: null });
      expectEqual(
        sentBy(
          (send) => connectRevisionCompare(step.snapshot, send),
          (shown) => shown.retry(),
        ),
        [{ type: 'retry' }],
        'Try again sends',
      );
    },
    notFound: (step) => expectFields(view(step), { notFound: true, isLoading: false, diff: null }),
    shown: (step) => {
      const shown = view(step);
      const data = step.context.data;
      expectThat(data !== null, 'loaded');
      expectEqual(shown.diff, data.diff, 'the diff');
      expectEqual(shown.isEmpty, isEmpty(data.diff as unknown as Record<string, unknown>), '“No changes”');
      expectEqual(
        shown.options.map((o) => o.number),
        data.revisions.map((r) => r.number),
        'every revision to choose from',
      );
      expectEqual(
        sentBy(
          (send) => connectRevisionCompare(step.snapshot, send),
          (v) => {
            v.chooseFrom(3);
            v.chooseTo(3);
          },
        ),
        [
          { type: 'pair.choose', from: 3, to: step.context.to },
          { type: 'pair.choose', from: step.context.from, to: 3 },
        ],
        'the selects send',
      );
    },
  },
});

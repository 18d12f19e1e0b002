/** What each state of the library picker promises (chart input: an image ad). */
import { connectAssetLibrary } from '@machines/assetLibrary/assetLibrary.connect';
import { assetLibraryMachine } from '@machines/assetLibrary/assetLibrary.machine';
import { defineOracle, expectEqual, expectFields, type OracleCheck } from '../oracle';
import { formMessage } from './shared';

type Machine = typeof assetLibraryMachine;
type Step = Parameters<OracleCheck<Machine>>[0];
const view = (step: Step) => connectAssetLibrary(step.snapshot, () => {});

export const assetLibraryOracle = defineOracle(assetLibraryMachine, {
  always: (step) =>
    expectEqual(
      step.emitted,
      step.event.type === 'asset.choose' ? [{ type: 'asset.chosen', asset: step.event.asset }] : [],
      'the choice goes to the ad',
    ),
  events: {
    'search.change': (step) => expectFields(view(step), { phase: 'loading', query: step.event.query }),
  },
  states: {
    loading: (step) => expectFields(view(step), { items: [], error: null, emptyNote: null }),
    ready: (step) => {
      const v = view(step);
      const { items, total } =
        step.event.type === 'xstate.done.actor.listAssets'
          ? (step.event.output as { items: unknown[]; total: number })
          : { items: v.items, total: step.context.total };
      expectEqual(v.items, items, 'the library’s answer');
      expectEqual(
        v.moreNote,
        total > items.length
          ? `The newest ${items.length} of ${total}: search by name for the others.`
          : null,
        'more note',
      );
      expectEqual(
        v.emptyNote,
        items.length === 0 ? (step.context.query ? 'No assets match this search.' : 'No images yet.') : null,
        'empty note',
      );
    },
    chosen: (step) => expectEqual(step.snapshot.status, 'done', 'the picker is done'),
    failed: (step) => expectFields(view(step), { error: formMessage(step.event.error), items: [] }),
  },
});

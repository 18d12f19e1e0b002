import { defineChart } from '../chart';
import { SAMPLE_IMAGE } from '../planning/planningWizard/planningWizard.samples';
import { assetLibraryMachine } from './assetLibrary.machine';

export const assetLibraryChart = defineChart({
  name: 'assetLibrary',
  title: 'Creative step: choosing from the asset library',
  machine: assetLibraryMachine,
  description: assetLibraryMachine.root.description ?? '',
  input: { kind: 'image' },
  events: [
    { type: 'xstate.done.actor.listAssets', output: { items: [SAMPLE_IMAGE], total: 30 } },
    { type: 'xstate.done.actor.listAssets', output: { items: [], total: 0 } },
    { type: 'xstate.error.actor.listAssets', error: new TypeError('Failed to fetch') },
    { type: 'search.change', query: 'spring' },
    { type: 'load.retry' },
    { type: 'asset.choose', asset: SAMPLE_IMAGE },
  ],
});

import { defineChart } from '../chart';
import { createCampaignMachine } from './createCampaign.machine';

export const createCampaignChart = defineChart({
  name: 'createCampaign',
  title: 'Create campaign modal',
  machine: createCampaignMachine,
  description: createCampaignMachine.root.description ?? '',
  events: [
    {
      type: 'xstate.done.actor.loadObjectives',
      output: [
        { id: 1, label: 'Awareness', icon: 'megaphone' },
        { id: 2, label: 'Traffic', icon: 'cursor' },
      ],
    },
    { type: 'xstate.error.actor.loadObjectives', error: new TypeError('Failed to fetch') },
    { type: 'objective.select', objectiveId: 2 },
    { type: 'objective.select', objectiveId: 99 },
    { type: 'modal.submit' },
    { type: 'modal.cancel' },
    { type: 'modal.retry' },
  ],
});

/** What each state of the “Create campaign” modal promises. */
import { connectCreateCampaign } from '@machines/createCampaign/createCampaign.connect';
import { createCampaignMachine } from '@machines/createCampaign/createCampaign.machine';
import { defineOracle, expectEqual, expectFields } from '../oracle';
import { formMessage, sentBy } from './shared';

export const createCampaignOracle = defineOracle(createCampaignMachine, {
  states: {
    loading: ({ snapshot }) => {
      expectFields(
        connectCreateCampaign(snapshot, () => {}),
        { phase: 'loading', canSubmit: false },
      );
    },
    loadFailed: ({ snapshot, event }) => {
      expectFields(
        connectCreateCampaign(snapshot, () => {}),
        {
          phase: 'loadFailed',
          canSubmit: false,
          loadError: formMessage(event.error),
        },
      );
      expectEqual(
        sentBy(
          (send) => connectCreateCampaign(snapshot, send),
          (dialog) => dialog.retry(),
        ),
        [{ type: 'modal.retry' }],
        'Try again sends',
      );
    },
    choosing: ({ snapshot, event, previous }) => {
      const view = connectCreateCampaign(snapshot, () => {});
      expectFields(view, { phase: 'choosing', canSubmit: true, loadError: null });
      expectEqual(
        sentBy(
          (send) => connectCreateCampaign(snapshot, send),
          (dialog) => dialog.selectObjective(2),
        ),
        [{ type: 'objective.select', objectiveId: 2 }],
        'an objective card sends',
      );
      expectEqual(
        sentBy(
          (send) => connectCreateCampaign(snapshot, send),
          (dialog) => dialog.submit(),
        ),
        [{ type: 'modal.submit' }],
        'Create campaign sends',
      );
      if (event.type === 'xstate.done.actor.loadObjectives') {
        // One card per objective, objective 1 preselected (the samples offer 1 and 2).
        expectEqual(
          view.objectives,
          (event.output as Array<{ id: number; label: string; icon: string }>).map((objective) => ({
            ...objective,
            isSelected: objective.id === 1,
          })),
          'objective cards',
        );
      } else if (event.type === 'objective.select') {
        // An offered objective is selected; one the list does not offer changes nothing.
        const offered = view.objectives.some((objective) => objective.id === event.objectiveId);
        expectEqual(
          view.selectedObjectiveId,
          offered ? event.objectiveId : previous?.context.selectedObjectiveId,
          'selected objective',
        );
      }
      expectEqual(
        view.objectives.filter((objective) => objective.isSelected).map((objective) => objective.id),
        [view.selectedObjectiveId],
        'the one selected card',
      );
    },
    submitted: ({ snapshot, emitted, previous }) => {
      expectEqual(snapshot.status, 'done', 'status');
      const objective = previous?.context.selectedObjectiveId;
      expectEqual(
        emitted,
        [{ type: 'navigate', to: `/planning/wizard/new/overview?objective=${objective}` }],
        'emitted',
      );
    },
    cancelled: ({ snapshot, emitted }) => {
      expectEqual(snapshot.status, 'done', 'status');
      expectEqual(emitted, [{ type: 'modal.close' }], 'emitted');
    },
  },
});

import { assertEvent, assign, emit, fromPromise, setup } from 'xstate';
import { describeFailure } from '../shared/errors';
import { errorParams, type LoadDone, loadStates } from '../shared/loadStates';
import {
  type CreateCampaignContext,
  type CreateCampaignEmitted,
  type CreateCampaignEvent,
  type ObjectiveOption,
  OVERVIEW_PATH,
  PRESELECTED_OBJECTIVE_ID,
} from './createCampaign.types';

/** The objective to start on: id 1 when it is offered, else the first one. */
export function initialObjectiveId(objectives: readonly ObjectiveOption[]): number {
  return objectives.some((o) => o.id === PRESELECTED_OBJECTIVE_ID)
    ? PRESELECTED_OBJECTIVE_ID
    : (objectives[0]?.id ?? PRESELECTED_OBJECTIVE_ID);
}

export const createCampaignMachine = setup({
  types: {
    context: {} as CreateCampaignContext,
    events: {} as CreateCampaignEvent,
    emitted: {} as CreateCampaignEmitted,
  },
  actors: {
    /** Reads the objectives resource; `src/` provides it. */
    loadObjectives: fromPromise<ObjectiveOption[]>(async () => {
      throw new Error('not provided: loadObjectives');
    }),
  },
  guards: {
    isOffered: ({ context, event }) =>
      event.type === 'objective.select' && context.objectives.some((o) => o.id === event.objectiveId),
  },
  actions: {
    selectObjective: assign(({ event }) => {
      assertEvent(event, 'objective.select');
      return { selectedObjectiveId: event.objectiveId };
    }),
    showObjectives: assign((_, params: { objectives: ObjectiveOption[] }) => ({
      objectives: params.objectives,
      selectedObjectiveId: initialObjectiveId(params.objectives),
      loadError: null,
    })),
    showLoadError: assign((_, params: { error: unknown }) => ({
      loadError: describeFailure(params.error, []).formError,
    })),
    close: emit({ type: 'modal.close' } as const),
    goToOverview: emit(({ context }) => ({
      type: 'navigate' as const,
      to: `${OVERVIEW_PATH}?objective=${context.selectedObjectiveId}`,
    })),
  },
}).createMachine({
  id: 'createCampaign',
  description:
    "The 'Create campaign' modal (?modal=create-campaign): pick the campaign's objective, then continue to the planning overview.",
  context: { objectives: [], selectedObjectiveId: PRESELECTED_OBJECTIVE_ID, loadError: null },
  initial: 'loading',
  on: { 'modal.cancel': { target: '.cancelled' } },
  states: {
    ...loadStates({
      actor: 'loadObjectives',
      names: { failed: 'loadFailed' },
      descriptions: {
        loading: 'The objectives are being fetched; the dialog shows a loading line and Cancel.',
        failed: 'The objectives could not be fetched: the dialog says why and offers Try again and Cancel.',
      },
      onDone: {
        target: 'choosing',
        actions: {
          type: 'showObjectives',
          params: ({ event }: LoadDone<ObjectiveOption[]>) => ({ objectives: event.output }),
        },
      },
      failAction: { type: 'showLoadError', params: errorParams },
      retry: { event: 'modal.retry' },
    }),
    choosing: {
      description:
        'One selectable card per objective (label and icon), objective 1 preselected; Create campaign continues.',
      on: {
        'objective.select': { guard: 'isOffered', actions: 'selectObjective' },
        'modal.submit': { target: 'submitted' },
      },
    },
    submitted: {
      description:
        'The chosen objective goes to /planning/wizard/new/overview?objective=N (a GET navigation).',
      type: 'final',
      entry: 'goToOverview',
    },
    cancelled: {
      description: 'Cancel: the modal parameter is removed and the dialog closes.',
      type: 'final',
      entry: 'close',
    },
  },
});

import type { SnapshotFrom } from 'xstate';
import type { createCampaignMachine } from './createCampaign.machine';
import type { CreateCampaignEvent } from './createCampaign.types';

export type CreateCampaignSnapshot = SnapshotFrom<typeof createCampaignMachine>;

/** What the create-campaign dialog shows, with its commands bound to `send`. */
export function connectCreateCampaign(
  snapshot: CreateCampaignSnapshot,
  send: (event: CreateCampaignEvent) => void,
) {
  const { objectives, selectedObjectiveId, loadError } = snapshot.context;
  return {
    phase: snapshot.matches('loading')
      ? ('loading' as const)
      : snapshot.matches('loadFailed')
        ? ('loadFailed' as const)
        : ('choosing' as const),
    objectives: objectives.map((o) => ({ ...o, isSelected: o.id === selectedObjectiveId })),
    selectedObjectiveId,
    loadError,
    canSubmit: snapshot.matches('choosing'),
    /** An objective's card. */
    selectObjective: (objectiveId: number) => send({ type: 'objective.select', objectiveId }),
    /** “Create campaign”: on to the planning overview with the objective. */
    submit: () => send({ type: 'modal.submit' }),
    /** Cancel, Escape or a click outside. */
    cancel: () => send({ type: 'modal.cancel' }),
    /** “Try again” after the objectives could not be fetched. */
    retry: () => send({ type: 'modal.retry' }),
  };
}
export type CreateCampaignView = ReturnType<typeof connectCreateCampaign>;

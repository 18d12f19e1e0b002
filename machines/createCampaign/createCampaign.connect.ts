import type { SnapshotFrom } from 'xstate';
import type { createCampaignMachine } from './createCampaign.machine';

export type CreateCampaignSnapshot = SnapshotFrom<typeof createCampaignMachine>;

/** What the create-campaign dialog shows. */
export function connectCreateCampaign(snapshot: CreateCampaignSnapshot) {
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
  };
}
export type CreateCampaignView = ReturnType<typeof connectCreateCampaign>;

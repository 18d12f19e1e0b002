import type { SnapshotFrom } from 'xstate';
import { connectPageForm, type PageFormView } from '../shared/formView';
import type { CampaignOverviewMachine } from './campaignOverview.machine';
import {
  CAMPAIGN_OVERVIEW_FIELDS,
  type CampaignOverviewEvent,
  type CampaignOverviewField,
  type CampaignOverviewTextField,
  type CampaignOverviewValues,
} from './campaignOverview.types';

export type CampaignOverviewSnapshot = SnapshotFrom<CampaignOverviewMachine>;

/**
 * Everything the overview form shows, derived from the machine's snapshot, with its commands (`isDone`:
 * saved and leaving for the review step).
 */
export interface CampaignOverviewView
  extends PageFormView<CampaignOverviewValues, CampaignOverviewField, CampaignOverviewTextField> {
  isPlatformSelected(platform: string): boolean;
  selectObjective(objectiveId: number): void;
  togglePlatform(platform: string, selected: boolean): void;
}

export function connectCampaignOverview(
  snapshot: CampaignOverviewSnapshot,
  send: (event: CampaignOverviewEvent) => void,
): CampaignOverviewView {
  const form = connectPageForm(snapshot, send, {
    fields: CAMPAIGN_OVERVIEW_FIELDS,
    submitLabel: 'Continue to review',
    busyLabel: 'Saving…',
  });
  return {
    ...form,
    isPlatformSelected: (platform) => form.values.platforms.includes(platform),
    selectObjective: (objectiveId) => send({ type: 'objective.select', objectiveId }),
    togglePlatform: (platform, selected) => send({ type: 'platform.toggle', platform, selected }),
  };
}

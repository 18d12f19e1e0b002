export interface ObjectiveOption {
  id: number;
  label: string;
  icon: string;
}

export interface CreateCampaignContext {
  objectives: ObjectiveOption[];
  /** The chosen objective id; the spec preselects 1. */
  selectedObjectiveId: number;
  loadError: string | null;
}

export type CreateCampaignEvent =
  | { type: 'objective.select'; objectiveId: number }
  | { type: 'modal.submit' }
  | { type: 'modal.cancel' }
  | { type: 'modal.retry' };

export type CreateCampaignEmitted =
  | { type: 'modal.close' }
  /** The view performs the GET to /planning/wizard/new/overview carrying the objective. */
  | { type: 'navigate'; to: string };

export const PRESELECTED_OBJECTIVE_ID = 1;
export const OVERVIEW_PATH = '/planning/wizard/new/overview';

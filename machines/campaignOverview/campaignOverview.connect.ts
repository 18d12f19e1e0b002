import type { SnapshotFrom } from 'xstate';
import type { CampaignOverviewMachine } from './campaignOverview.machine';
import type {
  CampaignOverviewEvent,
  CampaignOverviewFailure,
  CampaignOverviewField,
  CampaignOverviewTextField,
  CampaignOverviewValues,
} from './campaignOverview.types';

export type CampaignOverviewSnapshot = SnapshotFrom<CampaignOverviewMachine>;

/** Everything the overview form shows, derived from the machine's snapshot, with its commands. */
export interface CampaignOverviewView {
  values: CampaignOverviewValues;
  /** Message under each field, or null. */
  fieldErrors: Record<CampaignOverviewField, string | null>;
  /** Message above the form, or null. */
  formError: string | null;
  /** The server's last refusal (the page shows “Upgrade now” for REQUIRES_UPGRADE), or null. */
  failure: CampaignOverviewFailure | null;
  isSubmitting: boolean;
  /** Saved and leaving for the review step. */
  isDone: boolean;
  /** The submit button is disabled (saving, or saved). */
  isLocked: boolean;
  submitLabel: string;
  isPlatformSelected(platform: string): boolean;
  changeField(field: CampaignOverviewTextField, value: string): void;
  selectObjective(objectiveId: number): void;
  togglePlatform(platform: string, selected: boolean): void;
  submit(): void;
}

export function connectCampaignOverview(
  snapshot: CampaignOverviewSnapshot,
  send: (event: CampaignOverviewEvent) => void,
): CampaignOverviewView {
  const { values, fieldErrors, formError, failure } = snapshot.context;
  const isSubmitting = snapshot.matches('submitting');
  const isDone = snapshot.matches('succeeded');
  return {
    values,
    fieldErrors: {
      name: fieldErrors.name ?? null,
      objectiveId: fieldErrors.objectiveId ?? null,
      customerId: fieldErrors.customerId ?? null,
      platforms: fieldErrors.platforms ?? null,
      startDate: fieldErrors.startDate ?? null,
      endDate: fieldErrors.endDate ?? null,
      budget: fieldErrors.budget ?? null,
      currency: fieldErrors.currency ?? null,
    },
    formError,
    failure,
    isSubmitting,
    isDone,
    isLocked: isSubmitting || isDone,
    submitLabel: isSubmitting || isDone ? 'Saving…' : 'Continue to review',
    isPlatformSelected: (platform) => values.platforms.includes(platform),
    changeField: (field, value) => send({ type: 'field.change', field, value }),
    selectObjective: (objectiveId) => send({ type: 'objective.select', objectiveId }),
    togglePlatform: (platform, selected) => send({ type: 'platform.toggle', platform, selected }),
    submit: () => send({ type: 'form.submit' }),
  };
}

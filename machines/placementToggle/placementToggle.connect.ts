import type { CampaignPlatformStatus } from '@contract/campaigns';
import type { SnapshotFrom } from 'xstate';
import { allowedPlacementActions } from '../campaignLifecycle/campaignLifecycle.rules';
import type { CampaignStatus } from '../campaignLifecycle/campaignLifecycle.types';
import type { PlacementToggleMachine } from './placementToggle.machine';
import type { PlacementToggleEvent } from './placementToggle.types';

export type PlacementToggleSnapshot = SnapshotFrom<PlacementToggleMachine>;

/** What one platform's row offers. */
export interface PlacementRowView {
  /** The button shown (null: none, the charts allow neither now). */
  action: 'pause' | 'resume' | null;
  /** “Pause”, “Resume”, or “Pausing…” / “Resuming…” while this row's request is on its way. */
  label: string;
  /** The button's accessible name: “Pause TikTok”. */
  accessibleLabel: string;
  /** Every row waits while one request is on its way. */
  disabled: boolean;
  /** Why this platform's last request was refused (the row shows it by its button). */
  refusal: string | null;
  /** Sends the row's action. */
  press: () => void;
}

export interface PlacementToggleView {
  isSending: boolean;
  rowOf: (
    campaignStatus: CampaignStatus,
    platform: { key: string; displayName: string; status: CampaignPlatformStatus },
  ) => PlacementRowView;
}

const LABELS = { pause: ['Pause', 'Pausing…'], resume: ['Resume', 'Resuming…'] } as const;

export function connectPlacementToggle(
  snapshot: PlacementToggleSnapshot,
  send: (event: PlacementToggleEvent) => void,
): PlacementToggleView {
  const { request, refusal } = snapshot.context;
  const isSending = snapshot.matches('sending');
  return {
    isSending,
    rowOf: (campaignStatus, platform) => {
      const mine = isSending && request?.platformKey === platform.key;
      const allowed = allowedPlacementActions(campaignStatus, platform.status);
      const action = mine ? request!.action : allowed.pause ? 'pause' : allowed.resume ? 'resume' : null;
      const label = action ? LABELS[action][mine ? 1 : 0] : '';
      return {
        action,
        label,
        accessibleLabel: action ? `${LABELS[action][0]} ${platform.displayName}` : '',
        disabled: isSending,
        refusal: refusal?.platformKey === platform.key ? refusal.message : null,
        press: () => {
          if (!action) return;
          send({
            type: action === 'pause' ? 'platform.pause' : 'platform.resume',
            platformKey: platform.key,
            platformName: platform.displayName,
          });
        },
      };
    },
  };
}

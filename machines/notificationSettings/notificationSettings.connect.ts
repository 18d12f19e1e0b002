import type { SnapshotFrom } from 'xstate';
import type { NotificationSettingsMachine } from './notificationSettings.machine';
import type { NotificationKind, NotificationSettingsEvent } from './notificationSettings.types';

export type NotificationSettingsSnapshot = SnapshotFrom<NotificationSettingsMachine>;

export interface NotificationSettingsView {
  isLoading: boolean;
  loadError: string | null;
  rows: { kind: NotificationKind; label: string; email: boolean }[];
  /** The daily pacing digest box (while saving: the value on its way). */
  digest: boolean;
  isSaving: boolean;
  error: string | null;
  notice: string | null;
  change: (kind: NotificationKind, email: boolean) => void;
  changeDigest: (value: boolean) => void;
  retry: () => void;
  dismiss: () => void;
}

export function connectNotificationSettings(
  snapshot: NotificationSettingsSnapshot,
  send: (event: NotificationSettingsEvent) => void,
): NotificationSettingsView {
  const { context } = snapshot;
  const pending = context.pending;
  return {
    isLoading: snapshot.matches('loading'),
    loadError: snapshot.matches('failed') ? context.loadError : null,
    // The box being saved shows the new value.
    rows: context.preferences.map((p) => ({
      kind: p.kind,
      label: p.label,
      email: pending?.kind === p.kind ? pending.email : p.email,
    })),
    digest: context.pendingDigest ?? context.digest,
    isSaving: snapshot.matches('saving') || snapshot.matches('savingDigest'),
    error: context.error,
    notice: context.notice,
    change: (kind, email) => send({ type: 'email.change', kind, email }),
    changeDigest: (value) => send({ type: 'digest.change', value }),
    retry: () => send({ type: 'retry' }),
    dismiss: () => send({ type: 'notice.dismiss' }),
  };
}

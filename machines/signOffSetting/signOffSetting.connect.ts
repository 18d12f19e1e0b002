import type { SnapshotFrom } from 'xstate';
import type { SignOffSettingMachine } from './signOffSetting.machine';
import type { SignOffSettingEvent } from './signOffSetting.types';

export type SignOffSettingSnapshot = SnapshotFrom<SignOffSettingMachine>;

/** Everything the “Client sign-off” card shows, commands included. */
export interface SignOffSettingView {
  isLoading: boolean;
  loadError: string | null;
  /** The switch's position (while saving: the value on its way). */
  checked: boolean;
  isDisabled: boolean;
  isSaving: boolean;
  /** Why the switch is disabled for this member; null when it is not. */
  disabledReason: string | null;
  notice: string | null;
  error: string | null;
  change: (value: boolean) => void;
  retry: () => void;
  dismiss: () => void;
}

export function connectSignOffSetting(
  snapshot: SignOffSettingSnapshot,
  send: (event: SignOffSettingEvent) => void,
): SignOffSettingView {
  const { context } = snapshot;
  const isSaving = snapshot.matches('saving');
  return {
    isLoading: snapshot.matches('loading'),
    loadError: snapshot.matches('failed') ? context.loadError : null,
    checked: isSaving ? (context.pending ?? context.launchNeedsSignOff) : context.launchNeedsSignOff,
    isDisabled: !context.canManage || !snapshot.matches('ready'),
    isSaving,
    disabledReason: context.canManage
      ? null
      : (context.manageRefusal ?? 'Only owners and admins can change this setting.'),
    notice: context.notice,
    error: context.error,
    change: (value) => send({ type: 'signOff.change', value }),
    retry: () => send({ type: 'retry' }),
    dismiss: () => send({ type: 'notice.dismiss' }),
  };
}

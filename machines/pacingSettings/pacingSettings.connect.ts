import type { SnapshotFrom } from 'xstate';
import type { PacingSettingsMachine } from './pacingSettings.machine';
import type { PacingSettingsEvent, ThresholdField } from './pacingSettings.types';

export type PacingSettingsSnapshot = SnapshotFrom<PacingSettingsMachine>;

export interface ThresholdFieldView {
  name: ThresholdField;
  label: string;
  hint: string;
  value: string;
  error: string | null;
  change: (value: string) => void;
}

/** Everything Settings → Pacing alerts shows, commands included. */
export interface PacingSettingsView {
  isLoading: boolean;
  loadError: string | null;
  fields: ThresholdFieldView[];
  /** The fields and buttons are locked (saving, or the role may not change them). */
  isLocked: boolean;
  isSaving: boolean;
  /** Why this member cannot change them; null when they can. */
  readOnlyReason: string | null;
  /** "Using the defaults" or when they were last changed. */
  origin: string | null;
  notice: string | null;
  error: string | null;
  submit: () => void;
  useDefaults: () => void;
  retry: () => void;
  dismiss: () => void;
}

const COPY: Record<ThresholdField, { label: string; hint: string }> = {
  underPercent: {
    label: 'Underpacing beyond (%)',
    hint: 'Alert when spend to date is more than this much below what is planned to date.',
  },
  overPercent: {
    label: 'Overpacing beyond (%)',
    hint: 'Alert when spend to date is more than this much above what is planned to date.',
  },
};

export function connectPacingSettings(
  snapshot: PacingSettingsSnapshot,
  send: (event: PacingSettingsEvent) => void,
): PacingSettingsView {
  const { context } = snapshot;
  const isSaving = snapshot.matches('saving');
  const saved = context.saved;
  return {
    isLoading: snapshot.matches('loading'),
    loadError: snapshot.matches('failed') ? context.loadError : null,
    fields: (['underPercent', 'overPercent'] as const).map((name) => ({
      name,
      ...COPY[name],
      value: context.values[name],
      error: context.fieldErrors[name] ?? null,
      change: (value: string) => send({ type: 'field.change', field: name, value }),
    })),
    isLocked: isSaving || !context.canManage,
    isSaving,
    readOnlyReason: context.canManage
      ? null
      : (context.manageRefusal ?? 'Only owners, admins and planners can change pacing alerts.'),
    origin:
      saved === null ? null : saved.isDefault ? 'These are the defaults: no one has changed them.' : null,
    notice: context.notice,
    error: context.error,
    submit: () => send({ type: 'form.submit' }),
    useDefaults: () => send({ type: 'defaults.use' }),
    retry: () => send({ type: 'retry' }),
    dismiss: () => send({ type: 'notice.dismiss' }),
  };
}

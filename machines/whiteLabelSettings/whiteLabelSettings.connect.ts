import type { SnapshotFrom } from 'xstate';
import { isDirtyValues, normalizeValues, type WhiteLabelSettingsMachine } from './whiteLabelSettings.machine';
import type { WhiteLabelField, WhiteLabelSettingsEvent, WhiteLabelValues } from './whiteLabelSettings.types';

export type WhiteLabelSettingsSnapshot = SnapshotFrom<WhiteLabelSettingsMachine>;

const HEX = /^#[0-9a-f]{6}$/i;

/** WCAG relative luminance of a #rrggbb colour. */
function luminance(hex: string): number {
  const channel = (offset: number) => {
    const c = Number.parseInt(hex.slice(offset, offset + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
}

/** Dark text (#111111, spec §9) on light backgrounds, white on dark ones: whichever contrasts more. */
export function readableTextOn(hex: string): '#111111' | '#ffffff' {
  if (!HEX.test(hex)) return '#111111';
  const l = luminance(hex);
  const dark = luminance('#111111');
  return (l + 0.05) / (dark + 0.05) >= 1.05 / (l + 0.05) ? '#111111' : '#ffffff';
}

export interface WhiteLabelPreview {
  brandName: string;
  navbar: string;
  onNavbar: string;
  primary: string;
  onPrimary: string;
}

/** Everything the white-label settings page shows, derived from the machine's snapshot. */
export interface WhiteLabelSettingsView {
  values: WhiteLabelValues;
  fieldErrors: Record<WhiteLabelField, string | null>;
  formError: string | null;
  isLoading: boolean;
  loadError: string | null;
  /** The plan lacks the feature: show the upgrade notice, everything disabled. */
  needsUpgrade: boolean;
  /** Inputs are disabled (loading, locked, or saving). */
  isDisabled: boolean;
  isSaving: boolean;
  isDirty: boolean;
  /** “White-label settings saved.” */
  isSaved: boolean;
  canSave: boolean;
  canDiscard: boolean;
  submitLabel: string;
  iconUrl: string | null;
  /** The navbar as it will look (colours that are not valid yet fall back to the saved ones). */
  preview: WhiteLabelPreview;
  changeField: (field: WhiteLabelField, value: string) => void;
  setEnabled: (value: boolean) => void;
  /** “Save changes”. */
  submit: () => void;
  /** “Discard changes”: back to the saved values. */
  discard: () => void;
  /** “Try again” after a failed load. */
  retry: () => void;
}

export function connectWhiteLabelSettings(
  snapshot: WhiteLabelSettingsSnapshot,
  send: (event: WhiteLabelSettingsEvent) => void,
): WhiteLabelSettingsView {
  const { values, saved, fieldErrors, formError, loadError, iconUrl } = snapshot.context;
  const isLoading = snapshot.matches('loading');
  const needsUpgrade = snapshot.matches('locked');
  const isSaving = snapshot.matches('saving');
  const isReady = snapshot.matches('ready');
  const isDirty = isDirtyValues(values, saved);
  const shown = normalizeValues(values);
  const navbar = HEX.test(shown.navbarHex) ? shown.navbarHex : saved.navbarHex;
  const primary = HEX.test(shown.primaryHex) ? shown.primaryHex : saved.primaryHex;
  return {
    changeField: (field, value) => send({ type: 'field.change', field, value }),
    setEnabled: (value) => send({ type: 'enabled.change', value }),
    submit: () => send({ type: 'form.submit' }),
    discard: () => send({ type: 'form.reset' }),
    retry: () => send({ type: 'retry' }),
    values,
    fieldErrors: {
      brandName: fieldErrors.brandName ?? null,
      primaryHex: fieldErrors.primaryHex ?? null,
      navbarHex: fieldErrors.navbarHex ?? null,
    },
    formError,
    isLoading,
    loadError: snapshot.matches('loadFailed') ? loadError : null,
    needsUpgrade,
    isDisabled: !isReady,
    isSaving,
    isDirty,
    isSaved: snapshot.matches({ ready: 'saved' }),
    canSave: isReady && isDirty,
    canDiscard: isReady && isDirty,
    submitLabel: isSaving ? 'Saving…' : 'Save changes',
    iconUrl,
    preview: {
      brandName: shown.brandName,
      navbar,
      onNavbar: readableTextOn(navbar),
      primary,
      onPrimary: readableTextOn(primary),
    },
  };
}

import type { FieldErrors } from '../shared/validation';

/**
 * Types of the white-label settings form (`whiteLabelSettings`): brand name, primary and navbar colours and
 * the on/off switch of the current organization. The icon has its own chart (`iconUpload`).
 */

export type WhiteLabelField = 'brandName' | 'primaryHex' | 'navbarHex';

export const WHITE_LABEL_FIELDS: readonly WhiteLabelField[] = ['brandName', 'primaryHex', 'navbarHex'];

/** The editable settings, as the form holds them (brand name '' when none). */
export interface WhiteLabelValues {
  isEnabled: boolean;
  brandName: string;
  primaryHex: string;
  navbarHex: string;
}

/** What loading (GET /api/organization/white-label) and saving (PATCH) tell the chart. */
export interface WhiteLabelState extends WhiteLabelValues {
  /** The organization's plan includes white-labelling. */
  hasFeature: boolean;
  /** The brand icon's URL, or null without one (the icon chart takes it from here). */
  iconUrl: string | null;
}

/** The PATCH body: every setting, trimmed and normalised (an empty brand name clears it). */
export interface WhiteLabelUpdateRequest {
  whiteLabelIsEnabled: boolean;
  whiteLabelBrandName: string | null;
  whiteLabelPrimaryHexCode: string;
  whiteLabelNavbarBackgroundHexCode: string;
}

export interface WhiteLabelSettingsContext {
  values: WhiteLabelValues;
  /** The values last loaded or saved: the form is "dirty" when `values` differ, and Discard returns here. */
  saved: WhiteLabelValues;
  hasFeature: boolean;
  iconUrl: string | null;
  fieldErrors: FieldErrors<WhiteLabelField>;
  /** Above the form: a refusal naming no field, or no answer. */
  formError: string | null;
  loadError: string | null;
}

export type WhiteLabelSettingsEvent =
  | { type: 'field.change'; field: WhiteLabelField; value: string }
  /** The “Use white-label branding” switch. */
  | { type: 'enabled.change'; value: boolean }
  | { type: 'form.submit' }
  /** “Discard changes”: back to the saved values. */
  | { type: 'form.reset' }
  /** Another request (e.g. the icon upload) was refused with REQUIRES_UPGRADE. */
  | { type: 'upgrade.required' }
  | { type: 'retry' };

/** Emitted after a save: the session must refresh so the title, colours and icon change at once. */
export type WhiteLabelSettingsEmitted = { type: 'whiteLabel.saved' };

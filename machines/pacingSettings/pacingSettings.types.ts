import type { PacingSettings } from '@contract/pacing';

/**
 * Types of Settings → Pacing alerts (`pacingSettings`, issue 28): the account's thresholds beyond which a
 * flight or budget is off pace (and its planners are alerted).
 */

export type { PacingSettings };

export type ThresholdField = 'underPercent' | 'overPercent';

export interface PacingSettingsInput {
  /** The member's role may change them (`pacing.manage`). */
  canManage: boolean;
  /** Why not, as the policy says it; null when allowed. */
  manageRefusal: string | null;
}

export interface PacingSettingsContext extends PacingSettingsInput {
  /** As the server has them. */
  saved: PacingSettings | null;
  /** What the fields hold (text, as typed). */
  values: Record<ThresholdField, string>;
  /** Each field's problem (the form's own check or the server's 400). */
  fieldErrors: Partial<Record<ThresholdField, string>>;
  loadError: string | null;
  /** The save's refusal that names no field, or no answer. */
  error: string | null;
  notice: string | null;
}

export type PacingSettingsEvent =
  | { type: 'retry' }
  | { type: 'field.change'; field: ThresholdField; value: string }
  /** “Use the defaults”: the fields back to 15 % and 15 % (saved with Save, like any change). */
  | { type: 'defaults.use' }
  | { type: 'form.submit' }
  | { type: 'notice.dismiss' };

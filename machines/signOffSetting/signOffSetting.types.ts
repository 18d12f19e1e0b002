/**
 * Types of the Team page's “Client sign-off” card (`signOffSetting`, issue 27): the organization's
 * “Launch needs sign-off”.
 */

export interface SignOffSettingInput {
  organizationId: string;
  /** The member's role may change organization settings (`organization.manage`). */
  canManage: boolean;
  /** Why not, as the policy says it; null when allowed. */
  manageRefusal: string | null;
}

export interface SignOffSettingContext extends SignOffSettingInput {
  launchNeedsSignOff: boolean;
  /** The value on its way to the server. */
  pending: boolean | null;
  loadError: string | null;
  /** The save's refusal, or no answer. */
  error: string | null;
  notice: string | null;
}

export type SignOffSettingEvent =
  | { type: 'retry' }
  /** The switch was turned on or off. */
  | { type: 'signOff.change'; value: boolean }
  | { type: 'notice.dismiss' };

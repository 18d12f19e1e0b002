import * as v from 'valibot';
import { type VerificationMethod, VerificationMethodSchema } from './provider';
import { VERIFICATION_METHOD_NAMES } from './securityNotices';
import { STEP_UP_ACTIONS, type StepUpAction } from './stepUp';

/**
 * The security page's “Recent activity” (issue 11): the user's sign-ins and step-ups — when, how, what and
 * from which browser — so a person notices what they did not do.
 */

/** How long events are kept (older ones are deleted when new ones are written). */
export const SECURITY_ACTIVITY_DAYS = 90;
/** `GET /api/security/activity?_end=` default and maximum. */
export const SECURITY_ACTIVITY_DEFAULT_LIMIT = 20;
export const SECURITY_ACTIVITY_MAX_LIMIT = 100;

export const SECURITY_EVENT_KINDS = ['sign_in', 'step_up'] as const;
export type SecurityEventKind = (typeof SECURITY_EVENT_KINDS)[number];

/** A sign-in's method ('PASSWORD', 'SINGLE_SIGN_ON') or a step-up's verification method. */
export const SecurityEventMethodSchema = v.union([
  v.literal('PASSWORD'),
  v.literal('SINGLE_SIGN_ON'),
  VerificationMethodSchema,
]);
export type SecurityEventMethod = v.InferOutput<typeof SecurityEventMethodSchema>;

export const SecurityEventSchema = v.object({
  id: v.string(),
  kind: v.picklist(SECURITY_EVENT_KINDS),
  method: SecurityEventMethodSchema,
  /** The step-up's action ('deleteCampaign'); null for a sign-in. */
  action: v.nullable(v.string()),
  /** What the person confirmed, as the challenge dialog showed it; null when the step-up had no target. */
  description: v.nullable(v.string()),
  /** "Chrome on macOS", or "an unknown browser". */
  browser: v.string(),
  /** A sign-in from a browser the user had not signed in from before (issue 26); absent: no. */
  newDevice: v.optional(v.boolean()),
  /** ISO date-time. */
  createdAt: v.string(),
});
export type SecurityEvent = v.InferOutput<typeof SecurityEventSchema>;

/** GET /api/security/activity: the user's most recent events, newest first. */
export const SecurityActivitySchema = v.object({ events: v.array(SecurityEventSchema) });
export type SecurityActivity = v.InferOutput<typeof SecurityActivitySchema>;

/** How people read an untargeted step-up's action. */
export const STEP_UP_ACTION_NAMES: Record<StepUpAction, string> = {
  [STEP_UP_ACTIONS.launchCampaign]: 'Launch a campaign',
  [STEP_UP_ACTIONS.resumeCampaign]: 'Resume a campaign',
  [STEP_UP_ACTIONS.deleteCampaign]: 'Delete a campaign',
  [STEP_UP_ACTIONS.deleteCustomer]: 'Delete a customer',
  [STEP_UP_ACTIONS.removeAuthenticator]: 'Remove a sign-in method',
  [STEP_UP_ACTIONS.addAuthenticator]: 'Add a sign-in method',
  [STEP_UP_ACTIONS.disconnectPlatform]: 'Disconnect an ad platform',
  [STEP_UP_ACTIONS.reconnectPlatform]: 'Reconnect an ad platform',
  [STEP_UP_ACTIONS.changeMember]: 'Change a member’s role or accounts',
  [STEP_UP_ACTIONS.removeMember]: 'Remove a member',
  [STEP_UP_ACTIONS.revokeInvitation]: 'Withdraw an invitation',
  [STEP_UP_ACTIONS.approvePlan]: 'Approve a plan',
  [STEP_UP_ACTIONS.applyChange]: 'Apply changes to a live campaign',
};

/** “Signed in”, “Confirmed: Delete campaign Spring Launch on Meta and TikTok”. */
export function securityEventTitle(
  event: Pick<SecurityEvent, 'kind' | 'action' | 'description'> & { newDevice?: boolean | undefined },
): string {
  if (event.kind === 'sign_in') return event.newDevice ? 'Signed in from a new device' : 'Signed in';
  const what =
    event.description ??
    (event.action && event.action in STEP_UP_ACTION_NAMES
      ? STEP_UP_ACTION_NAMES[event.action as StepUpAction]
      : event.action);
  return what ? `Confirmed: ${what}` : 'Confirmed it’s you';
}

/** “Password”, “E-mail code”, “Passkey”. */
export const securityEventMethodName = (method: SecurityEventMethod): string =>
  method === 'PASSWORD'
    ? 'Password'
    : method === 'SINGLE_SIGN_ON'
      ? 'Single sign-on'
      : VERIFICATION_METHOD_NAMES[method as VerificationMethod];

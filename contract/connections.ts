import * as v from 'valibot';
import { CONNECTION_STATUSES, SYNC_OUTCOMES } from './delivery';

/**
 * `GET /api/platforms/connections`: the account's connection to every ad platform, in PLATFORMS order.
 * Never a token: what the planner sees is which ad account, since when, until when the access holds.
 */
export const PlatformConnectionSchema = v.object({
  platform: v.string(),
  displayName: v.string(),
  /** not_connected: no row; connected; needs_reconnect: expired or revoked (`problem` says which). */
  status: v.picklist(['not_connected', ...CONNECTION_STATUSES]),
  /** `manager`: the manager account it is reached through (Google Ads), else null. */
  adAccount: v.nullable(
    v.object({
      id: v.string(),
      name: v.string(),
      manager: v.optional(v.nullable(v.object({ id: v.string(), name: v.string() }))),
    }),
  ),
  connectedAt: v.nullable(v.string()),
  accessExpiresAt: v.nullable(v.string()),
  scope: v.nullable(v.string()),
  problem: v.nullable(v.string()),
  lastSync: v.nullable(
    v.object({
      outcome: v.picklist(SYNC_OUTCOMES),
      startedAt: v.string(),
      finishedAt: v.nullable(v.string()),
      message: v.nullable(v.string()),
    }),
  ),
  /**
   * The account's campaigns the platform is running or working on (launching, active, paused…), by name:
   * a Disconnect is refused while there are any (`disconnectRefusal`), and the confirmation names them.
   */
  runningCampaigns: v.optional(v.array(v.object({ id: v.string(), name: v.string() })), []),
});
export type PlatformConnection = v.InferOutput<typeof PlatformConnectionSchema>;
export const PlatformConnectionsSchema = v.array(PlatformConnectionSchema);

/** `POST /api/platforms/{key}/connect` body: where the callback returns to (a same-origin path). */
export const ConnectBodySchema = v.object({ returnTo: v.optional(v.string()) });
/** …and its answer: the platform's consent page, with our `state` and PKCE challenge. */
export const ConnectResponseSchema = v.object({ authorizationUrl: v.string() });

/** `DELETE /api/platforms/{key}/connection`: the platform is no longer connected to the account. */
export const DisconnectResultSchema = v.object({ platform: v.string(), status: v.literal('not_connected') });

/**
 * `?connectError=<reason>` on the page the callback returns to: denied (Cancel on the consent page),
 * expired (the Connect was started more than 10 minutes ago, or used already), failed (the platform
 * refused the code), no_ad_account (the grant reaches no ad account that can run ads), missing_permission
 * (the person did not grant a permission the connector needs).
 */
export const CONNECT_ERRORS = ['denied', 'expired', 'failed', 'no_ad_account', 'missing_permission'] as const;
export type ConnectError = (typeof CONNECT_ERRORS)[number];

export const CONNECT_ERROR_MESSAGES: Record<ConnectError, string> = {
  denied: 'The connection was cancelled on the platform’s consent page.',
  expired: 'That connection attempt expired or was already used. Connect again.',
  failed: 'The platform refused to connect. Try again.',
  no_ad_account:
    'The login you connected with reaches no active ad account. Ask for access to one on the platform, then connect again.',
  missing_permission:
    'Not every permission Flightplan asks for was granted on the consent page. Connect again and allow them all.',
};

/**
 * When a grant reaches several ad accounts (a Meta login with access to many, a Google Ads manager account
 * with its clients), the callback returns with `?chooseAdAccount=<choice id>&platform=<key>` and the planner
 * chooses the one this Flightplan account runs:
 * `GET /api/platforms/{key}/ad-account-choices/{id}` lists them, `POST` the same path with `{ adAccountId }`
 * connects it. A choice lasts 10 minutes and is used once.
 */
export const AdAccountOptionSchema = v.object({
  id: v.string(),
  name: v.string(),
  currency: v.nullable(v.string()),
  manager: v.nullable(v.object({ id: v.string(), name: v.string() })),
});
export type AdAccountOption = v.InferOutput<typeof AdAccountOptionSchema>;
export const AdAccountChoiceSchema = v.object({
  id: v.string(),
  platform: v.string(),
  displayName: v.string(),
  adAccounts: v.array(AdAccountOptionSchema),
  expiresAt: v.string(),
});
export type AdAccountChoice = v.InferOutput<typeof AdAccountChoiceSchema>;
export const ChooseAdAccountBodySchema = v.object({
  adAccountId: v.pipe(
    v.string('choose an ad account'),
    v.trim(),
    v.nonEmpty('choose an ad account'),
    v.maxLength(200, 'at most 200 characters'),
  ),
});
/** …and its answer: the connection made. */
export const ChooseAdAccountResultSchema = v.object({
  platform: v.string(),
  status: v.literal('connected'),
  adAccount: v.object({ id: v.string(), name: v.string() }),
  returnTo: v.string(),
});

/** A launch refused because a planned platform is not connected (409). */
export const PLATFORMS_NOT_CONNECTED = 'PLATFORMS_NOT_CONNECTED';
/** A Disconnect refused while the platform runs the account's campaigns (409). */
export const PLATFORM_IN_USE = 'PLATFORM_IN_USE';

/**
 * Why a Disconnect is refused while `campaigns` run on the platform, naming them ("Pinterest runs 2
 * campaigns of this account: Spring Launch and Brand Lift. Pause or delete them, or reconnect instead."),
 * or null when none does: the 409's message and the confirmation's text.
 */
export function disconnectRefusal(
  displayName: string,
  campaigns: readonly { name: string }[],
): string | null {
  const count = campaigns.length;
  if (count === 0) return null;
  const names = campaigns.map((c) => c.name.trim() || 'an unnamed campaign');
  const listed = names.length > 5 ? [...names.slice(0, 4), `${names.length - 4} more`] : names;
  const list = listed.length === 1 ? listed[0] : `${listed.slice(0, -1).join(', ')} and ${listed.at(-1)}`;
  return `${displayName} runs ${count} ${count === 1 ? 'campaign' : 'campaigns'} of this account: ${list}. Pause or delete ${count === 1 ? 'it' : 'them'}, or reconnect instead.`;
}

/** What a job or the pre-flight says about a platform the account cannot use. */
export function notConnectedMessage(displayName: string, status: 'not_connected' | 'needs_reconnect') {
  return status === 'not_connected'
    ? `${displayName} is not connected: connect it under Platforms.`
    : `${displayName} needs reconnecting: reconnect it under Platforms.`;
}

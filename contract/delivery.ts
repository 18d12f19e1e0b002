import * as v from 'valibot';

/**
 * What an ad platform reports having delivered for one campaign on one day: the counted metrics, kept in
 * the campaign's currency in integer minor units (spend). Rates (CTR, CPC, CPM, cost per conversion) are
 * never stored; reports compute them from these sums (contract/reports.ts).
 */

/** The counted metrics, as platforms report them per campaign and day. */
export const DELIVERY_COUNTS = ['impressions', 'reach', 'clicks', 'spendMinor', 'conversions'] as const;
export type DeliveryCount = (typeof DELIVERY_COUNTS)[number];

export type DeliveryCounts = Record<DeliveryCount, number>;

/** One `delivery_daily` row: a campaign's delivery on one platform on one calendar day. */
export interface DeliveryDay extends DeliveryCounts {
  campaignId: string;
  platformKey: string;
  /** YYYY-MM-DD, the platform's reporting day. */
  date: string;
}

/**
 * Days a platform may still restate: a sync asks for what changed since its last run plus this many days
 * before it, as Meta and Google Ads correct conversions and invalid-click spend after the fact.
 */
export const RESTATEMENT_DAYS = 3;

/** How a sync of one connection ended (`delivery_syncs.outcome`). */
export const SYNC_OUTCOMES = ['running', 'succeeded', 'failed', 'rate_limited'] as const;
export type SyncOutcome = (typeof SYNC_OUTCOMES)[number];

/** A connection's state (`platform_connections.status`); no row = not connected. */
export const CONNECTION_STATUSES = ['connected', 'needs_reconnect'] as const;
export type ConnectionStatus = (typeof CONNECTION_STATUSES)[number];

/** `POST /api/platforms/{key}/sync` (202): the sync is queued; its outcome shows on the connection. */
export const SyncQueuedSchema = v.object({ status: v.literal('queued') });

/** `GET`/`POST /api/sandbox/clock` (never in production): the sandbox platforms' today, YYYY-MM-DD. */
export const SandboxClockSchema = v.object({ today: v.string() });

/**
 * `POST /api/sandbox/clock` body: how many days to move the sandbox clock ahead. The same rules as the route's
 * own `ClockBodySchema` (server/delivery/routes.ts), which should import this one.
 */
export const SandboxClockBodySchema = v.object({
  days: v.pipe(
    v.number('days must be a number'),
    v.integer('days must be a whole number'),
    v.minValue(0, 'days must be 0 or more'),
    v.maxValue(366, 'days must be at most 366'),
  ),
});

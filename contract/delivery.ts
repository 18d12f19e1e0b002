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

import type { AnalyticsEventType } from '@contract/analytics';
import type { Database } from '../db/connect';
import { databaseAnalyticsAdapter } from './databaseAdapter';

/** One analytics event, with the user and organization already taken from the session. */
export interface AnalyticsEvent {
  type: AnalyticsEventType;
  /** page: the path; identify/group: optional label. */
  name: string | null;
  properties: Record<string, unknown>;
  anonymousId: string | null;
  userId: string | null;
  organizationId: string | null;
  occurredAt: Date;
}

/**
 * Where analytics go. `database` stores them in `analytics_events`; `none` drops them. A hosted
 * provider's adapter maps `page` / `identify` / `group` onto its own calls (see docs/analytics.md).
 */
export interface AnalyticsAdapter {
  readonly name: string;
  record(event: AnalyticsEvent): Promise<void>;
}

export type AnalyticsAdapterFactory = (deps: { db: Database }) => AnalyticsAdapter;

export const ANALYTICS_PROVIDERS: Record<string, AnalyticsAdapterFactory> = {
  database: databaseAnalyticsAdapter,
  none: () => ({ name: 'none', record: async () => {} }),
};

/** The adapter named by ANALYTICS_PROVIDER (`config.analyticsProvider`); an unknown name stops the server at start. */
export function analyticsAdapterNamed(name: string): AnalyticsAdapterFactory {
  const factory = Object.hasOwn(ANALYTICS_PROVIDERS, name) ? ANALYTICS_PROVIDERS[name] : undefined;
  if (!factory) {
    throw new Error(
      `ANALYTICS_PROVIDER must be one of ${Object.keys(ANALYTICS_PROVIDERS).join(', ')}; got "${name}"`,
    );
  }
  return factory;
}

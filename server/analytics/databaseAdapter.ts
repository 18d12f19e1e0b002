import { analyticsEvents } from '../db/schema';
import type { AnalyticsAdapter, AnalyticsAdapterFactory } from './adapter';

/** Stores every event in `analytics_events`: self-hosted analytics, queryable with SQL. */
export const databaseAnalyticsAdapter: AnalyticsAdapterFactory = ({ db }): AnalyticsAdapter => ({
  name: 'database',
  async record(event) {
    await db.insert(analyticsEvents).values(event);
  },
});

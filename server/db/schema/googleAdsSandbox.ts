import { index, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns';

/**
 * The local Google Ads API stand-in's resources (server/platforms/sandbox/googleAds/): campaign budgets,
 * campaigns, their criteria, ad groups, ad group criteria, ads and assets, as the API's JSON (lowerCamel
 * fields, int64 as strings), one row per resource name (`customers/{id}/campaigns/{id}`). The review and
 * delivery of a campaign follow its record in `sandbox_platform_campaigns` (platform key `google`).
 */
export const sandboxGoogleAdsResources = pgTable(
  'sandbox_google_ads_resources',
  {
    resourceName: text('resource_name').primaryKey(),
    customerId: text('customer_id').notNull(),
    /** GAQL's resource name: campaign_budget, campaign, campaign_criterion, ad_group, ad_group_criterion, ad_group_ad, asset. */
    kind: text('kind').notNull(),
    /** The campaign it belongs to (its id), for the criteria, ad groups and ads. */
    campaignId: text('campaign_id'),
    fields: jsonb('fields').$type<Record<string, unknown>>().notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('sandbox_google_ads_resources_customer_idx').on(t.customerId, t.kind),
    index('sandbox_google_ads_resources_campaign_idx').on(t.campaignId),
  ],
);

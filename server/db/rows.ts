import type { campaignPlatforms, campaigns } from './schema';

/** A campaign as stored: the one row type of the `campaigns` table every layer above uses. */
export type CampaignRow = typeof campaigns.$inferSelect;

/** One platform of a campaign as stored (`campaign_platforms`). */
export type PlatformRow = typeof campaignPlatforms.$inferSelect;

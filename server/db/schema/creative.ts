import { ASSET_MIME_TYPES, MEDIA_KINDS } from '@contract/creative';
import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { campaigns, platforms } from './campaigns';
import { createdAt, oneOf } from './columns';
import { accounts, organizations, users } from './identity';

// Creative: the asset library and the plan's ads.

/**
 * The account's asset library. The file itself is in the asset storage (server/assets/storage.ts: files
 * under DATA_DIR by default) at `storage_key`; this row is what the server read from its content.
 */
export const creativeAssets = pgTable(
  'creative_assets',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    uploadedBy: uuid('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
    /** contract/creative MEDIA_KINDS */
    kind: text('kind').notNull(),
    /** By content (magic bytes and the parser), never the request's Content-Type. */
    mimeType: text('mime_type').notNull(),
    /** The name it was uploaded as, for the library; never used as a path. */
    name: text('name').notNull(),
    byteSize: bigint('byte_size', { mode: 'number' }).notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    durationMs: integer('duration_ms'),
    /** Hex SHA-256 of the file: the same file uploaded twice is one asset. */
    sha256: text('sha256').notNull(),
    storageKey: text('storage_key').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('creative_assets_account_created_idx').on(t.accountId, t.createdAt),
    uniqueIndex('creative_assets_account_sha_idx').on(t.accountId, t.sha256),
    check('creative_assets_kind_check', oneOf('kind', MEDIA_KINDS)),
    check('creative_assets_mime_check', oneOf('mime_type', ASSET_MIME_TYPES)),
  ],
);

/** The creative step: the plan's ads, per platform, in the planner's order. */
export const campaignAds = pgTable(
  'campaign_ads',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    campaignId: uuid('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    platformKey: text('platform_key')
      .notNull()
      .references(() => platforms.key),
    /** The ad's place in the plan (the wire's `ads[i]`). */
    position: integer('position').notNull(),
    name: text('name').notNull(),
    /** contract/creative AD_FORMATS, as the platform's specs allow. */
    format: text('format').notNull(),
    /** Per text field of the format, its entries: `{ "headline": ["…", "…"] }`. */
    texts: jsonb('texts').$type<Record<string, string[]>>().notNull(),
    destinationUrl: text('destination_url').notNull(),
    /** `{ source, medium, campaign, content }`, or null for no UTM parameters. */
    utm: jsonb('utm').$type<{ source: string; medium: string; campaign: string; content: string }>(),
    callToAction: text('call_to_action').notNull(),
  },
  (t) => [index('campaign_ads_campaign_idx').on(t.campaignId, t.position)],
);

/** The assets of an ad, in order (a carousel's cards), each with the planner's focal point. */
export const campaignAdAssets = pgTable(
  'campaign_ad_assets',
  {
    adId: uuid('ad_id')
      .notNull()
      .references(() => campaignAds.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    /** Restrict: an asset a plan uses cannot be deleted from the library (409 ASSET_IN_USE). */
    assetId: uuid('asset_id')
      .notNull()
      .references(() => creativeAssets.id, { onDelete: 'restrict' }),
    focalX: real('focal_x').notNull().default(0.5),
    focalY: real('focal_y').notNull().default(0.5),
  },
  (t) => [
    primaryKey({ columns: [t.adId, t.position] }),
    index('campaign_ad_assets_asset_idx').on(t.assetId),
    check('campaign_ad_assets_focal_check', sql`focal_x between 0 and 1 and focal_y between 0 and 1`),
  ],
);

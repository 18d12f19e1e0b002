CREATE TABLE "campaign_ad_assets" (
	"ad_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"asset_id" uuid NOT NULL,
	"focal_x" real DEFAULT 0.5 NOT NULL,
	"focal_y" real DEFAULT 0.5 NOT NULL,
	CONSTRAINT "campaign_ad_assets_ad_id_position_pk" PRIMARY KEY("ad_id","position"),
	CONSTRAINT "campaign_ad_assets_focal_check" CHECK (focal_x between 0 and 1 and focal_y between 0 and 1)
);
--> statement-breakpoint
CREATE TABLE "campaign_ads" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"campaign_id" uuid NOT NULL,
	"platform_key" text NOT NULL,
	"position" integer NOT NULL,
	"name" text NOT NULL,
	"format" text NOT NULL,
	"texts" jsonb NOT NULL,
	"destination_url" text NOT NULL,
	"utm" jsonb,
	"call_to_action" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "creative_assets" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"account_id" uuid NOT NULL,
	"uploaded_by" uuid,
	"kind" text NOT NULL,
	"mime_type" text NOT NULL,
	"name" text NOT NULL,
	"byte_size" bigint NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"duration_ms" integer,
	"sha256" text NOT NULL,
	"storage_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "creative_assets_kind_check" CHECK (kind IN ('image', 'video')),
	CONSTRAINT "creative_assets_mime_check" CHECK (mime_type IN ('image/png', 'image/jpeg', 'image/webp', 'video/mp4'))
);
--> statement-breakpoint
ALTER TABLE "campaign_ad_assets" ADD CONSTRAINT "campaign_ad_assets_ad_id_campaign_ads_id_fk" FOREIGN KEY ("ad_id") REFERENCES "public"."campaign_ads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_ad_assets" ADD CONSTRAINT "campaign_ad_assets_asset_id_creative_assets_id_fk" FOREIGN KEY ("asset_id") REFERENCES "public"."creative_assets"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_ads" ADD CONSTRAINT "campaign_ads_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_ads" ADD CONSTRAINT "campaign_ads_platform_key_platforms_key_fk" FOREIGN KEY ("platform_key") REFERENCES "public"."platforms"("key") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "creative_assets" ADD CONSTRAINT "creative_assets_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "creative_assets" ADD CONSTRAINT "creative_assets_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "creative_assets" ADD CONSTRAINT "creative_assets_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "campaign_ad_assets_asset_idx" ON "campaign_ad_assets" USING btree ("asset_id");--> statement-breakpoint
CREATE INDEX "campaign_ads_campaign_idx" ON "campaign_ads" USING btree ("campaign_id","position");--> statement-breakpoint
CREATE INDEX "creative_assets_account_created_idx" ON "creative_assets" USING btree ("account_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "creative_assets_account_sha_idx" ON "creative_assets" USING btree ("account_id","sha256");
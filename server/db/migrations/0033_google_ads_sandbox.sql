CREATE TABLE "sandbox_google_ads_resources" (
	"resource_name" text PRIMARY KEY NOT NULL,
	"customer_id" text NOT NULL,
	"kind" text NOT NULL,
	"campaign_id" text,
	"fields" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "sandbox_google_ads_resources_customer_idx" ON "sandbox_google_ads_resources" USING btree ("customer_id","kind");--> statement-breakpoint
CREATE INDEX "sandbox_google_ads_resources_campaign_idx" ON "sandbox_google_ads_resources" USING btree ("campaign_id");
CREATE TABLE "delivery_daily" (
	"account_id" uuid NOT NULL,
	"campaign_id" uuid NOT NULL,
	"platform_key" text NOT NULL,
	"date" date NOT NULL,
	"impressions" bigint DEFAULT 0 NOT NULL,
	"reach" bigint DEFAULT 0 NOT NULL,
	"clicks" bigint DEFAULT 0 NOT NULL,
	"spend_minor" bigint DEFAULT 0 NOT NULL,
	"conversions" bigint DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "delivery_daily_campaign_id_platform_key_date_pk" PRIMARY KEY("campaign_id","platform_key","date"),
	CONSTRAINT "delivery_daily_counts_check" CHECK (impressions >= 0 AND reach >= 0 AND clicks >= 0 AND spend_minor >= 0 AND conversions >= 0)
);
--> statement-breakpoint
CREATE TABLE "delivery_syncs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"platform_key" text NOT NULL,
	"outcome" text DEFAULT 'running' NOT NULL,
	"since_date" date,
	"campaigns" integer DEFAULT 0 NOT NULL,
	"rows_upserted" integer DEFAULT 0 NOT NULL,
	"message" text,
	"retry_after" timestamp with time zone,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "delivery_syncs_outcome_check" CHECK (outcome IN ('running', 'succeeded', 'failed', 'rate_limited'))
);
--> statement-breakpoint
CREATE TABLE "oauth_authorizations" (
	"state_hash" text PRIMARY KEY NOT NULL,
	"account_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"platform_key" text NOT NULL,
	"code_verifier_sealed" text NOT NULL,
	"return_to" text DEFAULT '/platforms' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "platform_connections" (
	"account_id" uuid NOT NULL,
	"platform_key" text NOT NULL,
	"status" text DEFAULT 'connected' NOT NULL,
	"external_account_id" text NOT NULL,
	"external_account_name" text NOT NULL,
	"access_token_sealed" text NOT NULL,
	"refresh_token_sealed" text,
	"access_expires_at" timestamp with time zone NOT NULL,
	"refresh_expires_at" timestamp with time zone,
	"scope" text DEFAULT '' NOT NULL,
	"connected_at" timestamp with time zone DEFAULT now() NOT NULL,
	"connected_by" uuid,
	"refreshed_at" timestamp with time zone,
	"problem" text,
	"sync_cursor" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "platform_connections_account_id_platform_key_pk" PRIMARY KEY("account_id","platform_key"),
	CONSTRAINT "platform_connections_status_check" CHECK (status IN ('connected', 'needs_reconnect'))
);
--> statement-breakpoint
CREATE TABLE "sandbox_oauth_codes" (
	"code_hash" text PRIMARY KEY NOT NULL,
	"platform_key" text NOT NULL,
	"client_id" text NOT NULL,
	"redirect_uri" text NOT NULL,
	"code_challenge" text NOT NULL,
	"code_challenge_method" text DEFAULT 'S256' NOT NULL,
	"scope" text DEFAULT '' NOT NULL,
	"external_account_id" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_oauth_tokens" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"platform_key" text NOT NULL,
	"client_id" text NOT NULL,
	"external_account_id" text NOT NULL,
	"scope" text DEFAULT '' NOT NULL,
	"access_token_hash" text NOT NULL,
	"refresh_token_hash" text,
	"access_expires_at" timestamp with time zone NOT NULL,
	"refresh_expires_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "delivery_daily" ADD CONSTRAINT "delivery_daily_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery_daily" ADD CONSTRAINT "delivery_daily_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery_daily" ADD CONSTRAINT "delivery_daily_platform_key_platforms_key_fk" FOREIGN KEY ("platform_key") REFERENCES "public"."platforms"("key") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery_syncs" ADD CONSTRAINT "delivery_syncs_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery_syncs" ADD CONSTRAINT "delivery_syncs_platform_key_platforms_key_fk" FOREIGN KEY ("platform_key") REFERENCES "public"."platforms"("key") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "oauth_authorizations" ADD CONSTRAINT "oauth_authorizations_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "oauth_authorizations" ADD CONSTRAINT "oauth_authorizations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "oauth_authorizations" ADD CONSTRAINT "oauth_authorizations_platform_key_platforms_key_fk" FOREIGN KEY ("platform_key") REFERENCES "public"."platforms"("key") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "platform_connections" ADD CONSTRAINT "platform_connections_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "platform_connections" ADD CONSTRAINT "platform_connections_platform_key_platforms_key_fk" FOREIGN KEY ("platform_key") REFERENCES "public"."platforms"("key") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "platform_connections" ADD CONSTRAINT "platform_connections_connected_by_users_id_fk" FOREIGN KEY ("connected_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "delivery_daily_account_date_idx" ON "delivery_daily" USING btree ("account_id","date");--> statement-breakpoint
CREATE INDEX "delivery_syncs_connection_idx" ON "delivery_syncs" USING btree ("account_id","platform_key","started_at");--> statement-breakpoint
CREATE INDEX "oauth_authorizations_expiry_idx" ON "oauth_authorizations" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "platform_connections_expiry_idx" ON "platform_connections" USING btree ("access_expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "sandbox_oauth_tokens_access_idx" ON "sandbox_oauth_tokens" USING btree ("access_token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "sandbox_oauth_tokens_refresh_idx" ON "sandbox_oauth_tokens" USING btree ("refresh_token_hash");--> statement-breakpoint
CREATE INDEX "sandbox_oauth_tokens_account_idx" ON "sandbox_oauth_tokens" USING btree ("platform_key","external_account_id");
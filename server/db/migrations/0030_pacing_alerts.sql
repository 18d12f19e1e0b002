CREATE TABLE "account_pacing_settings" (
	"account_id" uuid PRIMARY KEY NOT NULL,
	"organization_id" uuid NOT NULL,
	"under_percent" integer NOT NULL,
	"over_percent" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid,
	CONSTRAINT "account_pacing_settings_under" CHECK (under_percent BETWEEN 1 AND 100),
	CONSTRAINT "account_pacing_settings_over" CHECK (over_percent BETWEEN 1 AND 100)
);
--> statement-breakpoint
CREATE TABLE "pacing_alerts" (
	"flight_id" uuid PRIMARY KEY NOT NULL,
	"account_id" uuid NOT NULL,
	"campaign_id" uuid NOT NULL,
	"status" text NOT NULL,
	"as_of" date NOT NULL,
	"spent_minor" bigint NOT NULL,
	"planned_minor" bigint NOT NULL,
	"alerted_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pacing_alerts_status" CHECK (status IN ('underpacing', 'overpacing'))
);
--> statement-breakpoint
CREATE TABLE "pacing_digests" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"enabled" boolean NOT NULL,
	"last_sent_on" date
);
--> statement-breakpoint
ALTER TABLE "account_pacing_settings" ADD CONSTRAINT "account_pacing_settings_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_pacing_settings" ADD CONSTRAINT "account_pacing_settings_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_pacing_settings" ADD CONSTRAINT "account_pacing_settings_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pacing_alerts" ADD CONSTRAINT "pacing_alerts_flight_id_campaign_flights_id_fk" FOREIGN KEY ("flight_id") REFERENCES "public"."campaign_flights"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pacing_alerts" ADD CONSTRAINT "pacing_alerts_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pacing_alerts" ADD CONSTRAINT "pacing_alerts_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pacing_digests" ADD CONSTRAINT "pacing_digests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "pacing_alerts_account_idx" ON "pacing_alerts" USING btree ("account_id");
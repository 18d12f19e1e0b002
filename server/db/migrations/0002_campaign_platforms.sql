CREATE TABLE "campaign_platforms" (
	"campaign_id" uuid NOT NULL,
	"platform_key" text NOT NULL,
	"external_id" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"last_error" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone,
	"launch_key" uuid DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "campaign_platforms_campaign_id_platform_key_pk" PRIMARY KEY("campaign_id","platform_key")
);
--> statement-breakpoint
CREATE TABLE "sandbox_failures" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"platform_key" text NOT NULL,
	"operation" text DEFAULT 'any' NOT NULL,
	"kind" text NOT NULL,
	"remaining" integer DEFAULT 1 NOT NULL,
	"retry_after_seconds" integer DEFAULT 1 NOT NULL,
	"message" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_platform_campaigns" (
	"platform_key" text NOT NULL,
	"external_id" text PRIMARY KEY NOT NULL,
	"reference" text NOT NULL,
	"payload" jsonb NOT NULL,
	"status" text NOT NULL,
	"reason" text,
	"launch_requests" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "campaign_platforms" ADD CONSTRAINT "campaign_platforms_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_platforms" ADD CONSTRAINT "campaign_platforms_platform_key_platforms_key_fk" FOREIGN KEY ("platform_key") REFERENCES "public"."platforms"("key") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sandbox_failures_platform_idx" ON "sandbox_failures" USING btree ("platform_key","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "sandbox_platform_campaigns_reference_idx" ON "sandbox_platform_campaigns" USING btree ("platform_key","reference");
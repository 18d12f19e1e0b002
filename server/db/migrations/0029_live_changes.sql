CREATE TABLE "campaign_live_plans" (
	"campaign_id" uuid NOT NULL,
	"hash" text NOT NULL,
	"snapshot" jsonb NOT NULL,
	"applied_at" timestamp with time zone DEFAULT now() NOT NULL,
	"applied_by" uuid,
	CONSTRAINT "campaign_live_plans_campaign_id_hash_pk" PRIMARY KEY("campaign_id","hash")
);
--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "live_hash" text;--> statement-breakpoint
ALTER TABLE "campaign_platforms" ADD COLUMN "applied_hash" text;--> statement-breakpoint
ALTER TABLE "campaign_platforms" ADD COLUMN "update_attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "campaign_platforms" ADD COLUMN "update_error" text;--> statement-breakpoint
ALTER TABLE "campaign_platforms" ADD COLUMN "update_next_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sandbox_platform_campaigns" ADD COLUMN "applied_updates" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "sandbox_platform_campaigns" ADD COLUMN "update_requests" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "campaign_live_plans" ADD CONSTRAINT "campaign_live_plans_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
-- What was sent to the platforms stays as it was sent (issue 28): a live plan is written once.
CREATE FUNCTION campaign_live_plans_frozen() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'A plan sent to the platforms cannot change' USING ERRCODE = 'integrity_constraint_violation';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER campaign_live_plans_frozen BEFORE UPDATE ON campaign_live_plans
  FOR EACH ROW EXECUTE FUNCTION campaign_live_plans_frozen();

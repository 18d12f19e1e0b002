CREATE TABLE "campaign_allocations" (
	"campaign_id" uuid NOT NULL,
	"platform_key" text NOT NULL,
	"position" integer NOT NULL,
	"amount_minor" bigint NOT NULL,
	"bid_strategy" text DEFAULT 'lowest_cost' NOT NULL,
	"cost_cap_minor" bigint,
	CONSTRAINT "campaign_allocations_campaign_id_platform_key_pk" PRIMARY KEY("campaign_id","platform_key"),
	CONSTRAINT "campaign_allocations_bid_strategy_check" CHECK (bid_strategy IN ('lowest_cost', 'cost_cap')),
	CONSTRAINT "campaign_allocations_amount_check" CHECK (amount_minor >= 0)
);
--> statement-breakpoint
CREATE TABLE "campaign_audiences" (
	"campaign_id" uuid PRIMARY KEY NOT NULL,
	"locations" text[] NOT NULL,
	"age_min" integer NOT NULL,
	"age_max" integer NOT NULL,
	"genders" text[] NOT NULL,
	"languages" text[] NOT NULL,
	"interests" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "campaign_flights" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"campaign_id" uuid NOT NULL,
	"platform_key" text NOT NULL,
	"position" integer NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"amount_minor" bigint NOT NULL,
	"pacing" text DEFAULT 'even' NOT NULL,
	CONSTRAINT "campaign_flights_pacing_check" CHECK (pacing IN ('even', 'front_loaded')),
	CONSTRAINT "campaign_flights_dates_check" CHECK (end_date >= start_date)
);
--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "flight_id" uuid;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "split_mode" text DEFAULT 'amount' NOT NULL;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "budget_id" uuid;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "over_budget_confirmed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "campaign_allocations" ADD CONSTRAINT "campaign_allocations_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_allocations" ADD CONSTRAINT "campaign_allocations_platform_key_platforms_key_fk" FOREIGN KEY ("platform_key") REFERENCES "public"."platforms"("key") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_audiences" ADD CONSTRAINT "campaign_audiences_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_flights" ADD CONSTRAINT "campaign_flights_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_flights" ADD CONSTRAINT "campaign_flights_platform_key_platforms_key_fk" FOREIGN KEY ("platform_key") REFERENCES "public"."platforms"("key") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "campaign_flights_campaign_idx" ON "campaign_flights" USING btree ("campaign_id","position");--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_flight_id_campaign_flights_id_fk" FOREIGN KEY ("flight_id") REFERENCES "public"."campaign_flights"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_budget_id_budgets_id_fk" FOREIGN KEY ("budget_id") REFERENCES "public"."budgets"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bookings_campaign_idx" ON "bookings" USING btree ("campaign_id");--> statement-breakpoint
CREATE UNIQUE INDEX "bookings_flight_idx" ON "bookings" USING btree ("flight_id");--> statement-breakpoint
CREATE INDEX "campaigns_budget_idx" ON "campaigns" USING btree ("budget_id");--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_status_check" CHECK (status IN ('tentative', 'confirmed', 'completed', 'cancelled'));--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_split_mode_check" CHECK (split_mode IN ('amount', 'percent'));--> statement-breakpoint
-- Plans made before the wizard had steps: their platforms split the budget evenly (the first platform
-- takes the odd cents, as the launch job did), and one flight per platform covers the campaign's dates.
INSERT INTO "campaign_allocations" ("campaign_id", "platform_key", "position", "amount_minor")
SELECT c.id, p.key, p.ord - 1,
  CASE WHEN p.ord = 1 THEN c.budget_minor - (c.budget_minor / cardinality(c.platforms)) * (cardinality(c.platforms) - 1)
       ELSE c.budget_minor / cardinality(c.platforms) END
FROM "campaigns" c, unnest(c.platforms) WITH ORDINALITY AS p(key, ord)
WHERE EXISTS (SELECT 1 FROM "platforms" WHERE "platforms"."key" = p.key);
--> statement-breakpoint
INSERT INTO "campaign_flights" ("campaign_id", "platform_key", "position", "start_date", "end_date", "amount_minor")
SELECT a.campaign_id, a.platform_key, a.position, c.start_date, c.end_date, a.amount_minor
FROM "campaign_allocations" a JOIN "campaigns" c ON c.id = a.campaign_id
WHERE c.start_date IS NOT NULL AND c.end_date IS NOT NULL AND c.end_date >= c.start_date;

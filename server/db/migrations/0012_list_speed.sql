-- Trigram indexes for the list's contains-searches.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE TABLE "campaign_counts" (
	"account_id" uuid NOT NULL,
	"organization_id" uuid NOT NULL,
	"status" text NOT NULL,
	"count" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "campaign_counts_account_id_status_pk" PRIMARY KEY("account_id","status")
);
--> statement-breakpoint
DROP INDEX "campaigns_account_created_idx";--> statement-breakpoint
DROP INDEX "campaigns_account_name_idx";--> statement-breakpoint
ALTER TABLE "campaign_counts" ADD CONSTRAINT "campaign_counts_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "campaigns_list_created_idx" ON "campaigns" USING btree ("account_id","organization_id","created_at","id");--> statement-breakpoint
CREATE INDEX "campaigns_list_updated_idx" ON "campaigns" USING btree ("account_id","organization_id","updated_at","id");--> statement-breakpoint
CREATE INDEX "campaigns_list_name_idx" ON "campaigns" USING btree ("account_id","organization_id","name","id");--> statement-breakpoint
CREATE INDEX "campaigns_list_budget_idx" ON "campaigns" USING btree ("account_id","organization_id","budget_minor","id");--> statement-breakpoint
CREATE INDEX "campaigns_list_status_idx" ON "campaigns" USING btree ("account_id","organization_id","status","id");--> statement-breakpoint
CREATE INDEX "campaigns_list_start_idx" ON "campaigns" USING btree ("account_id","organization_id","start_date","id");--> statement-breakpoint
CREATE INDEX "campaigns_list_start_desc_idx" ON "campaigns" USING btree ("account_id","organization_id","start_date" DESC NULLS LAST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "campaigns_list_end_idx" ON "campaigns" USING btree ("account_id","organization_id","end_date","id");--> statement-breakpoint
CREATE INDEX "campaigns_list_end_desc_idx" ON "campaigns" USING btree ("account_id","organization_id","end_date" DESC NULLS LAST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "campaigns_name_trgm_idx" ON "campaigns" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
-- campaign_counts follows campaigns in the same transaction: statement-level triggers over the changed
-- rows (one upsert per account and status however many rows a statement touched), so a bulk insert does
-- not take one counter lock per row.
CREATE FUNCTION campaign_counts_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    INSERT INTO campaign_counts AS c (account_id, organization_id, status, count)
    SELECT account_id, organization_id, status, -count(*) FROM old_rows GROUP BY 1, 2, 3
    ON CONFLICT (account_id, status) DO UPDATE SET count = c.count + EXCLUDED.count;
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') THEN
    INSERT INTO campaign_counts AS c (account_id, organization_id, status, count)
    SELECT account_id, organization_id, status, count(*) FROM new_rows GROUP BY 1, 2, 3
    ON CONFLICT (account_id, status) DO UPDATE SET count = c.count + EXCLUDED.count;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER campaign_counts_insert AFTER INSERT ON campaigns
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION campaign_counts_apply();
--> statement-breakpoint
CREATE TRIGGER campaign_counts_update AFTER UPDATE ON campaigns
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION campaign_counts_apply();
--> statement-breakpoint
CREATE TRIGGER campaign_counts_delete AFTER DELETE ON campaigns
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION campaign_counts_apply();
--> statement-breakpoint
INSERT INTO campaign_counts (account_id, organization_id, status, count)
SELECT account_id, organization_id, status, count(*) FROM campaigns GROUP BY 1, 2, 3;

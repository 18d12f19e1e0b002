CREATE TABLE "delivery_campaign_cumulative" (
	"campaign_id" uuid NOT NULL,
	"date" date NOT NULL,
	"account_id" uuid NOT NULL,
	"impressions" bigint DEFAULT 0 NOT NULL,
	"reach" bigint DEFAULT 0 NOT NULL,
	"clicks" bigint DEFAULT 0 NOT NULL,
	"spend_minor" bigint DEFAULT 0 NOT NULL,
	"conversions" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "delivery_campaign_cumulative_campaign_id_date_pk" PRIMARY KEY("campaign_id","date")
);
--> statement-breakpoint
CREATE TABLE "delivery_campaign_spans" (
	"campaign_id" uuid PRIMARY KEY NOT NULL,
	"account_id" uuid NOT NULL,
	"first_date" date NOT NULL,
	"last_date" date NOT NULL,
	"impressions" bigint DEFAULT 0 NOT NULL,
	"reach" bigint DEFAULT 0 NOT NULL,
	"clicks" bigint DEFAULT 0 NOT NULL,
	"spend_minor" bigint DEFAULT 0 NOT NULL,
	"conversions" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "delivery_rollup_daily" (
	"account_id" uuid NOT NULL,
	"currency" char(3) NOT NULL,
	"date" date NOT NULL,
	"platform_key" text NOT NULL,
	"customer_id" uuid,
	"impressions" bigint DEFAULT 0 NOT NULL,
	"reach" bigint DEFAULT 0 NOT NULL,
	"clicks" bigint DEFAULT 0 NOT NULL,
	"spend_minor" bigint DEFAULT 0 NOT NULL,
	"conversions" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "delivery_rollup_daily_key" UNIQUE NULLS NOT DISTINCT("account_id","currency","date","platform_key","customer_id")
);
--> statement-breakpoint
ALTER TABLE "delivery_campaign_cumulative" ADD CONSTRAINT "delivery_campaign_cumulative_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery_campaign_cumulative" ADD CONSTRAINT "delivery_campaign_cumulative_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery_campaign_spans" ADD CONSTRAINT "delivery_campaign_spans_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery_campaign_spans" ADD CONSTRAINT "delivery_campaign_spans_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery_rollup_daily" ADD CONSTRAINT "delivery_rollup_daily_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "delivery_campaign_cumulative_day_idx" ON "delivery_campaign_cumulative" USING btree ("account_id","date","campaign_id","impressions","reach","clicks","spend_minor","conversions");--> statement-breakpoint
CREATE INDEX "delivery_campaign_cumulative_spend_idx" ON "delivery_campaign_cumulative" USING btree ("campaign_id","date","spend_minor");--> statement-breakpoint
CREATE INDEX "delivery_campaign_spans_account_idx" ON "delivery_campaign_spans" USING btree ("account_id","last_date");--> statement-breakpoint
-- The rollups follow delivery_daily whoever writes it (the sync's upsert, a restatement, a cascade), in the
-- same transaction. A bulk load sets flightplan.rollups = 'deferred' and calls rebuildRollups once instead.
-- Rows of a campaign or an account being deleted are skipped: their sums leave with them (see below).
CREATE FUNCTION delivery_rollups_apply() RETURNS trigger LANGUAGE plpgsql AS $fn$
DECLARE
  changes text;
  deltas text;
BEGIN
  IF current_setting('flightplan.rollups', true) = 'deferred' THEN RETURN NULL; END IF;
  changes := CASE TG_OP
    WHEN 'INSERT' THEN 'SELECT campaign_id, platform_key, date, impressions, reach, clicks, spend_minor, conversions FROM new_rows'
    WHEN 'DELETE' THEN 'SELECT campaign_id, platform_key, date, -impressions, -reach, -clicks, -spend_minor, -conversions FROM old_rows'
    ELSE 'SELECT campaign_id, platform_key, date, impressions, reach, clicks, spend_minor, conversions FROM new_rows
          UNION ALL
          SELECT campaign_id, platform_key, date, -impressions, -reach, -clicks, -spend_minor, -conversions FROM old_rows'
  END;
  changes := format(
    'SELECT ch.*, c.account_id, c.currency, c.customer_id
     FROM (%s) AS ch(campaign_id, platform_key, date, impressions, reach, clicks, spend_minor, conversions)
     JOIN campaigns c ON c.id = ch.campaign_id
     JOIN accounts a ON a.id = c.account_id', changes);
  EXECUTE format(
    'INSERT INTO delivery_rollup_daily AS r
       (account_id, currency, date, platform_key, customer_id, impressions, reach, clicks, spend_minor, conversions)
     SELECT account_id, currency, date, platform_key, customer_id,
            sum(impressions), sum(reach), sum(clicks), sum(spend_minor), sum(conversions)
     FROM (%s) AS ch
     GROUP BY account_id, currency, date, platform_key, customer_id
     ON CONFLICT ON CONSTRAINT delivery_rollup_daily_key DO UPDATE SET
       impressions = r.impressions + EXCLUDED.impressions, reach = r.reach + EXCLUDED.reach,
       clicks = r.clicks + EXCLUDED.clicks, spend_minor = r.spend_minor + EXCLUDED.spend_minor,
       conversions = r.conversions + EXCLUDED.conversions', changes);

  deltas := format(
    'SELECT campaign_id, account_id, date, sum(impressions) AS impressions, sum(reach) AS reach,
            sum(clicks) AS clicks, sum(spend_minor) AS spend_minor, sum(conversions) AS conversions
     FROM (%s) AS ch GROUP BY campaign_id, account_id, date', changes);
  -- Keep each campaign's running totals dense: new days before its first day start at 0, new days after
  -- its last day carry its total so far; the deltas below are then added to every day from theirs on.
  EXECUTE format(
    'WITH d AS (%s), m AS (SELECT campaign_id, account_id, min(date) AS lo, max(date) AS hi FROM d GROUP BY 1, 2)
     INSERT INTO delivery_campaign_cumulative
       (campaign_id, date, account_id, impressions, reach, clicks, spend_minor, conversions)
     SELECT m.campaign_id, m.lo + i, m.account_id, 0, 0, 0, 0, 0
     FROM m LEFT JOIN delivery_campaign_spans s ON s.campaign_id = m.campaign_id
     CROSS JOIN LATERAL generate_series(0, CASE WHEN s.campaign_id IS NULL THEN m.hi ELSE s.first_date - 1 END - m.lo) AS i
     UNION ALL
     SELECT m.campaign_id, s.last_date + i, m.account_id, s.impressions, s.reach, s.clicks, s.spend_minor, s.conversions
     FROM m JOIN delivery_campaign_spans s ON s.campaign_id = m.campaign_id
     CROSS JOIN LATERAL generate_series(1, m.hi - s.last_date) AS i', deltas);
  EXECUTE format(
    'WITH d AS (%s),
     running AS (
       SELECT campaign_id, date, lead(date) OVER w AS next_date,
              sum(impressions) OVER w AS impressions, sum(reach) OVER w AS reach, sum(clicks) OVER w AS clicks,
              sum(spend_minor) OVER w AS spend_minor, sum(conversions) OVER w AS conversions
       FROM d WINDOW w AS (PARTITION BY campaign_id ORDER BY date))
     UPDATE delivery_campaign_cumulative k SET
       impressions = k.impressions + r.impressions, reach = k.reach + r.reach, clicks = k.clicks + r.clicks,
       spend_minor = k.spend_minor + r.spend_minor, conversions = k.conversions + r.conversions
     FROM running r
     WHERE k.campaign_id = r.campaign_id AND k.date >= r.date AND (r.next_date IS NULL OR k.date < r.next_date)', deltas);
  EXECUTE format(
    'INSERT INTO delivery_campaign_spans AS s
       (campaign_id, account_id, first_date, last_date, impressions, reach, clicks, spend_minor, conversions)
     SELECT campaign_id, account_id, min(date), max(date),
            sum(impressions), sum(reach), sum(clicks), sum(spend_minor), sum(conversions)
     FROM (%s) AS d GROUP BY campaign_id, account_id
     ON CONFLICT (campaign_id) DO UPDATE SET
       first_date = least(s.first_date, EXCLUDED.first_date), last_date = greatest(s.last_date, EXCLUDED.last_date),
       impressions = s.impressions + EXCLUDED.impressions, reach = s.reach + EXCLUDED.reach,
       clicks = s.clicks + EXCLUDED.clicks, spend_minor = s.spend_minor + EXCLUDED.spend_minor,
       conversions = s.conversions + EXCLUDED.conversions', deltas);
  RETURN NULL;
END
$fn$;
--> statement-breakpoint
CREATE TRIGGER delivery_daily_rollups_insert AFTER INSERT ON delivery_daily
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION delivery_rollups_apply();
--> statement-breakpoint
CREATE TRIGGER delivery_daily_rollups_update AFTER UPDATE ON delivery_daily
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION delivery_rollups_apply();
--> statement-breakpoint
CREATE TRIGGER delivery_daily_rollups_delete AFTER DELETE ON delivery_daily
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION delivery_rollups_apply();
--> statement-breakpoint
-- The daily rollup is keyed by the campaign's currency and customer: a change of either moves the
-- campaign's sums to the new key, and a deleted campaign takes them away before its rows cascade
-- (the per-campaign tables cascade by themselves).
CREATE FUNCTION delivery_rollups_follow_campaign() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  IF current_setting('flightplan.rollups', true) IS DISTINCT FROM 'deferred'
     AND EXISTS (SELECT 1 FROM accounts WHERE id = OLD.account_id) THEN
    INSERT INTO delivery_rollup_daily AS r
      (account_id, currency, date, platform_key, customer_id, impressions, reach, clicks, spend_minor, conversions)
    SELECT OLD.account_id, OLD.currency, d.date, d.platform_key, OLD.customer_id,
           -sum(d.impressions), -sum(d.reach), -sum(d.clicks), -sum(d.spend_minor), -sum(d.conversions)
    FROM delivery_daily d WHERE d.campaign_id = OLD.id GROUP BY d.date, d.platform_key
    ON CONFLICT ON CONSTRAINT delivery_rollup_daily_key DO UPDATE SET
      impressions = r.impressions + EXCLUDED.impressions, reach = r.reach + EXCLUDED.reach,
      clicks = r.clicks + EXCLUDED.clicks, spend_minor = r.spend_minor + EXCLUDED.spend_minor,
      conversions = r.conversions + EXCLUDED.conversions;
    IF TG_OP = 'UPDATE' THEN
      INSERT INTO delivery_rollup_daily AS r
        (account_id, currency, date, platform_key, customer_id, impressions, reach, clicks, spend_minor, conversions)
      SELECT NEW.account_id, NEW.currency, d.date, d.platform_key, NEW.customer_id,
             sum(d.impressions), sum(d.reach), sum(d.clicks), sum(d.spend_minor), sum(d.conversions)
      FROM delivery_daily d WHERE d.campaign_id = NEW.id GROUP BY d.date, d.platform_key
      ON CONFLICT ON CONSTRAINT delivery_rollup_daily_key DO UPDATE SET
        impressions = r.impressions + EXCLUDED.impressions, reach = r.reach + EXCLUDED.reach,
        clicks = r.clicks + EXCLUDED.clicks, spend_minor = r.spend_minor + EXCLUDED.spend_minor,
        conversions = r.conversions + EXCLUDED.conversions;
    END IF;
  END IF;
  IF TG_OP = 'DELETE' THEN RETURN OLD; END IF;
  RETURN NEW;
END
$fn$;
--> statement-breakpoint
CREATE TRIGGER campaigns_delivery_rollups_delete BEFORE DELETE ON campaigns
  FOR EACH ROW EXECUTE FUNCTION delivery_rollups_follow_campaign();
--> statement-breakpoint
CREATE TRIGGER campaigns_delivery_rollups_move AFTER UPDATE OF currency, customer_id ON campaigns
  FOR EACH ROW WHEN (OLD.currency IS DISTINCT FROM NEW.currency OR OLD.customer_id IS DISTINCT FROM NEW.customer_id)
  EXECUTE FUNCTION delivery_rollups_follow_campaign();

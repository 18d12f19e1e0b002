CREATE TABLE "delivery_rollup_platform_daily" (
	"account_id" uuid NOT NULL,
	"currency" char(3) NOT NULL,
	"date" date NOT NULL,
	"platform_key" text NOT NULL,
	"impressions" bigint DEFAULT 0 NOT NULL,
	"reach" bigint DEFAULT 0 NOT NULL,
	"clicks" bigint DEFAULT 0 NOT NULL,
	"spend_minor" bigint DEFAULT 0 NOT NULL,
	"conversions" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "delivery_rollup_platform_daily_account_id_currency_date_platform_key_pk" PRIMARY KEY("account_id","currency","date","platform_key")
);
--> statement-breakpoint
ALTER TABLE "delivery_rollup_platform_daily" ADD CONSTRAINT "delivery_rollup_platform_daily_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- The platform rollup follows the daily rollup: whatever changes delivery_rollup_daily (delivery, a
-- restatement, a campaign moving to another currency or customer, a deletion) applies its difference here
-- in the same statement, so the two always agree. An account being deleted takes its rows with it (the
-- join on accounts skips the cascade's deletions).
CREATE FUNCTION delivery_rollup_platform_daily_apply() RETURNS trigger LANGUAGE plpgsql AS $fn$
DECLARE
  changes text;
BEGIN
  IF current_setting('flightplan.rollups', true) = 'deferred' THEN RETURN NULL; END IF;
  changes := CASE TG_OP
    WHEN 'INSERT' THEN 'SELECT account_id, currency, date, platform_key, impressions, reach, clicks, spend_minor, conversions FROM new_rows'
    WHEN 'DELETE' THEN 'SELECT account_id, currency, date, platform_key, -impressions, -reach, -clicks, -spend_minor, -conversions FROM old_rows'
    ELSE 'SELECT account_id, currency, date, platform_key, impressions, reach, clicks, spend_minor, conversions FROM new_rows
          UNION ALL
          SELECT account_id, currency, date, platform_key, -impressions, -reach, -clicks, -spend_minor, -conversions FROM old_rows'
  END;
  EXECUTE format(
    'INSERT INTO delivery_rollup_platform_daily AS r
       (account_id, currency, date, platform_key, impressions, reach, clicks, spend_minor, conversions)
     SELECT ch.account_id, ch.currency, ch.date, ch.platform_key,
            sum(ch.impressions), sum(ch.reach), sum(ch.clicks), sum(ch.spend_minor), sum(ch.conversions)
     FROM (%s) AS ch(account_id, currency, date, platform_key, impressions, reach, clicks, spend_minor, conversions)
     JOIN accounts a ON a.id = ch.account_id
     GROUP BY ch.account_id, ch.currency, ch.date, ch.platform_key
     HAVING (sum(ch.impressions), sum(ch.reach), sum(ch.clicks), sum(ch.spend_minor), sum(ch.conversions))
       IS DISTINCT FROM (0::numeric, 0::numeric, 0::numeric, 0::numeric, 0::numeric)
     ON CONFLICT (account_id, currency, date, platform_key) DO UPDATE SET
       impressions = r.impressions + EXCLUDED.impressions, reach = r.reach + EXCLUDED.reach,
       clicks = r.clicks + EXCLUDED.clicks, spend_minor = r.spend_minor + EXCLUDED.spend_minor,
       conversions = r.conversions + EXCLUDED.conversions', changes);
  RETURN NULL;
END
$fn$;
--> statement-breakpoint
CREATE TRIGGER delivery_rollup_daily_platform_insert AFTER INSERT ON delivery_rollup_daily
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION delivery_rollup_platform_daily_apply();
--> statement-breakpoint
CREATE TRIGGER delivery_rollup_daily_platform_update AFTER UPDATE ON delivery_rollup_daily
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION delivery_rollup_platform_daily_apply();
--> statement-breakpoint
CREATE TRIGGER delivery_rollup_daily_platform_delete AFTER DELETE ON delivery_rollup_daily
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION delivery_rollup_platform_daily_apply();
--> statement-breakpoint
-- Existing delivery: the platform rollup starts equal to the daily one.
INSERT INTO delivery_rollup_platform_daily
  (account_id, currency, date, platform_key, impressions, reach, clicks, spend_minor, conversions)
SELECT account_id, currency, date, platform_key, sum(impressions), sum(reach), sum(clicks), sum(spend_minor), sum(conversions)
FROM delivery_rollup_daily GROUP BY account_id, currency, date, platform_key;

ALTER TABLE "delivery_campaign_spans" ADD COLUMN "currency" char(3);
--> statement-breakpoint
UPDATE delivery_campaign_spans s SET currency = c.currency FROM campaigns c WHERE c.id = s.campaign_id;
--> statement-breakpoint
ALTER TABLE "delivery_campaign_spans" ALTER COLUMN "currency" SET NOT NULL;
--> statement-breakpoint
-- A new span takes its campaign's currency (whoever writes it: the delivery trigger, a rebuild, a bulk
-- load that leaves it out); a campaign that changes currency takes its span along. Not skipped when the
-- rollups are deferred: this is the campaign's attribute, not a sum.
CREATE FUNCTION delivery_campaign_spans_currency() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  SELECT currency INTO NEW.currency FROM campaigns WHERE id = NEW.campaign_id;
  RETURN NEW;
END
$fn$;
--> statement-breakpoint
CREATE TRIGGER delivery_campaign_spans_currency BEFORE INSERT ON delivery_campaign_spans
  FOR EACH ROW EXECUTE FUNCTION delivery_campaign_spans_currency();
--> statement-breakpoint
CREATE FUNCTION delivery_campaign_spans_follow_currency() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  UPDATE delivery_campaign_spans SET currency = NEW.currency WHERE campaign_id = NEW.id;
  RETURN NEW;
END
$fn$;
--> statement-breakpoint
CREATE TRIGGER campaigns_span_currency AFTER UPDATE OF currency ON campaigns
  FOR EACH ROW WHEN (OLD.currency IS DISTINCT FROM NEW.currency)
  EXECUTE FUNCTION delivery_campaign_spans_follow_currency();

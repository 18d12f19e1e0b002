-- The delivery trigger for writers side by side, and a cheaper running-totals update (docs/delivery.md, Scale).
-- 1. Each campaign's shared rows (running totals, span) are guarded by a transaction-level advisory lock
--    (delivery_turn) taken in key order, instead of the sync's one lock per account: the 7 platforms' syncs
--    of an account now write at once, and only writers of the same campaigns take turns.
-- 2. The running-totals update bounds each delta's days on both sides in the index condition: the open end
--    (the campaign's last delta) was a filter, so every delta scanned all of its campaign's later days.

-- The advisory lock key a writer of the campaign's delivery holds until it commits. Campaigns share keys by
-- the first two hex digits of their id (256 per account): a statement takes at most 256 locks however many
-- campaigns it writes (the lock table is sized by max_locks_per_transaction), and a sync, which writes its
-- campaigns in id order, holds a few neighbouring keys that the other platforms' syncs, elsewhere in the
-- list, do not need.
CREATE FUNCTION delivery_turn(account_id uuid, campaign_id uuid) RETURNS bigint
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT hashtextextended('delivery-turn:' || account_id::text || ':' || left(campaign_id::text, 2), 0) $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION delivery_rollups_apply() RETURNS trigger LANGUAGE plpgsql AS $fn$
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
  -- A campaign's running totals and span are shared by its platforms, whose syncs write side by side: the
  -- writers of one campaign take turns from here to their commit (delivery_turn), all of a statement's
  -- turns taken in one global order (the keys sorted) so two writers never wait on each other in a circle.
  -- The statements below then see what the previous writer committed (each takes a fresh snapshot), as
  -- the dense fill requires. A campaign being deleted is left out (its rows are skipped below): its
  -- deletion waits for nobody here.
  EXECUTE format(
    'SELECT count(pg_advisory_xact_lock(k)) FROM (
       SELECT DISTINCT delivery_turn(ch.account_id, ch.campaign_id) AS k FROM (%s) AS ch ORDER BY k) AS keys',
    changes);
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
  EXECUTE format(
    'INSERT INTO delivery_rollup_platform_daily AS r
       (account_id, currency, date, platform_key, impressions, reach, clicks, spend_minor, conversions)
     SELECT account_id, currency, date, platform_key,
            sum(impressions), sum(reach), sum(clicks), sum(spend_minor), sum(conversions)
     FROM (%s) AS ch
     GROUP BY account_id, currency, date, platform_key
     ON CONFLICT (account_id, currency, date, platform_key) DO UPDATE SET
       impressions = r.impressions + EXCLUDED.impressions, reach = r.reach + EXCLUDED.reach,
       clicks = r.clicks + EXCLUDED.clicks, spend_minor = r.spend_minor + EXCLUDED.spend_minor,
       conversions = r.conversions + EXCLUDED.conversions', changes);

  deltas := format(
    'SELECT campaign_id, account_id, currency, date, sum(impressions) AS impressions, sum(reach) AS reach,
            sum(clicks) AS clicks, sum(spend_minor) AS spend_minor, sum(conversions) AS conversions
     FROM (%s) AS ch GROUP BY campaign_id, account_id, currency, date', changes);
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
     WHERE k.campaign_id = r.campaign_id AND k.date >= r.date AND k.date < coalesce(r.next_date, ''infinity''::date)', deltas);
  EXECUTE format(
    'INSERT INTO delivery_campaign_spans AS s
       (campaign_id, account_id, first_date, last_date, currency, impressions, reach, clicks, spend_minor, conversions)
     SELECT campaign_id, account_id, min(date), max(date), currency,
            sum(impressions), sum(reach), sum(clicks), sum(spend_minor), sum(conversions)
     FROM (%s) AS d GROUP BY campaign_id, account_id, currency
     ON CONFLICT (campaign_id) DO UPDATE SET
       currency = EXCLUDED.currency, first_date = least(s.first_date, EXCLUDED.first_date), last_date = greatest(s.last_date, EXCLUDED.last_date),
       impressions = s.impressions + EXCLUDED.impressions, reach = s.reach + EXCLUDED.reach,
       clicks = s.clicks + EXCLUDED.clicks, spend_minor = s.spend_minor + EXCLUDED.spend_minor,
       conversions = s.conversions + EXCLUDED.conversions', deltas);
  RETURN NULL;
END
$fn$;

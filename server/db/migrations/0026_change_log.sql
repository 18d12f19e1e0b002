-- The change log (issue 27, docs/activity.md): triggers write it, so every write path is covered and the entry
-- is in the same transaction as the change (a failed save rolls its entries back). Who: the setting
-- app.actor_id, which the application sets before each write to the signed-in user of the request (server/db/
-- actor.ts); empty: Flightplan itself (a job, a sync). A row created without an actor (the seed, a sign-up's
-- own rows) is not logged; an update or a deletion without one is, with no actor.
--
-- change_log_write(entity, campaign, keys, ignored):
--   entity   the entity name the API shows (campaign, flight, member…);
--   campaign how to find the campaign: 'id' (the row is the campaign), 'campaign_id', or '' (none);
--   keys     the key columns whose values (joined with ':') are the entity id;
--   ignored  columns never logged (timestamps, counters, folded copies, secrets and tokens).
CREATE FUNCTION change_log_write() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  actor uuid := NULLIF(current_setting('app.actor_id', true), '')::uuid;
  campaign_column text := NULLIF(TG_ARGV[1], '');
  ignored text[] := string_to_array(NULLIF(TG_ARGV[3], ''), ',');
  whole jsonb;
  old_row jsonb;
  new_row jsonb;
  org uuid;
  acct uuid;
  camp uuid;
  rev integer;
  entity_key text;
BEGIN
  IF TG_OP = 'INSERT' AND actor IS NULL THEN
    RETURN NULL;
  END IF;
  IF TG_OP = 'DELETE' THEN whole := to_jsonb(OLD); ELSE whole := to_jsonb(NEW); END IF;
  IF TG_OP <> 'INSERT' THEN old_row := to_jsonb(OLD) - COALESCE(ignored, '{}'::text[]); END IF;
  IF TG_OP <> 'DELETE' THEN new_row := to_jsonb(NEW) - COALESCE(ignored, '{}'::text[]); END IF;
  IF TG_OP = 'UPDATE' AND old_row = new_row THEN
    RETURN NULL;
  END IF;

  IF campaign_column IS NOT NULL THEN
    camp := (whole ->> campaign_column)::uuid;
  END IF;
  IF whole ? 'organization_id' THEN org := (whole ->> 'organization_id')::uuid; END IF;
  IF whole ? 'account_id' THEN acct := (whole ->> 'account_id')::uuid; END IF;
  IF camp IS NOT NULL AND (org IS NULL OR acct IS NULL) THEN
    SELECT c.organization_id, c.account_id INTO org, acct FROM campaigns c WHERE c.id = camp;
    -- A plan step's row going with its campaign: the campaign's own deletion is the entry.
    IF NOT FOUND AND TG_OP = 'DELETE' AND campaign_column <> 'id' THEN
      RETURN NULL;
    END IF;
  END IF;
  IF org IS NULL AND acct IS NOT NULL THEN
    SELECT a.organization_id INTO org FROM accounts a WHERE a.id = acct;
  END IF;
  IF camp IS NOT NULL THEN
    -- The draft revision the change goes into: one after the last frozen one.
    SELECT COALESCE(max(r.number), 0) + 1 INTO rev FROM plan_revisions r WHERE r.campaign_id = camp;
  END IF;
  SELECT string_agg(whole ->> k.name, ':' ORDER BY k.ord) INTO entity_key
    FROM unnest(string_to_array(TG_ARGV[2], ',')) WITH ORDINALITY AS k(name, ord);

  IF TG_OP = 'INSERT' THEN
    INSERT INTO change_log (actor_user_id, organization_id, account_id, campaign_id, entity, entity_id, op, field,
                            before, after, revision)
    VALUES (actor, org, acct, camp, TG_ARGV[0], entity_key, 'create', NULL, NULL, new_row, rev);
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO change_log (actor_user_id, organization_id, account_id, campaign_id, entity, entity_id, op, field,
                            before, after, revision)
    VALUES (actor, org, acct, camp, TG_ARGV[0], entity_key, 'delete', NULL, old_row, NULL, rev);
  ELSE
    INSERT INTO change_log (actor_user_id, organization_id, account_id, campaign_id, entity, entity_id, op, field,
                            before, after, revision)
    SELECT actor, org, acct, camp, TG_ARGV[0], entity_key, 'update', n.key, o.value, n.value, rev
    FROM jsonb_each(new_row) n
    LEFT JOIN jsonb_each(old_row) o ON o.key = n.key
    WHERE o.value IS DISTINCT FROM n.value
    ORDER BY n.key;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER change_log_campaigns AFTER INSERT OR UPDATE OR DELETE ON campaigns FOR EACH ROW
  EXECUTE FUNCTION change_log_write('campaign', 'id', 'id', 'created_at,updated_at,version,name_folded');
--> statement-breakpoint
CREATE TRIGGER change_log_campaign_platforms AFTER INSERT OR UPDATE OR DELETE ON campaign_platforms FOR EACH ROW
  EXECUTE FUNCTION change_log_write('placement', 'campaign_id', 'platform_key',
    'created_at,updated_at,attempts,next_attempt_at,launch_key');
--> statement-breakpoint
CREATE TRIGGER change_log_campaign_allocations AFTER INSERT OR UPDATE OR DELETE ON campaign_allocations FOR EACH ROW
  EXECUTE FUNCTION change_log_write('allocation', 'campaign_id', 'platform_key', '');
--> statement-breakpoint
CREATE TRIGGER change_log_campaign_audiences AFTER INSERT OR UPDATE OR DELETE ON campaign_audiences FOR EACH ROW
  EXECUTE FUNCTION change_log_write('audience', 'campaign_id', 'campaign_id', '');
--> statement-breakpoint
CREATE TRIGGER change_log_campaign_flights AFTER INSERT OR UPDATE OR DELETE ON campaign_flights FOR EACH ROW
  EXECUTE FUNCTION change_log_write('flight', 'campaign_id', 'id', 'created_at,updated_at');
--> statement-breakpoint
CREATE TRIGGER change_log_campaign_ads AFTER INSERT OR UPDATE OR DELETE ON campaign_ads FOR EACH ROW
  EXECUTE FUNCTION change_log_write('ad', 'campaign_id', 'id', 'created_at,updated_at');
--> statement-breakpoint
CREATE TRIGGER change_log_customers AFTER INSERT OR UPDATE OR DELETE ON customers FOR EACH ROW
  EXECUTE FUNCTION change_log_write('customer', '', 'id', 'created_at,updated_at');
--> statement-breakpoint
CREATE TRIGGER change_log_budgets AFTER INSERT OR UPDATE OR DELETE ON budgets FOR EACH ROW
  EXECUTE FUNCTION change_log_write('budget', '', 'id', 'created_at,updated_at');
--> statement-breakpoint
CREATE TRIGGER change_log_bookings AFTER INSERT OR UPDATE OR DELETE ON bookings FOR EACH ROW
  EXECUTE FUNCTION change_log_write('booking', 'campaign_id', 'id', 'created_at,updated_at');
--> statement-breakpoint
CREATE TRIGGER change_log_memberships AFTER INSERT OR UPDATE OR DELETE ON memberships FOR EACH ROW
  EXECUTE FUNCTION change_log_write('member', '', 'user_id', 'created_at,last_active_at');
--> statement-breakpoint
CREATE TRIGGER change_log_membership_accounts AFTER INSERT OR UPDATE OR DELETE ON membership_accounts FOR EACH ROW
  EXECUTE FUNCTION change_log_write('memberAccount', '', 'user_id,account_id', '');
--> statement-breakpoint
CREATE TRIGGER change_log_platform_connections AFTER INSERT OR UPDATE OR DELETE ON platform_connections FOR EACH ROW
  EXECUTE FUNCTION change_log_write('connection', '', 'platform_key',
    'access_token_sealed,refresh_token_sealed,access_expires_at,refresh_expires_at,refreshed_at,sync_cursor,connected_at,created_at,updated_at');
--> statement-breakpoint
-- Append-only: whatever the application does, an entry is never changed or removed.
CREATE FUNCTION change_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'The change log is append-only: % is refused', TG_OP USING ERRCODE = 'insufficient_privilege';
END
$$;
--> statement-breakpoint
CREATE TRIGGER change_log_append_only BEFORE UPDATE OR DELETE ON change_log FOR EACH ROW
  EXECUTE FUNCTION change_log_append_only();
--> statement-breakpoint
CREATE TRIGGER change_log_no_truncate BEFORE TRUNCATE ON change_log FOR EACH STATEMENT
  EXECUTE FUNCTION change_log_append_only();
--> statement-breakpoint
REVOKE UPDATE, DELETE, TRUNCATE ON change_log FROM PUBLIC;
--> statement-breakpoint
DO $$
BEGIN
  IF NOT (SELECT rolsuper FROM pg_roles WHERE rolname = current_user) THEN
    EXECUTE format('REVOKE UPDATE, DELETE, TRUNCATE ON change_log FROM %I', current_user);
  END IF;
END
$$;

ALTER TABLE "campaign_live_plans" ADD COLUMN "interest_names" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "plan_revisions" ADD COLUMN "interest_names" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
-- Revisions frozen before this migration: the names their campaign's plan gives its interests now (the best
-- record there is; names of interests the plan has since dropped stay unknown, and show as ids).
UPDATE "plan_revisions" r SET "interest_names" = a."interest_names"
  FROM "campaign_audiences" a WHERE a."campaign_id" = r."campaign_id";
--> statement-breakpoint
-- From now on the names are frozen with the snapshot.
CREATE OR REPLACE FUNCTION plan_revisions_frozen() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    IF EXISTS (SELECT 1 FROM campaigns WHERE id = OLD.campaign_id) THEN
      RAISE EXCEPTION 'Revision % of this plan is frozen: it cannot be deleted', OLD.number
        USING ERRCODE = 'integrity_constraint_violation';
    END IF;
    RETURN OLD;
  END IF;
  IF NEW.snapshot IS DISTINCT FROM OLD.snapshot OR NEW.hash IS DISTINCT FROM OLD.hash
     OR NEW.number IS DISTINCT FROM OLD.number OR NEW.campaign_id IS DISTINCT FROM OLD.campaign_id
     OR NEW.account_id IS DISTINCT FROM OLD.account_id OR NEW.created_at IS DISTINCT FROM OLD.created_at
     OR NEW.interest_names IS DISTINCT FROM OLD.interest_names
     OR (NEW.created_by IS DISTINCT FROM OLD.created_by AND NEW.created_by IS NOT NULL) THEN
    RAISE EXCEPTION 'Revision % of this plan is frozen: it cannot change', OLD.number
      USING ERRCODE = 'integrity_constraint_violation';
  END IF;
  IF OLD.decided_at IS NOT NULL AND (
       NEW.decided_at IS DISTINCT FROM OLD.decided_at
       OR (NEW.decided_by IS DISTINCT FROM OLD.decided_by AND NEW.decided_by IS NOT NULL)
       OR NEW.decided_name IS DISTINCT FROM OLD.decided_name
       OR NEW.decided_method IS DISTINCT FROM OLD.decided_method
       OR NEW.comment IS DISTINCT FROM OLD.comment) THEN
    RAISE EXCEPTION 'Revision % of this plan was already decided', OLD.number
      USING ERRCODE = 'integrity_constraint_violation';
  END IF;
  IF NEW.status IS DISTINCT FROM OLD.status AND NOT (
       (OLD.status = 'in_review' AND NEW.status IN ('approved', 'changes_requested', 'superseded'))
       OR (OLD.status IN ('approved', 'changes_requested') AND NEW.status = 'superseded')) THEN
    RAISE EXCEPTION 'Revision % of this plan cannot go from % to %', OLD.number, OLD.status, NEW.status
      USING ERRCODE = 'integrity_constraint_violation';
  END IF;
  RETURN NEW;
END
$$;

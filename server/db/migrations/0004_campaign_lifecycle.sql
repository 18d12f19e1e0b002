-- "scheduled" left the lifecycle: such campaigns never reached a platform, so they are drafts.
UPDATE "campaigns" SET "status" = 'draft' WHERE "status" = 'scheduled';--> statement-breakpoint
ALTER TABLE "campaign_platforms" ADD CONSTRAINT "campaign_platforms_status_check" CHECK (status IN ('pending', 'in_review', 'active', 'paused', 'rejected', 'failed', 'deleting', 'deleted'));--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_status_check" CHECK (status IN ('draft', 'launching', 'active', 'pausing', 'paused', 'resuming', 'completed', 'failed', 'deleting'));
-- The list's filtered pages (docs/list-performance.md, Fourth round). A page filtered by status or by a
-- budget bound and sorted by another column walks that column's index and, for every row it passes, reads
-- the table to test the filter: a deep page read thousands of rows. With the two filterable columns
-- carried in each sort index, that walk is an index-only scan. The schema does not map INCLUDE (drizzle
-- has no builder for it); the indexes keep their names and key columns.
DROP INDEX "campaigns_list_created_idx";--> statement-breakpoint
CREATE INDEX "campaigns_list_created_idx" ON "campaigns" ("account_id", "organization_id", "created_at", "id") INCLUDE ("status", "budget_minor");--> statement-breakpoint
DROP INDEX "campaigns_list_updated_idx";--> statement-breakpoint
CREATE INDEX "campaigns_list_updated_idx" ON "campaigns" ("account_id", "organization_id", "updated_at", "id") INCLUDE ("status", "budget_minor");--> statement-breakpoint
DROP INDEX "campaigns_list_name_idx";--> statement-breakpoint
CREATE INDEX "campaigns_list_name_idx" ON "campaigns" ("account_id", "organization_id", "name", "id") INCLUDE ("status", "budget_minor");--> statement-breakpoint
DROP INDEX "campaigns_list_budget_idx";--> statement-breakpoint
CREATE INDEX "campaigns_list_budget_idx" ON "campaigns" ("account_id", "organization_id", "budget_minor", "id") INCLUDE ("status");--> statement-breakpoint
DROP INDEX "campaigns_list_status_idx";--> statement-breakpoint
CREATE INDEX "campaigns_list_status_idx" ON "campaigns" ("account_id", "organization_id", "status", "id") INCLUDE ("budget_minor");--> statement-breakpoint
DROP INDEX "campaigns_list_start_idx";--> statement-breakpoint
CREATE INDEX "campaigns_list_start_idx" ON "campaigns" ("account_id", "organization_id", "start_date", "id") INCLUDE ("status", "budget_minor");--> statement-breakpoint
DROP INDEX "campaigns_list_start_desc_idx";--> statement-breakpoint
CREATE INDEX "campaigns_list_start_desc_idx" ON "campaigns" ("account_id", "organization_id", "start_date" DESC NULLS LAST, "id" DESC NULLS FIRST) INCLUDE ("status", "budget_minor");--> statement-breakpoint
DROP INDEX "campaigns_list_end_idx";--> statement-breakpoint
CREATE INDEX "campaigns_list_end_idx" ON "campaigns" ("account_id", "organization_id", "end_date", "id") INCLUDE ("status", "budget_minor");--> statement-breakpoint
DROP INDEX "campaigns_list_end_desc_idx";--> statement-breakpoint
CREATE INDEX "campaigns_list_end_desc_idx" ON "campaigns" ("account_id", "organization_id", "end_date" DESC NULLS LAST, "id" DESC NULLS FIRST) INCLUDE ("status", "budget_minor");

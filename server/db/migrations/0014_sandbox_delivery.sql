CREATE TABLE "sandbox_clock" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"offset_days" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sandbox_clock_single_row_check" CHECK (id = 1)
);
--> statement-breakpoint
ALTER TABLE "sandbox_platform_campaigns" ADD COLUMN "status_history" jsonb DEFAULT '[]'::jsonb NOT NULL;
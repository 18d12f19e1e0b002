CREATE TABLE "sandbox_graph_objects" (
	"id" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"ad_account_id" text NOT NULL,
	"parent_id" text,
	"fields" jsonb NOT NULL,
	"status" text DEFAULT 'ACTIVE' NOT NULL,
	"status_history" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "sandbox_graph_objects_account_idx" ON "sandbox_graph_objects" USING btree ("ad_account_id","kind");--> statement-breakpoint
CREATE INDEX "sandbox_graph_objects_parent_idx" ON "sandbox_graph_objects" USING btree ("parent_id");
CREATE TABLE "security_notice_reads" (
	"notice_id" uuid NOT NULL,
	"session_id" text NOT NULL,
	CONSTRAINT "security_notice_reads_notice_id_session_id_pk" PRIMARY KEY("notice_id","session_id")
);
--> statement-breakpoint
CREATE TABLE "security_notices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"method" text NOT NULL,
	"user_agent" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "provider_authenticators" ADD COLUMN "added_notice_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "security_notice_reads" ADD CONSTRAINT "security_notice_reads_notice_id_security_notices_id_fk" FOREIGN KEY ("notice_id") REFERENCES "public"."security_notices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "security_notice_reads" ADD CONSTRAINT "security_notice_reads_session_id_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "security_notices" ADD CONSTRAINT "security_notices_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "security_notices_user_idx" ON "security_notices" USING btree ("user_id","created_at");--> statement-breakpoint
-- Methods confirmed before this migration were never announced, and should not be now.
UPDATE "provider_authenticators" SET "added_notice_at" = "verified_at" WHERE "verified_at" IS NOT NULL;

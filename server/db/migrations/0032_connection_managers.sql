CREATE TABLE "platform_ad_account_choices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"platform_key" text NOT NULL,
	"tokens_sealed" text NOT NULL,
	"ad_accounts" jsonb NOT NULL,
	"return_to" text DEFAULT '/platforms' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "platform_connections" ADD COLUMN "external_manager_id" text;--> statement-breakpoint
ALTER TABLE "platform_connections" ADD COLUMN "external_manager_name" text;--> statement-breakpoint
ALTER TABLE "platform_ad_account_choices" ADD CONSTRAINT "platform_ad_account_choices_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "platform_ad_account_choices" ADD CONSTRAINT "platform_ad_account_choices_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "platform_ad_account_choices" ADD CONSTRAINT "platform_ad_account_choices_platform_key_platforms_key_fk" FOREIGN KEY ("platform_key") REFERENCES "public"."platforms"("key") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "platform_ad_account_choices_expiry_idx" ON "platform_ad_account_choices" USING btree ("expires_at");
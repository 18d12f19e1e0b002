CREATE TABLE "provider_authenticators" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" text NOT NULL,
	"user_id" text NOT NULL,
	"method" text NOT NULL,
	"label" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"verified_at" timestamp with time zone,
	"last_used_at" timestamp with time zone,
	"credential_id" text,
	"public_key" text,
	"counter" bigint DEFAULT 0 NOT NULL,
	"transports" jsonb,
	"attachment" text,
	"totp_secret_encrypted" text,
	"totp_last_step" bigint,
	"email" text,
	"phone_number" text
);
--> statement-breakpoint
CREATE TABLE "provider_challenges" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" text NOT NULL,
	"user_id" text,
	"kind" text NOT NULL,
	"method" text,
	"action" text NOT NULL,
	"authenticator_id" uuid,
	"recipient" text,
	"webauthn_challenge" text,
	"attachment" text,
	"code_hash" text,
	"magic_link_hash" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"locked_at" timestamp with time zone,
	"verified_at" timestamp with time zone,
	"consumed_at" timestamp with time zone,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "provider_outbox" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"channel" text NOT NULL,
	"recipient" text NOT NULL,
	"subject" text,
	"text" text NOT NULL,
	"html" text,
	"code" text,
	"link" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "provider_send_log" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" text NOT NULL,
	"channel" text NOT NULL,
	"recipient" text NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "provider_settings" (
	"key" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "provider_tenants" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "provider_used_tokens" (
	"jti" text PRIMARY KEY NOT NULL,
	"tenant_id" text NOT NULL,
	"user_id" text NOT NULL,
	"used_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "provider_users" (
	"tenant_id" text NOT NULL,
	"user_id" text NOT NULL,
	"email" text,
	"phone_number" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "provider_users_tenant_id_user_id_pk" PRIMARY KEY("tenant_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "provider_authenticators" ADD CONSTRAINT "provider_authenticators_tenant_id_provider_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."provider_tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "provider_challenges" ADD CONSTRAINT "provider_challenges_tenant_id_provider_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."provider_tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "provider_challenges" ADD CONSTRAINT "provider_challenges_authenticator_id_provider_authenticators_id_fk" FOREIGN KEY ("authenticator_id") REFERENCES "public"."provider_authenticators"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "provider_users" ADD CONSTRAINT "provider_users_tenant_id_provider_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."provider_tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "provider_authenticators_user_idx" ON "provider_authenticators" USING btree ("tenant_id","user_id","method");--> statement-breakpoint
CREATE UNIQUE INDEX "provider_authenticators_credential_idx" ON "provider_authenticators" USING btree ("tenant_id","credential_id") WHERE "provider_authenticators"."credential_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "provider_challenges_user_idx" ON "provider_challenges" USING btree ("tenant_id","user_id","kind","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "provider_challenges_magic_link_idx" ON "provider_challenges" USING btree ("magic_link_hash") WHERE "provider_challenges"."magic_link_hash" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "provider_challenges_webauthn_idx" ON "provider_challenges" USING btree ("tenant_id","webauthn_challenge");--> statement-breakpoint
CREATE INDEX "provider_outbox_recipient_idx" ON "provider_outbox" USING btree ("recipient","created_at");--> statement-breakpoint
CREATE INDEX "provider_send_log_recipient_idx" ON "provider_send_log" USING btree ("recipient","sent_at");
import { sql } from 'drizzle-orm';
import {
  bigint,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns';

// The built-in step-up provider (server/provider/).

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** Tenants of the built-in provider; the configured one (PROVIDER_TENANT_ID) is created on first use. */
export const providerTenants = pgTable('provider_tenants', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  createdAt: createdAt(),
});

/** Key/value settings of the provider: the generated secret when PROVIDER_SECRET is not set. */
export const providerSettings = pgTable('provider_settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  createdAt: createdAt(),
});

/** The provider's users: the app's user ids per tenant, with the sign-in address for the e-mail fallback. */
export const providerUsers = pgTable(
  'provider_users',
  {
    tenantId: text('tenant_id')
      .notNull()
      .references(() => providerTenants.id, { onDelete: 'cascade' }),
    userId: text('user_id').notNull(),
    email: text('email'),
    phoneNumber: text('phone_number'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.userId] })],
);

/** One recovery code of a set: its hash, and when it was used (null while it still works). */
export interface RecoveryCodeHash {
  hash: string;
  usedAt: string | null;
}

export const providerAuthenticators = pgTable(
  'provider_authenticators',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: text('tenant_id')
      .notNull()
      .references(() => providerTenants.id, { onDelete: 'cascade' }),
    userId: text('user_id').notNull(),
    /** PASSKEY | SECURITY_KEY | EMAIL_OTP | EMAIL_MAGIC_LINK | AUTHENTICATOR_APP | SMS | RECOVERY_CODE */
    method: text('method').notNull(),
    label: text('label').notNull(),
    createdAt: createdAt(),
    /** Null until the first verification confirms the enrolment. */
    verifiedAt: at('verified_at'),
    lastUsedAt: at('last_used_at'),
    // WebAuthn
    credentialId: text('credential_id'),
    /** COSE public key, base64url */
    publicKey: text('public_key'),
    counter: bigint('counter', { mode: 'number' }).notNull().default(0),
    transports: jsonb('transports').$type<string[]>(),
    attachment: text('attachment'),
    // TOTP: AES-256-GCM of the base32 secret ("iv.tag.ciphertext", base64url); the last accepted 30 s step.
    totpSecretEncrypted: text('totp_secret_encrypted'),
    totpLastStep: bigint('totp_last_step', { mode: 'number' }),
    email: text('email'),
    phoneNumber: text('phone_number'),
    /**
     * When the user was told this method was added (e-mail and a notice for their sessions); null until its
     * enrolment is confirmed. Claimed once, so the announcement goes out exactly once.
     */
    addedNoticeAt: at('added_notice_at'),
    /**
     * Recovery codes: the set's keyed hashes (HMAC-SHA-256 of the normalised code, keyed per authenticator)
     * and when each was used. The clear codes are shown once at enrolment and never stored.
     */
    recoveryCodes: jsonb('recovery_codes').$type<RecoveryCodeHash[]>(),
  },
  (t) => [
    index('provider_authenticators_user_idx').on(t.tenantId, t.userId, t.method),
    uniqueIndex('provider_authenticators_credential_idx')
      .on(t.tenantId, t.credentialId)
      .where(sql`${t.credentialId} IS NOT NULL`),
  ],
);

/**
 * Every challenge of the provider: WebAuthn ceremonies (single-use `webauthnChallenge`), e-mail/SMS codes
 * (HMAC `codeHash`, `attempts`), magic links (`magicLinkHash`, `verifiedAt` when the link was opened), TOTP
 * attempt counters and action challenges (`POST /client/challenge`). `consumedAt` makes each single-use.
 */
export const providerChallenges = pgTable(
  'provider_challenges',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: text('tenant_id')
      .notNull()
      .references(() => providerTenants.id, { onDelete: 'cascade' }),
    /** Null for a usernameless passkey sign-in until the credential names the user. */
    userId: text('user_id'),
    /** webauthn_registration | webauthn_authentication | email_otp | sms | email_magic_link | totp | recovery_code | action */
    kind: text('kind').notNull(),
    method: text('method'),
    action: text('action').notNull(),
    authenticatorId: uuid('authenticator_id').references(() => providerAuthenticators.id, {
      onDelete: 'cascade',
    }),
    recipient: text('recipient'),
    webauthnChallenge: text('webauthn_challenge'),
    /** the attachment asked for in the registration options (passkeys: platform, security keys: cross-platform) */
    attachment: text('attachment'),
    codeHash: text('code_hash'),
    magicLinkHash: text('magic_link_hash'),
    attempts: integer('attempts').notNull().default(0),
    lockedAt: at('locked_at'),
    verifiedAt: at('verified_at'),
    consumedAt: at('consumed_at'),
    expiresAt: at('expires_at').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('provider_challenges_user_idx').on(t.tenantId, t.userId, t.kind, t.createdAt),
    uniqueIndex('provider_challenges_magic_link_idx')
      .on(t.magicLinkHash)
      .where(sql`${t.magicLinkHash} IS NOT NULL`),
    index('provider_challenges_webauthn_idx').on(t.tenantId, t.webauthnChallenge),
  ],
);

/** The `jti` of every 'verified' token the app server accepted: a token is valid once. */
export const providerUsedTokens = pgTable('provider_used_tokens', {
  jti: text('jti').primaryKey(),
  tenantId: text('tenant_id').notNull(),
  userId: text('user_id').notNull(),
  usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  expiresAt: at('expires_at').notNull(),
});

/** Messages delivered to the development outbox (/dev/outbox) when no e-mail/SMS provider is configured. */
export const providerOutbox = pgTable(
  'provider_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** email | sms */
    channel: text('channel').notNull(),
    recipient: text('recipient').notNull(),
    subject: text('subject'),
    text: text('text').notNull(),
    html: text('html'),
    code: text('code'),
    link: text('link'),
    createdAt: createdAt(),
  },
  (t) => [index('provider_outbox_recipient_idx').on(t.recipient, t.createdAt)],
);

/** One row per code or link sent, whatever the delivery: resend cooldown and send limits count these. */
export const providerSendLog = pgTable(
  'provider_send_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: text('tenant_id').notNull(),
    channel: text('channel').notNull(),
    recipient: text('recipient').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('provider_send_log_recipient_idx').on(t.recipient, t.sentAt)],
);

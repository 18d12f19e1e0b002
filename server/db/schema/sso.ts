import { ROLES } from '@contract/policy';
import { boolean, check, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt, oneOf, updatedAt } from './columns';
import { organizations } from './identity';

// Single sign-on (issue 26): an organization's OpenID Connect identity provider, the e-mail domains it signs
// in, and the sign-ins under way (state, nonce and PKCE verifier; each used once).

/** One identity provider per organization. The client secret is sealed (secretBox, bound to the organization). */
export const ssoConfigurations = pgTable(
  'sso_configurations',
  {
    organizationId: uuid('organization_id')
      .primaryKey()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    issuer: text('issuer').notNull(),
    clientId: text('client_id').notNull(),
    clientSecretSealed: text('client_secret_sealed'),
    /** What a person signed in for the first time gets. */
    role: text('role').notNull(),
    /** Null: every account; otherwise the accounts a new person may work in. */
    accountIds: uuid('account_ids').array(),
    /** Password sign-in is refused for addresses at the domains. */
    requireSso: boolean('require_sso').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  () => [check('sso_configurations_role_check', oneOf('role', ROLES))],
);

/** The e-mail domains an organization's identity provider signs in; a domain belongs to one organization. */
export const ssoDomains = pgTable(
  'sso_domains',
  {
    /** Lower-cased. */
    domain: text('domain').primaryKey(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => ssoConfigurations.organizationId, { onDelete: 'cascade' }),
  },
  (t) => [index('sso_domains_org_idx').on(t.organizationId)],
);

/**
 * A sign-in sent to the identity provider: the SHA-256 of its `state`, the nonce and the sealed PKCE verifier.
 * Used once (`used_at`): a replayed answer is refused; rows older than a day are pruned.
 */
export const ssoLogins = pgTable(
  'sso_logins',
  {
    stateHash: text('state_hash').primaryKey(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    /** The issuer the sign-in was started with: an answer from another is refused. */
    issuer: text('issuer').notNull(),
    nonce: text('nonce').notNull(),
    codeVerifierSealed: text('code_verifier_sealed').notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [index('sso_logins_created_idx').on(t.createdAt)],
);

import { createHash } from 'node:crypto';
import { grantFor, type Role } from '@contract/policy';
import type { SsoSettingsRequest } from '@contract/sso';
import { and, eq, inArray, isNull, lt, ne, sql } from 'drizzle-orm';
import type { Database } from '../db/connect';
import * as t from '../db/schema';
import type { SecretBox } from '../db/secretBox';
import { HttpError } from '../http/errors';
import { recordEvent } from '../team/activity';

/**
 * Single sign-on (issue 26): the only module that reads and writes `sso_configurations`, `sso_domains` and
 * `sso_logins`, and that makes a person a member through single sign-on.
 */

export const hashState = (state: string) => createHash('sha256').update(state).digest('base64url');
const secretContext = (organizationId: string) => `sso:client-secret:${organizationId}`;
const verifierContext = (stateHash: string) => `sso:pkce:${stateHash}`;

/** How long a sign-in may stay at the identity provider. */
export const SSO_LOGIN_MINUTES = 10;

export interface SsoConfiguration {
  organizationId: string;
  issuer: string;
  clientId: string;
  hasClientSecret: boolean;
  domains: string[];
  role: Role;
  accountIds: string[] | null;
  requireSso: boolean;
}

export async function ssoConfiguration(
  db: Database,
  organizationId: string,
): Promise<SsoConfiguration | undefined> {
  const [row] = await db
    .select()
    .from(t.ssoConfigurations)
    .where(eq(t.ssoConfigurations.organizationId, organizationId));
  if (!row) return undefined;
  const domains = await db
    .select({ domain: t.ssoDomains.domain })
    .from(t.ssoDomains)
    .where(eq(t.ssoDomains.organizationId, organizationId))
    .orderBy(t.ssoDomains.domain);
  return {
    organizationId,
    issuer: row.issuer,
    clientId: row.clientId,
    hasClientSecret: row.clientSecretSealed !== null,
    domains: domains.map((d) => d.domain),
    role: row.role as Role,
    accountIds: row.accountIds,
    requireSso: row.requireSso,
  };
}

const fieldError = (field: string, message: string) =>
  new HttpError(400, message, { validationErrors: { [field]: { message } } });

/**
 * Writes the organization's settings: its domains replaced (a domain another organization signs in is
 * refused, naming it), the secret sealed (kept when none is sent), the accounts checked to be its own.
 */
export async function saveSsoConfiguration(
  db: Database,
  box: SecretBox,
  organizationId: string,
  input: SsoSettingsRequest & { domains: string[]; role: Role },
): Promise<void> {
  const domains = [...new Set(input.domains)];
  const accountIds = grantFor(input.role, input.accountIds ?? null);
  await db.transaction(async (tx) => {
    if (accountIds && accountIds.length > 0) {
      const unique = [...new Set(accountIds)];
      const found = await tx
        .select({ id: t.accounts.id })
        .from(t.accounts)
        .where(and(eq(t.accounts.organizationId, organizationId), inArray(t.accounts.id, unique)));
      if (found.length !== unique.length)
        throw fieldError('accountIds', 'Choose accounts of this organization');
    }
    const taken = await tx
      .select({ domain: t.ssoDomains.domain })
      .from(t.ssoDomains)
      .where(and(inArray(t.ssoDomains.domain, domains), ne(t.ssoDomains.organizationId, organizationId)));
    if (taken[0]) {
      throw fieldError('domains', `${taken[0].domain} already signs in with another organization`);
    }
    const sealed =
      typeof input.clientSecret === 'string'
        ? box.seal(input.clientSecret, secretContext(organizationId))
        : null;
    const values = {
      issuer: input.issuer,
      clientId: input.clientId,
      role: input.role,
      accountIds: accountIds ? [...new Set(accountIds)] : null,
      requireSso: input.requireSso ?? false,
      updatedAt: new Date(),
    };
    await tx
      .insert(t.ssoConfigurations)
      .values({ organizationId, ...values, clientSecretSealed: sealed })
      .onConflictDoUpdate({
        target: t.ssoConfigurations.organizationId,
        set: sealed === null ? values : { ...values, clientSecretSealed: sealed },
      });
    await tx.delete(t.ssoDomains).where(eq(t.ssoDomains.organizationId, organizationId));
    // Taken between the check and here (two organizations at once): the primary key refuses it.
    const inserted = await tx
      .insert(t.ssoDomains)
      .values(domains.map((domain) => ({ domain, organizationId })))
      .onConflictDoNothing()
      .returning({ domain: t.ssoDomains.domain });
    if (inserted.length !== domains.length) {
      const missing = domains.find((d) => !inserted.some((i) => i.domain === d));
      throw fieldError('domains', `${missing} already signs in with another organization`);
    }
  });
}

/** The organization whose identity provider signs in this domain, with its client secret opened. */
export interface SsoClient {
  organizationId: string;
  issuer: string;
  clientId: string;
  clientSecret: string | null;
  domains: string[];
  role: Role;
  accountIds: string[] | null;
  requireSso: boolean;
}

export async function ssoClientForDomain(
  db: Database,
  box: SecretBox,
  domain: string,
): Promise<SsoClient | undefined> {
  const [row] = await db
    .select({ organizationId: t.ssoDomains.organizationId })
    .from(t.ssoDomains)
    .where(eq(t.ssoDomains.domain, domain.toLowerCase()));
  return row ? ssoClientOf(db, box, row.organizationId) : undefined;
}

export async function ssoClientOf(
  db: Database,
  box: SecretBox,
  organizationId: string,
): Promise<SsoClient | undefined> {
  const [row] = await db
    .select()
    .from(t.ssoConfigurations)
    .where(eq(t.ssoConfigurations.organizationId, organizationId));
  if (!row) return undefined;
  const configuration = await ssoConfiguration(db, organizationId);
  return {
    organizationId,
    issuer: row.issuer,
    clientId: row.clientId,
    clientSecret: row.clientSecretSealed
      ? box.open(row.clientSecretSealed, secretContext(organizationId))
      : null,
    domains: configuration?.domains ?? [],
    role: row.role as Role,
    accountIds: row.accountIds,
    requireSso: row.requireSso,
  };
}

/** Whether the domain signs in with single sign-on, and whether password sign-in is refused there. */
export async function ssoForDomain(
  db: Database,
  domain: string,
): Promise<{ sso: boolean; required: boolean }> {
  if (!domain) return { sso: false, required: false };
  const [row] = await db
    .select({ required: t.ssoConfigurations.requireSso })
    .from(t.ssoDomains)
    .innerJoin(t.ssoConfigurations, eq(t.ssoConfigurations.organizationId, t.ssoDomains.organizationId))
    .where(eq(t.ssoDomains.domain, domain.toLowerCase()));
  return { sso: Boolean(row), required: row?.required ?? false };
}

/** Whether password sign-in is refused for this address (its domain's organization requires single sign-on). */
export async function ssoRequiredFor(db: Database, email: string): Promise<boolean> {
  const at = email.lastIndexOf('@');
  return (await ssoForDomain(db, at < 0 ? '' : email.slice(at + 1))).required;
}

// --- sign-ins under way ----------------------------------------------------------------------------------

export async function beginSsoLogin(
  db: Database,
  box: SecretBox,
  login: { state: string; organizationId: string; issuer: string; nonce: string; codeVerifier: string },
): Promise<void> {
  const stateHash = hashState(login.state);
  await db.delete(t.ssoLogins).where(lt(t.ssoLogins.createdAt, sql`now() - interval '1 day'`));
  await db.insert(t.ssoLogins).values({
    stateHash,
    organizationId: login.organizationId,
    issuer: login.issuer,
    nonce: login.nonce,
    codeVerifierSealed: box.seal(login.codeVerifier, verifierContext(stateHash)),
    expiresAt: new Date(Date.now() + SSO_LOGIN_MINUTES * 60_000),
  });
}

export type ConsumedLogin =
  | { status: 'ok'; organizationId: string; issuer: string; nonce: string; codeVerifier: string }
  | { status: 'unknown' | 'used' | 'expired' };

/** Marks the sign-in of this `state` used (once: a second answer with it is `used`). */
export async function consumeSsoLogin(db: Database, box: SecretBox, state: string): Promise<ConsumedLogin> {
  const stateHash = hashState(state);
  const [row] = await db
    .update(t.ssoLogins)
    .set({ usedAt: new Date() })
    .where(and(eq(t.ssoLogins.stateHash, stateHash), isNull(t.ssoLogins.usedAt)))
    .returning();
  if (!row) {
    const [used] = await db
      .select({ stateHash: t.ssoLogins.stateHash })
      .from(t.ssoLogins)
      .where(eq(t.ssoLogins.stateHash, stateHash));
    return { status: used ? 'used' : 'unknown' };
  }
  if (row.expiresAt.getTime() <= Date.now()) return { status: 'expired' };
  return {
    status: 'ok',
    organizationId: row.organizationId,
    issuer: row.issuer,
    nonce: row.nonce,
    codeVerifier: box.open(row.codeVerifierSealed, verifierContext(stateHash)),
  };
}

// --- the person ------------------------------------------------------------------------------------------

/** No password: a user made by single sign-on cannot sign in with one (verifyPassword refuses it). */
const NO_PASSWORD = 'sso';

/**
 * The user of this verified address, made just in time (onboarded, named from the ID token) when there is
 * none, and a member of the organization (with the configured role and accounts) when not one already —
 * unless they are a member of other organizations only (`ACCOUNT_ELSEWHERE`: invite them first).
 * Their resume point is the organization (and its one account, when they may work in exactly one).
 */
export async function ssoMember(
  db: Database,
  client: Pick<SsoClient, 'organizationId' | 'role' | 'accountIds'>,
  person: { email: string; firstName: string; lastName: string },
): Promise<{ user: typeof t.users.$inferSelect; created: boolean } | { refused: 'ACCOUNT_ELSEWHERE' }> {
  const { organizationId } = client;
  return db.transaction(async (tx) => {
    let created = false;
    let [user] = await tx.select().from(t.users).where(eq(t.users.email, person.email)).for('update');
    if (!user) {
      [user] = await tx
        .insert(t.users)
        .values({
          email: person.email,
          passwordHash: NO_PASSWORD,
          firstName: person.firstName,
          lastName: person.lastName,
          onboardedAt: new Date(),
        })
        .onConflictDoNothing({ target: t.users.email })
        .returning();
      if (!user) throw new HttpError(409, 'Signed in twice at once: try again');
      created = true;
    }
    const [member] = await tx
      .select({ userId: t.memberships.userId })
      .from(t.memberships)
      .where(and(eq(t.memberships.organizationId, organizationId), eq(t.memberships.userId, user.id)));
    if (!member && !created) {
      // Somebody already working in other organizations joins this one by invitation, not by the identity
      // provider alone: domains are not verified, and this sign-in would open those organizations too.
      const [elsewhere] = await tx
        .select({ organizationId: t.memberships.organizationId })
        .from(t.memberships)
        .where(eq(t.memberships.userId, user.id))
        .limit(1);
      if (elsewhere) return { refused: 'ACCOUNT_ELSEWHERE' as const };
    }
    if (!member) {
      const role = client.role;
      const accountIds = client.accountIds
        ? (
            await tx
              .select({ id: t.accounts.id })
              .from(t.accounts)
              .where(
                and(eq(t.accounts.organizationId, organizationId), inArray(t.accounts.id, client.accountIds)),
              )
          ).map((a) => a.id)
        : null;
      const grant = grantFor(role, accountIds);
      await tx
        .insert(t.memberships)
        .values({ userId: user.id, organizationId, role, allAccounts: grant === null });
      if (grant && grant.length > 0) {
        await tx
          .insert(t.membershipAccounts)
          .values(grant.map((accountId) => ({ userId: user.id, organizationId, accountId })));
      }
      // The identity provider let them in: the organization's activity says so, as it would for an invitation.
      await recordEvent(tx, organizationId, user.id, 'joined_by_sso', user.email, {
        role,
        accountIds: grant,
      });
    }
    const reachable = await tx.execute<{ id: string }>(sql`
      SELECT a.id FROM accounts a JOIN memberships m ON m.organization_id = a.organization_id
      WHERE m.user_id = ${user.id}::uuid AND m.organization_id = ${organizationId}::uuid
        AND (m.all_accounts OR EXISTS (SELECT 1 FROM membership_accounts ma
          WHERE ma.user_id = m.user_id AND ma.organization_id = m.organization_id AND ma.account_id = a.id))
      LIMIT 2`);
    const accountId = reachable.rows.length === 1 ? reachable.rows[0]!.id : null;
    const [resumed] = await tx
      .update(t.users)
      .set({ lastOrganizationId: organizationId, lastAccountId: accountId })
      .where(eq(t.users.id, user.id))
      .returning();
    return { user: resumed ?? user, created };
  });
}

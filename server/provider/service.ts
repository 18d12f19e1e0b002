import type { UserAuthenticator, VerificationMethod } from '@contract/provider';
import { and, desc, eq, isNotNull, sql } from 'drizzle-orm';
import type { Database } from '../db/connect';
import { providerAuthenticators, providerTenants, providerUsers } from '../db/schema';
import type { ProviderConfig } from './config';
import type { Delivery } from './delivery';
import { ProviderKeys } from './keys';
import { issueToken, type TokenSubject } from './tokens';

export type AuthenticatorRow = typeof providerAuthenticators.$inferSelect;

/** The built-in provider's state: database, configuration, keys and delivery. Shared by its routes and adapter. */
export class ProviderService {
  private keysPromise: Promise<ProviderKeys> | undefined;
  private tenantPromise: Promise<void> | undefined;

  constructor(
    readonly db: Database,
    readonly config: ProviderConfig,
    readonly delivery: Delivery,
  ) {}

  private lastCleanUp = 0;

  /**
   * Deletes what can no longer matter: challenges a day past expiry, used token ids past their token's expiry,
   * send-log rows older than a day and outbox messages older than a week. Runs at most hourly per instance.
   */
  async cleanUpIfDue(now = Date.now()): Promise<void> {
    if (now - this.lastCleanUp < 3_600_000) return;
    this.lastCleanUp = now;
    await this.db.execute(sql`DELETE FROM provider_challenges WHERE expires_at < now() - interval '1 day'`);
    await this.db.execute(sql`DELETE FROM provider_used_tokens WHERE expires_at < now()`);
    await this.db.execute(sql`DELETE FROM provider_send_log WHERE sent_at < now() - interval '1 day'`);
    await this.db.execute(sql`DELETE FROM provider_outbox WHERE created_at < now() - interval '7 days'`);
  }

  keys(): Promise<ProviderKeys> {
    this.keysPromise ??= ProviderKeys.load(this.db, this.config.secret).catch((error) => {
      this.keysPromise = undefined;
      throw error;
    });
    return this.keysPromise;
  }

  /** Creates the configured tenant on first use. */
  ensureTenant(): Promise<void> {
    this.tenantPromise ??= this.db
      .insert(providerTenants)
      .values({ id: this.config.tenantId, name: 'Flightplan' })
      .onConflictDoNothing()
      .then(() => undefined)
      .catch((error) => {
        this.tenantPromise = undefined;
        throw error;
      });
    return this.tenantPromise;
  }

  async tenantExists(tenantId: string): Promise<boolean> {
    await this.ensureTenant();
    const rows = await this.db
      .select({ id: providerTenants.id })
      .from(providerTenants)
      .where(eq(providerTenants.id, tenantId));
    return rows.length > 0;
  }

  async issue(subject: TokenSubject): Promise<string> {
    return issueToken(await this.keys(), subject);
  }

  /** Records the app's user (and the sign-in address used when they have no authenticator). */
  async upsertUser(tenantId: string, userId: string, details: { email?: string; phoneNumber?: string } = {}) {
    await this.ensureTenant();
    const set: Record<string, unknown> = { updatedAt: new Date() };
    if (details.email !== undefined) set.email = details.email;
    if (details.phoneNumber !== undefined) set.phoneNumber = details.phoneNumber;
    await this.db
      .insert(providerUsers)
      .values({ tenantId, userId, email: details.email ?? null, phoneNumber: details.phoneNumber ?? null })
      .onConflictDoUpdate({ target: [providerUsers.tenantId, providerUsers.userId], set });
  }

  async findUser(tenantId: string, userId: string) {
    const [row] = await this.db
      .select()
      .from(providerUsers)
      .where(and(eq(providerUsers.tenantId, tenantId), eq(providerUsers.userId, userId)));
    return row;
  }

  /** A user's authenticators, newest first; `verifiedOnly` leaves out enrolments not yet confirmed. */
  async authenticators(
    tenantId: string,
    userId: string,
    options: { method?: VerificationMethod; verifiedOnly?: boolean } = {},
  ): Promise<AuthenticatorRow[]> {
    const t = providerAuthenticators;
    return this.db
      .select()
      .from(t)
      .where(
        and(
          eq(t.tenantId, tenantId),
          eq(t.userId, userId),
          options.method ? eq(t.method, options.method) : undefined,
          options.verifiedOnly ? isNotNull(t.verifiedAt) : undefined,
        ),
      )
      .orderBy(desc(t.createdAt), desc(t.id));
  }

  /** Marks an authenticator used now (and verified, the first time). */
  async markUsed(id: string, extra: Partial<typeof providerAuthenticators.$inferInsert> = {}) {
    const [row] = await this.db
      .update(providerAuthenticators)
      .set({
        lastUsedAt: new Date(),
        verifiedAt: sql`coalesce(${providerAuthenticators.verifiedAt}, now())`,
        ...extra,
      })
      .where(eq(providerAuthenticators.id, id))
      .returning();
    return row;
  }
}

/**
 * Whether an authenticator can still confirm a step-up: a set of recovery codes that are all used cannot,
 * so it is neither offered nor counted as a method (the e-mail code to the sign-in address takes over).
 */
export const canStillConfirm = (row: AuthenticatorRow): boolean =>
  row.method !== 'RECOVERY_CODE' || (row.recoveryCodes ?? []).some((code) => !code.usedAt);

/** The wire shape of an authenticator (no keys, no secrets). */
export function toUserAuthenticator(row: AuthenticatorRow): UserAuthenticator {
  const result: UserAuthenticator = {
    userAuthenticatorId: row.id,
    verificationMethod: row.method as VerificationMethod,
    label: row.label,
    createdAt: row.createdAt.toISOString(),
    verifiedAt: row.verifiedAt?.toISOString() ?? null,
    lastVerifiedAt: row.lastUsedAt?.toISOString() ?? null,
    isVerified: row.verifiedAt !== null,
  };
  if (row.email) result.email = row.email;
  if (row.phoneNumber) result.phoneNumber = row.phoneNumber;
  if (row.credentialId) result.credentialId = row.credentialId;
  if (row.attachment === 'platform' || row.attachment === 'cross-platform') {
    result.authenticatorAttachment = row.attachment;
  }
  if (row.transports) result.transports = row.transports;
  if (row.recoveryCodes) result.recoveryCodesLeft = row.recoveryCodes.filter((code) => !code.usedAt).length;
  return result;
}

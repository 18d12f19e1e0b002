import { and, desc, eq, gt, inArray, isNotNull, isNull, lt, notExists, or, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../db/connect';
import {
  providerAuthenticators,
  providerChallenges,
  providerOutbox,
  securityNoticeReads,
  securityNotices,
  users,
} from '../db/schema';
import type { ChallengeRow, Tx } from './challenges';

export type { RecoveryCodeHash } from '../db/schema';

import type { AuthenticatorRow } from './service';

/**
 * The step-up provider's queries for its routes (the built-in provider's tables, and the app's security
 * notices that /api/security shows). Each takes the database or the caller's transaction and answers rows.
 */

type NewAuthenticator = typeof providerAuthenticators.$inferInsert;
type NewChallenge = typeof providerChallenges.$inferInsert;
export type OutboxRow = typeof providerOutbox.$inferSelect;
export type SecurityNoticeRow = typeof securityNotices.$inferSelect;

// --- authenticators -----------------------------------------------------------------------------------------

/** The user's authenticator of this code method (e-mail OTP, SMS) for this address or number. */
export async function findCodeAuthenticator(
  db: Database,
  owner: { tenantId: string; userId: string },
  method: 'EMAIL_OTP' | 'SMS',
  field: 'email' | 'phoneNumber',
  value: string,
): Promise<AuthenticatorRow | undefined> {
  const t = providerAuthenticators;
  const [existing] = await db
    .select()
    .from(t)
    .where(
      and(
        eq(t.tenantId, owner.tenantId),
        eq(t.userId, owner.userId),
        eq(t.method, method),
        eq(field === 'email' ? t.email : t.phoneNumber, value),
      ),
    );
  return existing;
}

/** Deletes the user's unconfirmed enrolments of this method (a new enrolment replaces them). */
export async function deleteUnconfirmedAuthenticators(
  db: Database,
  owner: { tenantId: string; userId: string },
  method: string,
): Promise<void> {
  const t = providerAuthenticators;
  await db
    .delete(t)
    .where(
      and(
        eq(t.tenantId, owner.tenantId),
        eq(t.userId, owner.userId),
        eq(t.method, method),
        isNull(t.verifiedAt),
      ),
    );
}

/** Inserts an authenticator; the new row (undefined only if the insert returned nothing). */
export async function insertAuthenticator(
  db: Database | Tx,
  values: NewAuthenticator,
): Promise<AuthenticatorRow | undefined> {
  const [row] = await db.insert(providerAuthenticators).values(values).returning();
  return row;
}

const magicLinksOf = (owner: { tenantId: string; userId: string }) => {
  const t = providerAuthenticators;
  return and(eq(t.tenantId, owner.tenantId), eq(t.userId, owner.userId), eq(t.method, 'EMAIL_MAGIC_LINK'));
};

/** The user's magic-link authenticator for this address. */
export async function findMagicLinkAuthenticator(
  db: Database,
  owner: { tenantId: string; userId: string },
  email: string,
): Promise<AuthenticatorRow | undefined> {
  const t = providerAuthenticators;
  const [authenticator] = await db
    .select()
    .from(t)
    .where(and(magicLinksOf(owner), eq(t.email, email)));
  return authenticator;
}

/** Deletes the user's unconfirmed magic-link enrolments. */
export async function deleteUnconfirmedMagicLinks(
  db: Database,
  owner: { tenantId: string; userId: string },
): Promise<void> {
  const t = providerAuthenticators;
  await db.delete(t).where(and(magicLinksOf(owner), isNull(t.verifiedAt)));
}

/** In one transaction: deletes the user's recovery codes and inserts the new set. */
export async function replaceRecoveryCodes(
  db: Database,
  owner: { tenantId: string; userId: string },
  values: NewAuthenticator,
): Promise<AuthenticatorRow> {
  const t = providerAuthenticators;
  return db.transaction(async (tx) => {
    // A new set replaces the old one: its codes stop working at once.
    await tx
      .delete(t)
      .where(and(eq(t.tenantId, owner.tenantId), eq(t.userId, owner.userId), eq(t.method, 'RECOVERY_CODE')));
    const [inserted] = await tx.insert(t).values(values).returning();
    if (!inserted) throw new Error('insert returned nothing');
    return inserted;
  });
}

/** Reads the authenticator and locks its row until the transaction ends. */
export async function lockAuthenticator(tx: Tx, id: string): Promise<AuthenticatorRow | undefined> {
  const t = providerAuthenticators;
  const [row] = await tx.select().from(t).where(eq(t.id, id)).for('update');
  return row;
}

/** Saves the recovery codes (one now marked used) and the last use. */
export async function saveRecoveryCodeUse(
  tx: Tx,
  id: string,
  recoveryCodes: NonNullable<AuthenticatorRow['recoveryCodes']>,
  lastUsedAt: Date,
): Promise<AuthenticatorRow | undefined> {
  const t = providerAuthenticators;
  const [used] = await tx.update(t).set({ recoveryCodes, lastUsedAt }).where(eq(t.id, id)).returning();
  return used;
}

/**
 * Records a TOTP step as used (and the authenticator used and verified): only when it is later than the last
 * used step, so undefined means the step was used already (the conditional update holds under concurrency).
 */
export async function recordTotpStep(
  tx: Tx,
  id: string,
  step: number,
): Promise<AuthenticatorRow | undefined> {
  const t = providerAuthenticators;
  const [used] = await tx
    .update(t)
    .set({
      totpLastStep: step,
      lastUsedAt: new Date(),
      verifiedAt: sql`coalesce(${t.verifiedAt}, now())`,
    })
    .where(and(eq(t.id, id), or(isNull(t.totpLastStep), lt(t.totpLastStep, step))))
    .returning();
  return used;
}

/** The tenant's verified authenticator of this method with this credential id. */
export async function findCredential(
  db: Database,
  tenantId: string,
  method: string,
  credentialId: string,
): Promise<AuthenticatorRow | undefined> {
  const a = providerAuthenticators;
  const [authenticator] = await db
    .select()
    .from(a)
    .where(
      and(
        eq(a.tenantId, tenantId),
        eq(a.method, method),
        eq(a.credentialId, credentialId),
        isNotNull(a.verifiedAt),
      ),
    );
  return authenticator;
}

/** Moves the signature counter on, guarded by the old value: undefined when another use got there first. */
export async function advanceCounter(
  db: Database,
  id: string,
  oldCounter: number,
  newCounter: number,
): Promise<AuthenticatorRow | undefined> {
  const a = providerAuthenticators;
  const [updated] = await db
    .update(a)
    .set({ counter: newCounter, lastUsedAt: new Date() })
    .where(and(eq(a.id, id), eq(a.counter, oldCounter)))
    .returning();
  return updated;
}

/** Which of these credential ids are passkeys of the tenant. */
export async function knownPasskeyIds(
  db: Database,
  tenantId: string,
  ids: string[],
): Promise<{ credentialId: string | null }[]> {
  const a = providerAuthenticators;
  return db
    .select({ credentialId: a.credentialId })
    .from(a)
    .where(and(eq(a.tenantId, tenantId), eq(a.method, 'PASSKEY'), inArray(a.credentialId, ids)));
}

// --- challenges ---------------------------------------------------------------------------------------------

export async function insertChallenge(db: Database, values: NewChallenge): Promise<void> {
  await db.insert(providerChallenges).values(values);
}

/** Marks the challenge consumed. */
export async function consumeChallenge(tx: Tx, id: string, consumedAt: Date): Promise<void> {
  await tx.update(providerChallenges).set({ consumedAt }).where(eq(providerChallenges.id, id));
}

/** Marks verified the pending, unexpired magic-link challenge with this link hash; its id, if there was one. */
export async function verifyMagicLink(db: Database, hash: string): Promise<{ id: string } | undefined> {
  const t = providerChallenges;
  const [verified] = await db
    .update(t)
    .set({ verifiedAt: new Date() })
    .where(
      and(eq(t.magicLinkHash, hash), isNull(t.verifiedAt), isNull(t.consumedAt), sql`${t.expiresAt} > now()`),
    )
    .returning({ id: t.id });
  return verified;
}

/** Whether any challenge (used or expired too) has this link hash. */
export async function magicLinkKnown(db: Database, hash: string): Promise<{ id: string } | undefined> {
  const t = providerChallenges;
  const [known] = await db.select({ id: t.id }).from(t).where(eq(t.magicLinkHash, hash));
  return known;
}

/** A WebAuthn ceremony named by its challenge id or by the challenge inside the client data. */
export type CeremonyRef = { id: string } | { webauthnChallenge: string };

const ceremonyIs = (ref: CeremonyRef): SQL =>
  'id' in ref
    ? eq(providerChallenges.id, ref.id)
    : eq(providerChallenges.webauthnChallenge, ref.webauthnChallenge);

/** Consumes a ceremony atomically (single use, even when the verification then fails); undefined: none. */
async function consumeCeremony(
  db: Database,
  conditions: (SQL | undefined)[],
): Promise<ChallengeRow | undefined> {
  const t = providerChallenges;
  const [row] = await db
    .update(t)
    .set({ consumedAt: new Date() })
    .where(and(...conditions, isNull(t.consumedAt), sql`${t.expiresAt} > now()`))
    .returning();
  return row;
}

/** Consumes the user's pending registration ceremony of this method. */
export function consumeRegistrationCeremony(
  db: Database,
  ref: CeremonyRef,
  owner: { tenantId: string; userId: string },
  method: string,
): Promise<ChallengeRow | undefined> {
  const t = providerChallenges;
  return consumeCeremony(db, [
    ceremonyIs(ref),
    eq(t.tenantId, owner.tenantId),
    eq(t.userId, owner.userId),
    eq(t.kind, 'webauthn_registration'),
    eq(t.method, method),
  ]);
}

/**
 * Consumes a pending authentication ceremony of this method: a tenant-only caller (no `bearerUser`) only a
 * tenant-only (usernameless) one; a token only its own user's or a tenant-only one.
 */
export function consumeAuthenticationCeremony(
  db: Database,
  ref: CeremonyRef,
  tenantId: string,
  method: string,
  bearerUser: string | undefined,
): Promise<ChallengeRow | undefined> {
  const t = providerChallenges;
  return consumeCeremony(db, [
    ceremonyIs(ref),
    eq(t.tenantId, tenantId),
    eq(t.kind, 'webauthn_authentication'),
    eq(t.method, method),
    bearerUser ? or(isNull(t.userId), eq(t.userId, bearerUser)) : isNull(t.userId),
  ]);
}

/**
 * Turns the pending action challenge of POST /client/challenge into a passkey authentication ceremony; its id,
 * or undefined when there is no such challenge (or, with `bearerUser`, it is another user's).
 */
export async function actionChallengeToPasskeyCeremony(
  db: Database,
  challengeId: string,
  tenantId: string,
  bearerUser: string | undefined,
  webauthnChallenge: string,
  expiresAt: Date,
): Promise<{ id: string } | undefined> {
  const t = providerChallenges;
  const [row] = await db
    .update(t)
    .set({
      kind: 'webauthn_authentication',
      method: 'PASSKEY',
      webauthnChallenge,
      expiresAt,
    })
    .where(
      and(
        eq(t.id, challengeId),
        eq(t.tenantId, tenantId),
        eq(t.kind, 'action'),
        isNull(t.consumedAt),
        sql`${t.expiresAt} > now()`,
        bearerUser ? or(isNull(t.userId), eq(t.userId, bearerUser)) : undefined,
      ),
    )
    .returning({ id: t.id });
  return row;
}

// --- development outbox -------------------------------------------------------------------------------------

/** Case-insensitive; `?to=+14155550123` unencoded arrives as " 14155550123", so a leading + is optional. */
const recipientIs = (to: string) =>
  sql`lower(${providerOutbox.recipient}) IN (${to.toLowerCase()}, ${`+${to}`})`;

/** The newest `limit` outbox messages, to `to` only when given (already trimmed, non-empty). */
export async function outboxMessages(
  db: Database,
  to: string | undefined,
  limit: number,
): Promise<OutboxRow[]> {
  return db
    .select()
    .from(providerOutbox)
    .where(to ? recipientIs(to) : undefined)
    .orderBy(desc(providerOutbox.createdAt), desc(providerOutbox.id))
    .limit(limit);
}

// --- the app's side: sign-in address, security notices ------------------------------------------------------

/** The user's sign-in e-mail address. */
export async function userEmail(db: Database, userId: string): Promise<{ email: string } | undefined> {
  const [user] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId));
  return user;
}

/** The user's notices since `since` that this session has not dismissed, newest first (at most 20). */
export async function undismissedNotices(
  db: Database,
  userId: string,
  sessionId: string,
  since: Date,
): Promise<SecurityNoticeRow[]> {
  const n = securityNotices;
  return db
    .select()
    .from(n)
    .where(
      and(
        eq(n.userId, userId),
        gt(n.createdAt, since),
        notExists(
          db
            .select({ one: securityNoticeReads.noticeId })
            .from(securityNoticeReads)
            .where(and(eq(securityNoticeReads.noticeId, n.id), eq(securityNoticeReads.sessionId, sessionId))),
        ),
      ),
    )
    .orderBy(desc(n.createdAt))
    .limit(20);
}

/** Dismisses, for this session, those of `ids` that are the user's notices (others are ignored). */
export async function dismissNotices(
  db: Database,
  userId: string,
  sessionId: string,
  ids: string[],
): Promise<void> {
  const owned = ids.length
    ? await db
        .select({ id: securityNotices.id })
        .from(securityNotices)
        .where(and(eq(securityNotices.userId, userId), inArray(securityNotices.id, ids)))
    : [];
  if (owned.length > 0) {
    await db
      .insert(securityNoticeReads)
      .values(owned.map((row) => ({ noticeId: row.id, sessionId })))
      .onConflictDoNothing();
  }
}

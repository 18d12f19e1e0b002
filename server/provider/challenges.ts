import { randomInt, randomUUID } from 'node:crypto';
import {
  CODE_LENGTH,
  CODE_TTL_SECONDS,
  MAX_CODE_ATTEMPTS,
  RESEND_COOLDOWN_SECONDS,
  SEND_LIMIT_PER_WINDOW,
  SEND_WINDOW_SECONDS,
  type VerificationMethod,
} from '@contract/provider';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Database } from '../db/connect';
import { providerAuthenticators, providerChallenges, providerSendLog } from '../db/schema';
import type { BearerAuth } from './auth';
import { ProviderHttpError } from './errors';
import type { AuthenticatorRow, ProviderService } from './service';

export type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];
export type ChallengeRow = typeof providerChallenges.$inferSelect;
export type CodeKind = 'email_otp' | 'sms' | 'email_magic_link' | 'totp' | 'recovery_code';

const rateLimited = (errorCode: string, description: string, retryAfterSeconds: number) =>
  new ProviderHttpError(429, 'rate_limited', description, { errorCode, retryAfterSeconds });

/**
 * Reserves one send to `recipient` (serialised per recipient with an advisory lock): refused during the resend
 * cooldown and past the send limit of the window, with the seconds until the next send is allowed.
 */
export async function reserveSend(tx: Tx, tenantId: string, channel: 'email' | 'sms', recipient: string) {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`provider-send:${recipient}`}))`);
  const result = await tx.execute<{
    n: number;
    since_latest: number | null;
    until_oldest_leaves: number | null;
  }>(sql`
    SELECT count(*)::int AS n,
           extract(epoch FROM now() - max(sent_at))::float8 AS since_latest,
           extract(epoch FROM min(sent_at) + make_interval(secs => ${SEND_WINDOW_SECONDS}) - now())::float8 AS until_oldest_leaves
      FROM ${providerSendLog}
     WHERE recipient = ${recipient}
       AND sent_at > now() - make_interval(secs => ${SEND_WINDOW_SECONDS})`);
  const stats = result.rows[0];
  if (stats && stats.since_latest !== null && stats.since_latest < RESEND_COOLDOWN_SECONDS) {
    const wait = Math.max(1, Math.ceil(RESEND_COOLDOWN_SECONDS - stats.since_latest));
    throw rateLimited(
      'resend_cooldown',
      `A message was just sent. Wait ${wait} seconds before sending another.`,
      wait,
    );
  }
  if (stats && stats.n >= SEND_LIMIT_PER_WINDOW) {
    const wait = Math.max(1, Math.ceil(stats.until_oldest_leaves ?? SEND_WINDOW_SECONDS));
    throw rateLimited(
      'send_limit',
      `Too many messages were sent to ${recipient}. Try again in ${Math.ceil(wait / 60)} minutes.`,
      wait,
    );
  }
  await tx.insert(providerSendLog).values({ tenantId, channel, recipient });
}

/** 6 random digits from the CSPRNG. */
export function newCode(): string {
  return String(randomInt(0, 10 ** CODE_LENGTH)).padStart(CODE_LENGTH, '0');
}

export interface NewCodeChallenge {
  tenantId: string;
  userId: string;
  action: string;
  kind: CodeKind;
  method: VerificationMethod;
  authenticatorId: string | null;
  recipient: string;
  channel: 'email' | 'sms';
  /** the code (e-mail/SMS) or the sha256 of the link token (magic link) */
  code?: string;
  magicLinkHash?: string;
  ttlSeconds?: number;
}

/**
 * Stores a new code or link challenge (voiding the user's pending ones of the same kind) after reserving the
 * send; the caller delivers the message afterwards.
 */
export async function createSentChallenge(service: ProviderService, input: NewCodeChallenge) {
  const keys = await service.keys();
  const id = randomUUID();
  const expiresAt = new Date(Date.now() + (input.ttlSeconds ?? CODE_TTL_SECONDS) * 1000);
  await service.db.transaction(async (tx) => {
    await reserveSend(tx, input.tenantId, input.channel, input.recipient);
    await tx
      .update(providerChallenges)
      .set({ consumedAt: new Date() })
      .where(
        and(
          eq(providerChallenges.tenantId, input.tenantId),
          eq(providerChallenges.userId, input.userId),
          eq(providerChallenges.kind, input.kind),
          isNull(providerChallenges.consumedAt),
        ),
      );
    await tx.insert(providerChallenges).values({
      id,
      tenantId: input.tenantId,
      userId: input.userId,
      kind: input.kind,
      method: input.method,
      action: input.action,
      authenticatorId: input.authenticatorId,
      recipient: input.recipient,
      codeHash: input.code === undefined ? null : keys.codeHash(id, input.code),
      magicLinkHash: input.magicLinkHash ?? null,
      expiresAt,
    });
  });
  return { challengeId: id, expiresAt };
}

/** Delivery failures are the mail/SMS service's, not the caller's: 503 with the provider's error shape. */
export async function deliver(send: () => Promise<void>) {
  try {
    await send();
  } catch (error) {
    console.error('step-up provider: delivery failed:', error);
    throw new ProviderHttpError(503, 'invalid_request', 'The message could not be sent. Try again later.', {
      errorCode: 'delivery_failed',
    });
  }
}

export const lockedError = () =>
  new ProviderHttpError(423, 'locked', 'Too many wrong codes: this code is locked. Request a new one.', {
    errorCode: 'locked',
    attemptsRemaining: 0,
    isVerified: false,
  });

export const wrongCode = (attemptsRemaining: number, errorCode = 'invalid_code', description?: string) =>
  new ProviderHttpError(400, 'invalid_code', description ?? 'That code is not correct.', {
    errorCode,
    attemptsRemaining,
    isVerified: false,
  });

/** Counts a wrong code on `challenge`; the 5th locks it. */
export async function recordWrongCode(
  tx: Tx,
  challenge: ChallengeRow,
  errorCode?: string,
  description?: string,
) {
  const attempts = challenge.attempts + 1;
  const locked = attempts >= MAX_CODE_ATTEMPTS;
  await tx
    .update(providerChallenges)
    .set({ attempts, lockedAt: locked ? new Date() : null })
    .where(eq(providerChallenges.id, challenge.id));
  return locked ? lockedError() : wrongCode(MAX_CODE_ATTEMPTS - attempts, errorCode, description);
}

/** The user's newest unconsumed challenge of `kind`, locked for update. */
export async function pendingChallenge(tx: Tx, tenantId: string, userId: string, kind: CodeKind) {
  const [row] = await tx
    .select()
    .from(providerChallenges)
    .where(
      and(
        eq(providerChallenges.tenantId, tenantId),
        eq(providerChallenges.userId, userId),
        eq(providerChallenges.kind, kind),
        isNull(providerChallenges.consumedAt),
      ),
    )
    .orderBy(desc(providerChallenges.createdAt))
    .limit(1)
    .for('update');
  return row;
}

/**
 * The per-user challenge that counts wrong codes of a method the user types without a sent code (an
 * authenticator app's, a recovery code): the pending one, or a new one when none is pending or it expired.
 * So MAX_CODE_ATTEMPTS wrong codes lock the method for CODE_TTL_SECONDS, as they lock a sent code.
 */
export async function attemptsChallenge(
  tx: Tx,
  auth: BearerAuth,
  kind: 'totp' | 'recovery_code',
  method: VerificationMethod,
  now = Date.now(),
): Promise<ChallengeRow> {
  let attempts = await pendingChallenge(tx, auth.tenantId, auth.claims.sub, kind);
  if (attempts && attempts.expiresAt.getTime() <= now) {
    await tx
      .update(providerChallenges)
      .set({ consumedAt: new Date() })
      .where(eq(providerChallenges.id, attempts.id));
    attempts = undefined;
  }
  if (attempts) return attempts;
  const [created] = await tx
    .insert(providerChallenges)
    .values({
      id: randomUUID(),
      tenantId: auth.tenantId,
      userId: auth.claims.sub,
      kind,
      method,
      action: auth.claims.act,
      expiresAt: new Date(now + CODE_TTL_SECONDS * 1000),
    })
    .returning();
  if (!created) throw new Error('insert returned nothing');
  return created;
}

/**
 * Checks an e-mail or SMS code against the user's pending challenge: wrong codes count (5 lock it), an expired
 * or locked challenge is refused, a right one is consumed (void after success). Returns the challenge.
 */
export async function verifyCode(
  service: ProviderService,
  auth: BearerAuth,
  kind: 'email_otp' | 'sms',
  code: string,
): Promise<ChallengeRow> {
  const keys = await service.keys();
  const outcome = await service.db.transaction(async (tx) => {
    const challenge = await pendingChallenge(tx, auth.tenantId, auth.claims.sub, kind);
    if (!challenge?.codeHash) {
      return wrongCode(0, 'no_pending_code', 'No code is pending. Request a new one.');
    }
    if (challenge.lockedAt) return lockedError();
    if (challenge.expiresAt.getTime() <= Date.now()) {
      return wrongCode(0, 'expired_code', 'The code has expired. Request a new one.');
    }
    if (!keys.codeMatches(challenge.id, code, challenge.codeHash)) return recordWrongCode(tx, challenge);
    if (challenge.authenticatorId && auth.claims.scope === 'challenge') {
      const [authenticator] = await tx
        .select({ verifiedAt: providerAuthenticators.verifiedAt })
        .from(providerAuthenticators)
        .where(eq(providerAuthenticators.id, challenge.authenticatorId));
      if (!authenticator?.verifiedAt) {
        return new ProviderHttpError(403, 'invalid_token', 'This authenticator is not set up yet.', {
          errorCode: 'insufficient_scope',
        });
      }
    }
    await tx
      .update(providerChallenges)
      .set({ consumedAt: new Date(), verifiedAt: new Date() })
      .where(eq(providerChallenges.id, challenge.id));
    return challenge;
  });
  if (outcome instanceof ProviderHttpError) throw outcome;
  return outcome;
}

/**
 * The authenticator a challenge of `method` goes to: for enrolment tokens the newest pending enrolment first,
 * then the most recently used verified one.
 */
export async function targetAuthenticator(
  service: ProviderService,
  auth: BearerAuth,
  method: VerificationMethod,
): Promise<AuthenticatorRow | undefined> {
  const rows = await service.authenticators(auth.tenantId, auth.claims.sub, { method });
  if (auth.claims.scope !== 'challenge') {
    const pending = rows.find((row) => row.verifiedAt === null);
    if (pending) return pending;
  }
  const verified = rows.filter((row) => row.verifiedAt !== null);
  verified.sort((a, b) => (b.lastUsedAt?.getTime() ?? 0) - (a.lastUsedAt?.getTime() ?? 0));
  return verified[0];
}

export const notEnrolled = (what: string) =>
  new ProviderHttpError(400, 'invalid_request', `${what} is not set up for this user.`, {
    errorCode: 'not_enrolled',
  });

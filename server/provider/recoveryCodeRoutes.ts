import { randomInt, randomUUID } from 'node:crypto';
import {
  type AuthenticationResult,
  RECOVERY_CODE_COUNT,
  RECOVERY_CODE_LENGTH,
  VerifyRecoveryCodeRequestSchema,
} from '@contract/provider';
import { Hono } from 'hono';
import { type ProviderEnv, requireEnrollToken, requireToken, VERIFY_SCOPES } from './auth';
import { attemptsChallenge, lockedError, notEnrolled, recordWrongCode } from './challenges';
import { ProviderHttpError, parseBody, readProviderBody } from './errors';
import type { ProviderKeys } from './keys';
import { announceIfAdded } from './methodAdded';
import { subjectOf, verifiedResult } from './result';
import { toUserAuthenticator } from './service';
import type { RecoveryCodeHash } from './store';
import { consumeChallenge, lockAuthenticator, replaceRecoveryCodes, saveRecoveryCodeUse } from './store';

/**
 * Crockford's base32 alphabet in lower case: no i, l, o or u, so a code copied from paper by hand cannot be
 * misread (the normaliser maps o, i and l to the digits they look like). 10 characters: 50 bits each, which
 * with 5 tries per 10 minutes is far beyond guessing.
 */
const ALPHABET = '0123456789abcdefghjkmnpqrstvwxyz';

/** One new code, as shown: `xxxxx-xxxxx`. */
function newRecoveryCode(): string {
  let code = '';
  for (let i = 0; i < RECOVERY_CODE_LENGTH; i++) code += ALPHABET[randomInt(ALPHABET.length)];
  return `${code.slice(0, 5)}-${code.slice(5)}`;
}

/** The stored form: a keyed hash per authenticator, so a leaked table gives neither codes nor a lookup. */
const hashOf = (keys: ProviderKeys, authenticatorId: string, code: string) =>
  keys.codeHash(authenticatorId, code.replace('-', ''));

/** The index of the code that matches `code`, compared with every stored hash in constant time. */
function matchingCode(keys: ProviderKeys, authenticatorId: string, codes: RecoveryCodeHash[], code: string) {
  let found = -1;
  codes.forEach((stored, index) => {
    // No early exit: how long the check takes does not tell which code (or whether any) matched.
    if (keys.codeMatches(authenticatorId, code, stored.hash) && found < 0) found = index;
  });
  return found;
}

/**
 * Recovery codes (issue 11): ten single-use codes, the last-resort step-up method. Enrolment (with the app's
 * enrolment token, like any method) answers a new set once and replaces the old one; each code confirms one
 * step-up. Wrong codes count against the attempts like an authenticator app's.
 */
export function createRecoveryCodeRoutes(): Hono<ProviderEnv> {
  const routes = new Hono<ProviderEnv>();

  routes.post('/client/user-authenticators/recovery-codes', async (c) => {
    const auth = requireEnrollToken(c);
    const service = c.get('service');
    await readProviderBody(c);
    await service.upsertUser(auth.tenantId, auth.claims.sub);
    const keys = await service.keys();
    const id = randomUUID();
    const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
    const row = await replaceRecoveryCodes(
      service.db,
      { tenantId: auth.tenantId, userId: auth.claims.sub },
      {
        id,
        tenantId: auth.tenantId,
        userId: auth.claims.sub,
        method: 'RECOVERY_CODE',
        label: 'Recovery codes',
        // Nothing to confirm with a first use: the set is in the person's hands once it is shown.
        verifiedAt: new Date(),
        recoveryCodes: codes.map((code) => ({ hash: hashOf(keys, id, code), usedAt: null })),
      },
    );
    await announceIfAdded(service, row, c.req.header('user-agent'));
    return c.json({
      userAuthenticatorId: row.id,
      userId: auth.claims.sub,
      userAuthenticator: toUserAuthenticator(row),
      recoveryCodes: codes,
    } satisfies AuthenticationResult);
  });

  routes.post('/client/verify/recovery-code', async (c) => {
    const auth = requireToken(c, VERIFY_SCOPES);
    const service = c.get('service');
    const { verificationCode } = parseBody(VerifyRecoveryCodeRequestSchema, await readProviderBody(c));
    const [candidate] = await service.authenticators(auth.tenantId, auth.claims.sub, {
      method: 'RECOVERY_CODE',
      verifiedOnly: true,
    });
    if (!candidate) throw notEnrolled('Recovery codes');
    const keys = await service.keys();

    const outcome = await service.db.transaction(async (tx) => {
      const attempts = await attemptsChallenge(tx, auth, 'recovery_code', 'RECOVERY_CODE');
      if (attempts.lockedAt) return lockedError();
      // The row is locked while its codes are read and one is marked used: two requests with the same code
      // cannot both succeed.
      const row = await lockAuthenticator(tx, candidate.id);
      const codes = row?.recoveryCodes ?? [];
      const index = row ? matchingCode(keys, row.id, codes, verificationCode) : -1;
      const match = codes[index];
      if (!row || !match) return recordWrongCode(tx, attempts);
      if (match.usedAt) {
        return recordWrongCode(tx, attempts, 'code_already_used', 'That recovery code was already used.');
      }
      const now = new Date();
      const used = await saveRecoveryCodeUse(
        tx,
        row.id,
        codes.map((code, i) => (i === index ? { ...code, usedAt: now.toISOString() } : code)),
        now,
      );
      await consumeChallenge(tx, attempts.id, now);
      return used;
    });
    if (outcome instanceof ProviderHttpError) throw outcome;
    if (!outcome) throw notEnrolled('Recovery codes');
    return c.json(await verifiedResult(service, subjectOf(auth), outcome, c.req.header('user-agent')));
  });

  return routes;
}

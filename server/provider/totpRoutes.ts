import { type AuthenticationResult, CODE_LENGTH, VerifyCodeRequestSchema } from '@contract/provider';
import { Hono } from 'hono';
import { Secret, TOTP } from 'otpauth';
import { canUseUnverified, type ProviderEnv, requireEnrollToken, requireToken, VERIFY_SCOPES } from './auth';
import { attemptsChallenge, lockedError, notEnrolled, recordWrongCode } from './challenges';
import { ProviderHttpError, parseBody, readProviderBody } from './errors';
import { subjectOf, verifiedResult } from './result';
import {
  consumeChallenge,
  deleteUnconfirmedAuthenticators,
  insertAuthenticator,
  recordTotpStep,
} from './store';

/** RFC 6238 as authenticator apps expect it: SHA-1, CODE_LENGTH (6) digits, 30-second steps; ±1 step accepted. */
const TOTP_SETTINGS = { algorithm: 'SHA1', digits: CODE_LENGTH, period: 30 } as const;
const WINDOW = 1;

/** Authenticator apps (TOTP): enrolment answers the otpauth:// URI and secret; the first code confirms it. */
export function createTotpRoutes(): Hono<ProviderEnv> {
  const routes = new Hono<ProviderEnv>();

  routes.post('/client/user-authenticators/totp', async (c) => {
    const auth = requireEnrollToken(c);
    const service = c.get('service');
    await readProviderBody(c);
    await service.upsertUser(auth.tenantId, auth.claims.sub);
    const user = await service.findUser(auth.tenantId, auth.claims.sub);
    const secret = new Secret({ size: 20 });
    const totp = new TOTP({
      ...TOTP_SETTINGS,
      issuer: service.config.rpName,
      label: user?.email || auth.claims.sub,
      secret,
    });
    // A new enrolment replaces an unconfirmed one.
    await deleteUnconfirmedAuthenticators(
      service.db,
      { tenantId: auth.tenantId, userId: auth.claims.sub },
      'AUTHENTICATOR_APP',
    );
    const row = await insertAuthenticator(service.db, {
      tenantId: auth.tenantId,
      userId: auth.claims.sub,
      method: 'AUTHENTICATOR_APP',
      label: 'Authenticator app',
      totpSecretEncrypted: (await service.keys()).encrypt(secret.base32),
    });
    if (!row) throw new Error('insert returned nothing');
    return c.json({
      userAuthenticatorId: row.id,
      userId: auth.claims.sub,
      uri: totp.toString(),
      secret: secret.base32,
    } satisfies AuthenticationResult);
  });

  routes.post('/client/verify/totp', async (c) => {
    const auth = requireToken(c, VERIFY_SCOPES);
    const service = c.get('service');
    const { verificationCode } = parseBody(VerifyCodeRequestSchema, await readProviderBody(c));
    const candidates = await service.authenticators(auth.tenantId, auth.claims.sub, {
      method: 'AUTHENTICATOR_APP',
      verifiedOnly: !canUseUnverified(auth),
    });
    if (candidates.length === 0) throw notEnrolled('An authenticator app');
    const keys = await service.keys();
    const now = Date.now();
    const currentStep = TOTP.counter({ period: TOTP_SETTINGS.period, timestamp: now });

    const outcome = await service.db.transaction(async (tx) => {
      // Wrong codes are counted on a per-user 'totp' challenge, so 5 wrong codes lock TOTP for 10 minutes.
      const attempts = await attemptsChallenge(tx, auth, 'totp', 'AUTHENTICATOR_APP', now);
      if (attempts.lockedAt) return lockedError();

      let replayed = false;
      for (const candidate of candidates) {
        if (!candidate.totpSecretEncrypted) continue;
        const secret = Secret.fromBase32(keys.decrypt(candidate.totpSecretEncrypted));
        const delta = TOTP.validate({
          ...TOTP_SETTINGS,
          token: verificationCode,
          secret,
          timestamp: now,
          window: WINDOW,
        });
        if (delta === null) continue;
        const step = currentStep + delta;
        // A step already used is refused (the conditional update makes this hold under concurrency too).
        const used = await recordTotpStep(tx, candidate.id, step);
        if (!used) {
          replayed = true;
          continue;
        }
        await consumeChallenge(tx, attempts.id, new Date());
        return used;
      }
      return replayed
        ? recordWrongCode(
            tx,
            attempts,
            'code_already_used',
            'That code was already used. Wait for the next one.',
          )
        : recordWrongCode(tx, attempts);
    });
    if (outcome instanceof ProviderHttpError) throw outcome;
    return c.json(await verifiedResult(service, subjectOf(auth), outcome, c.req.header('user-agent')));
  });

  return routes;
}

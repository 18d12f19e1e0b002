import {
  type ChallengeOptions,
  type UserAuthenticator,
  VERIFICATION_METHODS,
  type VerificationMethod,
} from '@contract/provider';
import type { StepUpTarget } from '@contract/stepUp';
import { and, eq } from 'drizzle-orm';
import type { Database } from '../db/connect';
import { providerAuthenticators, providerUsedTokens } from '../db/schema';
import { ENROLL_ACTION } from './auth';
import type { ProviderConfig } from './config';
import { ProviderHttpError } from './errors';
import { canStillConfirm, type ProviderService, toUserAuthenticator } from './service';
import { sameTarget, targetBinding } from './targets';
import { targetOfClaims, verifyToken } from './tokens';

export type ValidateResult =
  | { ok: true; method?: string | null }
  | {
      ok: false;
      reason:
        | 'invalid_token'
        | 'expired_token'
        | 'wrong_tenant'
        | 'not_verified'
        | 'wrong_user'
        | 'wrong_action'
        | 'wrong_target'
        | 'replayed';
    };

/**
 * What the app server needs from a step-up provider (docs/step-up.md, "Step-up provider"). The built-in one
 * runs in this process on the same database; a hosted provider's adapter would call its server API instead.
 */
export interface StepUpProvider {
  readonly name: string;
  /** What the browser's client library is configured with. */
  readonly tenantId: string;
  readonly baseUrl: string;
  /**
   * Challenge options for a step-up of `action`: the user's verified methods (none: e-mail OTP to `email`).
   * With a `target`, the challenge token (and every token verified from it) is bound to it and the options
   * carry its `description` for the dialog.
   */
  track(input: {
    userId: string;
    email: string;
    action: string;
    target?: StepUpTarget;
    phoneNumber?: string;
  }): Promise<ChallengeOptions>;
  /** A token for /settings/security to enrol authenticators with. */
  enrollmentToken(input: { userId: string; email: string }): Promise<string>;
  /**
   * Accepts a verified token once, for that user, action and target (a token bound to a target is refused
   * for an untargeted check, and the other way round).
   */
  validate(
    token: string,
    expected: { userId: string; action: string; target?: StepUpTarget },
  ): Promise<ValidateResult>;
  /** The user's enrolled (confirmed) authenticators, newest first. */
  listAuthenticators(userId: string): Promise<UserAuthenticator[]>;
  /** Removes one of the user's authenticators; false when the user has none with that id. */
  removeAuthenticator(userId: string, authenticatorId: string): Promise<boolean>;
}

export type StepUpProviderFactory = (deps: {
  db: Database;
  config: ProviderConfig;
  service: ProviderService;
}) => StepUpProvider;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The built-in provider, in-process. */
export const builtInStepUpProvider: StepUpProviderFactory = ({ config, service }) => {
  const tenantId = config.tenantId;
  return {
    name: 'builtin',
    tenantId,
    baseUrl: config.basePath,

    async track({ userId, email, action, target, phoneNumber }) {
      await service.upsertUser(tenantId, userId, { email, ...(phoneNumber ? { phoneNumber } : {}) });
      const token = await service.issue({
        tenantId,
        userId,
        action,
        scope: 'challenge',
        ...(target ? { target: targetBinding(target) } : {}),
      });
      const description = target ? { description: target.description } : {};
      const verified = (await service.authenticators(tenantId, userId, { verifiedOnly: true })).filter(
        canStillConfirm,
      );
      if (verified.length === 0) {
        return {
          token,
          user: { email, ...(phoneNumber ? { phoneNumber } : {}) },
          verificationMethods: ['EMAIL_OTP'],
          defaultVerificationMethod: 'EMAIL_OTP',
          ...description,
        };
      }
      // Recovery codes are the last resort: never the method the dialog opens with while there is another.
      const preferable = verified.filter((a) => a.method !== 'RECOVERY_CODE');
      const byRecentUse = [...(preferable.length > 0 ? preferable : verified)].sort(
        (a, b) => (b.lastUsedAt?.getTime() ?? 0) - (a.lastUsedAt?.getTime() ?? 0),
      );
      const methods = VERIFICATION_METHODS.filter((m) => verified.some((a) => a.method === m));
      const first = (method: VerificationMethod) => byRecentUse.find((a) => a.method === method);
      const mail = first('EMAIL_OTP')?.email ?? first('EMAIL_MAGIC_LINK')?.email ?? email;
      const phone = first('SMS')?.phoneNumber ?? phoneNumber;
      return {
        token,
        user: { email: mail, ...(phone ? { phoneNumber: phone } : {}) },
        verificationMethods: methods,
        defaultVerificationMethod: (byRecentUse[0]?.method ?? methods[0]) as VerificationMethod,
        ...description,
      };
    },

    async enrollmentToken({ userId, email }) {
      await service.upsertUser(tenantId, userId, { email });
      return service.issue({ tenantId, userId, action: ENROLL_ACTION, scope: 'enroll' });
    },

    async validate(token, expected) {
      let claims: Awaited<ReturnType<typeof verifyToken>>;
      try {
        claims = await verifyToken(await service.keys(), token);
      } catch (error) {
        if (error instanceof ProviderHttpError) {
          return { ok: false, reason: error.error === 'expired_token' ? 'expired_token' : 'invalid_token' };
        }
        throw error;
      }
      if (claims.tid !== tenantId) return { ok: false, reason: 'wrong_tenant' };
      if (claims.scope !== 'verified') return { ok: false, reason: 'not_verified' };
      if (claims.sub !== expected.userId) return { ok: false, reason: 'wrong_user' };
      if (claims.act !== expected.action) return { ok: false, reason: 'wrong_action' };
      const target = expected.target ? targetBinding(expected.target) : undefined;
      if (!sameTarget(targetOfClaims(claims), target)) return { ok: false, reason: 'wrong_target' };
      const inserted = await service.db
        .insert(providerUsedTokens)
        .values({ jti: claims.jti, tenantId, userId: claims.sub, expiresAt: new Date(claims.exp * 1000) })
        .onConflictDoNothing()
        .returning({ jti: providerUsedTokens.jti });
      if (inserted.length === 0) return { ok: false, reason: 'replayed' };
      return { ok: true, method: Array.isArray(claims.amr) ? (claims.amr[0] ?? null) : null };
    },

    async listAuthenticators(userId) {
      const rows = await service.authenticators(tenantId, userId, { verifiedOnly: true });
      return rows.map(toUserAuthenticator);
    },

    async removeAuthenticator(userId, authenticatorId) {
      if (!UUID.test(authenticatorId)) return false;
      const t = providerAuthenticators;
      const removed = await service.db
        .delete(t)
        .where(and(eq(t.tenantId, tenantId), eq(t.userId, userId), eq(t.id, authenticatorId)))
        .returning({ id: t.id });
      return removed.length > 0;
    },
  };
};

export const STEP_UP_PROVIDERS: Record<string, StepUpProviderFactory> = {
  builtin: builtInStepUpProvider,
};

/** The adapter named by STEP_UP_PROVIDER (`config.stepUpProvider`); an unknown name stops the server at start. */
export function stepUpProviderNamed(name: string): StepUpProviderFactory {
  const factory = Object.hasOwn(STEP_UP_PROVIDERS, name) ? STEP_UP_PROVIDERS[name] : undefined;
  if (!factory) {
    throw new Error(
      `STEP_UP_PROVIDER must be one of ${Object.keys(STEP_UP_PROVIDERS).join(', ')}; got "${name}"`,
    );
  }
  return factory;
}

/**
 * The app-wide Hono environment: what every request carries (set by `createApp` in server/app.ts), and the
 * types it names. Types only, at the bottom of the stack so every layer can name them.
 */

import type { Role } from '@contract/policy';
import type { StepUpTarget } from '@contract/stepUp';
import type { Context } from 'hono';
import type { Database } from '../db/connect';
import type { TrustedProxies } from './clientAddress';

/** What a handler knows about the caller; tenancy always comes from here, never from the request. */
export interface SessionInfo {
  id: string;
  userId: string;
  /** Null unless the user is still a member of it. */
  organizationId: string | null;
  /** Null unless it belongs to the current organization. */
  accountId: string | null;
  expiresAt: Date;
  /** The user's role in the current organization (null without one): what contract/policy.ts checks. */
  role: Role | null;
  /** The accounts the member may work in; null: every account of the organization (or no organization). */
  accountIds: readonly string[] | null;
}

/**
 * Asked before a risky action (launch, delete, remove an authenticator) with the signed-in user, the
 * action's name and its target (the row it changes: the token must have been verified for that one, issue 11);
 * refuses by throwing (403 CHALLENGE_REQUIRED). Set per request by `createApp`.
 */
export type StepUpCheck = (
  c: Context<AppEnv>,
  request: { userId: string; action: string; target?: StepUpTarget },
) => Promise<void | StepUpProof>;

/** What a passed step-up tells the action: how the person confirmed (the token's `amr`), when it says. */
export interface StepUpProof {
  method: string | null;
}

export type AppEnv = {
  Variables: {
    session: SessionInfo | null;
    db: Database;
    stepUp: StepUpCheck;
    /**
     * The step-up provider's tenant id: the one its tokens carry and its Basic authorization accepts, handed to
     * the browser's client library (GET /api/security/provider) and reported as each organization's `tenantId`.
     */
    stepUpTenantId: string;
    /** TRUST_PROXY: whose X-Forwarded-For `clientAddress` believes (server/http/clientAddress.ts). */
    trustProxy: TrustedProxies;
    /** Set by `allow(…, { organizationParam })`: the caller's role in the organization the path names. */
    memberRole: Role;
  };
};

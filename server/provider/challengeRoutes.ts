import { randomUUID } from 'node:crypto';
import {
  type AuthenticationResult,
  ChallengeRequestSchema,
  WEBAUTHN_CHALLENGE_TTL_SECONDS,
} from '@contract/provider';
import { Hono } from 'hono';
import { type ProviderEnv, requireToken, VERIFY_SCOPES } from './auth';
import { invalidRequest, parseBody, readProviderBody } from './errors';
import { insertChallenge } from './store';

/**
 * POST /client/challenge {action}: starts a passkey sign-in for `action` and answers its `challengeId` (then
 * passed to passkey authentication-options). With a token the action must be the token's; with the tenant's
 * Basic header it starts a usernameless sign-in.
 */
export function createChallengeRoutes(): Hono<ProviderEnv> {
  const routes = new Hono<ProviderEnv>();
  routes.post('/client/challenge', async (c) => {
    const auth = c.get('auth');
    const bearer = auth.kind === 'bearer' ? requireToken(c, VERIFY_SCOPES) : undefined;
    const { action } = parseBody(ChallengeRequestSchema, await readProviderBody(c));
    if (bearer && bearer.claims.act !== action) {
      throw invalidRequest(`The token is for "${bearer.claims.act}", not "${action}".`, 'action_mismatch');
    }
    const id = randomUUID();
    await insertChallenge(c.get('service').db, {
      id,
      tenantId: auth.tenantId,
      userId: bearer?.claims.sub ?? null,
      kind: 'action',
      action,
      expiresAt: new Date(Date.now() + WEBAUTHN_CHALLENGE_TTL_SECONDS * 1000),
    });
    return c.json({ challengeId: id } satisfies AuthenticationResult);
  });
  return routes;
}

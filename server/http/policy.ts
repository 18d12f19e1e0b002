import { type Action, can, type Role, type RouteAccess, refusal } from '@contract/policy';
import type { Context, MiddlewareHandler } from 'hono';
import type { AppEnv } from './env';
import { HttpError } from './errors';

/**
 * Every route declares what it does (issue 26): `allow('campaigns.launch')` (an action of contract/policy.ts,
 * inside the session's organization), `allow('signedIn')` (the user's own things) or `allow('public')`. The
 * declaration is the route's first handler; tests/policy/declared.test.ts fails on a route without one.
 *
 * Signed out or outside an organization, the request goes on to the handler, which answers 401 or 409 as it
 * always has; inside one, a role the policy refuses is answered 403 FORBIDDEN naming what it may not do.
 */
export const DECLARED_ACCESS = Symbol('declaredAccess');

/** An action checked against the user's role in the organization a path parameter names. */
export interface OrganizationAccess {
  action: Action;
  organizationParam: string;
}

export type DeclaredAccess = RouteAccess | ((c: Context<AppEnv>) => RouteAccess | OrganizationAccess);

export type PolicyMiddleware = MiddlewareHandler<AppEnv> & { [DECLARED_ACCESS]: DeclaredAccess };

export interface AllowOptions {
  /**
   * The route names its organization in the path (`/api/organizations/:orgId/members`): the role checked is
   * the user's role there, not in the session's current organization; not a member answers 404, exactly as
   * an organization that does not exist.
   */
  organizationParam?: string;
}

export function allow(access: DeclaredAccess, options: AllowOptions = {}): PolicyMiddleware {
  const middleware = (async (c, next) => {
    const resolved = typeof access === 'function' ? access(c) : access;
    if (typeof resolved === 'object') {
      await checkRoleIn(c, c.req.param(resolved.organizationParam) ?? '', resolved.action);
    } else if (resolved !== 'public' && resolved !== 'signedIn') {
      if (options.organizationParam)
        await checkRoleIn(c, c.req.param(options.organizationParam) ?? '', resolved);
      else checkRole(c, resolved);
    }
    await next();
  }) as PolicyMiddleware;
  middleware[DECLARED_ACCESS] = access;
  return middleware;
}

/** 403 when the session's role may not take `action`; a store can call it for an action decided mid-request. */
export function checkRole(c: Context<AppEnv>, action: Action): void {
  const session = c.get('session');
  if (!session?.organizationId || !session.role) return;
  if (!can(session.role, action)) {
    throw new HttpError(403, refusal(session.role, action), { errorCode: 'FORBIDDEN' });
  }
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The caller's role in the organization the path names (one indexed read), or 404 as for a missing one. */
async function checkRoleIn(c: Context<AppEnv>, organizationId: string, action: Action): Promise<void> {
  const session = c.get('session');
  if (!session) throw new HttpError(401, 'Sign in to continue', { errorCode: 'UNAUTHENTICATED' });
  let role: Role | null = session.organizationId === organizationId ? session.role : null;
  if (!role && UUID.test(organizationId)) {
    const { rows } = await c.get('db').$client.query<{ role: Role }>({
      name: 'policy-member-role',
      text: 'SELECT role FROM memberships WHERE user_id = $1 AND organization_id = $2',
      values: [session.userId, organizationId],
    });
    role = rows[0]?.role ?? null;
  }
  if (!role) throw new HttpError(404, 'Organization not found');
  if (!can(role, action)) throw new HttpError(403, refusal(role, action), { errorCode: 'FORBIDDEN' });
  c.set('memberRole', role);
}

export function declaredAccessOf(handler: unknown): DeclaredAccess | undefined {
  return typeof handler === 'function' ? (handler as Partial<PolicyMiddleware>)[DECLARED_ACCESS] : undefined;
}

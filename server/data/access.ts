import type { RouteAccess } from '@contract/policy';
import type { Context } from 'hono';
import type { AppEnv } from '../http/env';
import type { OrganizationAccess } from '../http/policy';

/**
 * What each call of the generic data API does, by resource and method (issue 26): reading a list or a row,
 * writing (create, update) and deleting. A resource not named here is answered 404 by the route itself.
 */
const RESOURCE_ACCESS: Record<string, { read: RouteAccess; write: RouteAccess; remove: RouteAccess }> = {
  campaigns: { read: 'campaigns.read', write: 'campaigns.plan', remove: 'campaigns.delete' },
  customers: { read: 'customers.read', write: 'customers.edit', remove: 'customers.edit' },
  bookings: { read: 'bookings.read', write: 'bookings.edit', remove: 'bookings.edit' },
  budgets: { read: 'budgets.read', write: 'budgets.edit', remove: 'budgets.edit' },
  accounts: { read: 'organization.read', write: 'organization.manage', remove: 'organization.manage' },
  // Reference data, the same for everyone.
  objectives: { read: 'signedIn', write: 'signedIn', remove: 'signedIn' },
  platforms: { read: 'signedIn', write: 'signedIn', remove: 'signedIn' },
};

export function dataAccess(c: Context<AppEnv>): RouteAccess | OrganizationAccess {
  const resource = c.req.param('resource') ?? '';
  const method = c.req.method;
  // The organizations the user belongs to: listing them and creating one (its creator is its owner) are the
  // user's own; renaming one is managing that organization, whichever is current. (DELETE is answered 405.)
  if (resource === 'organizations') {
    return method === 'PATCH' ? { action: 'organization.manage', organizationParam: 'id' } : 'signedIn';
  }
  // Own keys only: `/api/constructor` names no resource (the route answers 404 naming it).
  const access = Object.hasOwn(RESOURCE_ACCESS, resource) ? RESOURCE_ACCESS[resource] : undefined;
  if (!access) return 'signedIn';
  if (method === 'GET' || method === 'HEAD') return access.read;
  return method === 'DELETE' ? access.remove : access.write;
}

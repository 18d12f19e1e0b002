import { and, eq, is, Placeholder, type SQL, sql } from 'drizzle-orm';
import type { Context } from 'hono';
import { requireAccount, requireOrganization, requireSession } from '../auth/sessions';
import { memberships } from '../db/schema';
import type { AppEnv, SessionInfo } from '../http/env';
import type { ResourceDef, ScopeContext } from './define';

/** The session's tenancy for a resource: 401 without a session, 409 without the organization/account it needs. */
export function requireScope(c: Context<AppEnv>, def: ResourceDef): ScopeContext {
  switch (def.scope) {
    case 'account':
      return requireAccount(c);
    case 'organization':
      return requireOrganization(c);
    case 'membership':
    case 'global':
      return requireSession(c);
  }
}

export const scopeOfSession = (session: SessionInfo): ScopeContext => ({
  userId: session.userId,
  organizationId: session.organizationId,
  accountId: session.accountId,
  accountIds: session.accountIds,
});

/**
 * The WHERE condition that confines a query to the caller's rows. It comes first in every statement;
 * a scope the session lacks (no current account, say) matches nothing.
 */
export function scopeCondition(def: ResourceDef, scope: ScopeContext): SQL | undefined {
  const table = def.table;
  switch (def.scope) {
    case 'account':
      if (!scope.accountId || !scope.organizationId) return sql`false`;
      return and(eq(table.accountId, scope.accountId), eq(table.organizationId, scope.organizationId));
    case 'organization':
      if (!scope.organizationId) return sql`false`;
      // A member limited to named accounts sees only those: another account answers like a missing one.
      // Written for any value (null: every account), so a list statement rendered once serves every member.
      if (def.name === 'accounts') {
        // A list binds a placeholder here; a lookup binds the array as one parameter (not a list of them).
        const granted = is(scope.accountIds, Placeholder)
          ? scope.accountIds
          : sql.param(scope.accountIds ?? null);
        return and(
          eq(table.organizationId, scope.organizationId),
          sql`(${granted}::uuid[] IS NULL OR ${def.primaryKey} = ANY(${granted}::uuid[]))`,
        );
      }
      return eq(table.organizationId, scope.organizationId);
    case 'membership':
      return sql`${def.primaryKey} IN (SELECT ${memberships.organizationId} FROM ${memberships} WHERE ${memberships.userId} = ${scope.userId})`;
    case 'global':
      return undefined;
  }
}

/** The scope columns a new row gets, always from the session. */
export function scopeValues(def: ResourceDef, scope: ScopeContext): Record<string, string> {
  switch (def.scope) {
    case 'account':
      return { organizationId: scope.organizationId!, accountId: scope.accountId! };
    case 'organization':
      return { organizationId: scope.organizationId! };
    default:
      return {};
  }
}

/** Keys of a body that name a tenant; a client may echo its own but never pick another. */
export const SCOPE_KEYS = ['organizationId', 'accountId'] as const;

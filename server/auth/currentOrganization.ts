import { eq } from 'drizzle-orm';
import type { Context } from 'hono';
import { organizations } from '../db/schema';
import type { AppEnv } from '../http/env';
import { HttpError } from '../http/errors';
import { requireOrganization } from './sessions';

/** The session's current organization row (409 ORGANIZATION_REQUIRED without one). Never a client-sent id. */
export async function currentOrganization(c: Context<AppEnv>) {
  const session = requireOrganization(c);
  const [organization] = await c
    .get('db')
    .select()
    .from(organizations)
    .where(eq(organizations.id, session.organizationId));
  if (!organization) throw new HttpError(404, 'Organization not found');
  return { session, organization };
}

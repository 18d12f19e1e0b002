import { eq } from 'drizzle-orm';
import type { Context } from 'hono';
import { type AppEnv, requireOrganization } from '../auth/sessions';
import { organizations } from '../db/schema';
import { HttpError } from '../http/errors';

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

import type { OrganizationDomain } from '@contract/whiteLabel';
import { and, asc, eq } from 'drizzle-orm';
import type { Database } from '../db/connect';
import { brandIcons, organizationDomains, organizations } from '../db/schema';
import { HttpError } from '../http/errors';

/**
 * An organization's own domains (issue 26): the store of `organization_domains`. A domain belongs to one
 * organization; another organization's answers exactly like a missing one.
 */

export async function listDomains(db: Database, organizationId: string): Promise<OrganizationDomain[]> {
  const rows = await db
    .select()
    .from(organizationDomains)
    .where(eq(organizationDomains.organizationId, organizationId))
    .orderBy(asc(organizationDomains.domain));
  return rows.map((row) => ({ domain: row.domain, createdAt: row.createdAt.toISOString() }));
}

export async function addDomain(
  db: Database,
  organizationId: string,
  domain: string,
): Promise<OrganizationDomain> {
  const [row] = await db
    .insert(organizationDomains)
    .values({ domain, organizationId })
    .onConflictDoNothing({ target: organizationDomains.domain })
    .returning();
  if (!row) {
    throw new HttpError(409, `${domain} is already in use`, {
      validationErrors: { domain: { message: `${domain} is already in use` } },
    });
  }
  return { domain: row.domain, createdAt: row.createdAt.toISOString() };
}

export async function removeDomain(db: Database, organizationId: string, domain: string): Promise<boolean> {
  const removed = await db
    .delete(organizationDomains)
    .where(
      and(eq(organizationDomains.organizationId, organizationId), eq(organizationDomains.domain, domain)),
    )
    .returning();
  return removed.length > 0;
}

/** The organization a domain is registered to, with its white-label settings. */
export async function organizationOfDomain(db: Database, domain: string) {
  const [row] = await db
    .select({ organization: organizations })
    .from(organizationDomains)
    .innerJoin(organizations, eq(organizations.id, organizationDomains.organizationId))
    .where(eq(organizationDomains.domain, domain));
  return row?.organization;
}

/** An icon any visitor may load: the current icon of an organization that has a domain (its sign-in page). */
export async function publicBrandIcon(db: Database, uuid: string): Promise<{ png: Buffer } | undefined> {
  const [icon] = await db
    .select({ png: brandIcons.png })
    .from(brandIcons)
    .innerJoin(
      organizations,
      and(
        eq(organizations.id, brandIcons.organizationId),
        eq(organizations.whiteLabelIconUuid, brandIcons.uuid),
      ),
    )
    .innerJoin(organizationDomains, eq(organizationDomains.organizationId, organizations.id))
    .where(eq(brandIcons.uuid, uuid))
    .limit(1);
  return icon;
}

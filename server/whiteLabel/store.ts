import { and, eq, ne } from 'drizzle-orm';
import type { Database } from '../db/connect';
import { brandIcons, memberships, organizations } from '../db/schema';

type OrganizationRow = typeof organizations.$inferSelect;
type OrganizationChanges = Partial<typeof organizations.$inferInsert>;

/** Saves the organization's white-label settings; the updated row. */
export async function updateWhiteLabelSettings(
  db: Database,
  organizationId: string,
  changes: OrganizationChanges,
): Promise<OrganizationRow> {
  const [updated] = await db
    .update(organizations)
    .set(changes)
    .where(eq(organizations.id, organizationId))
    .returning();
  return updated!;
}

/** Stores the new icon, points the organization at it and drops its previous icons, in one transaction. */
export async function replaceBrandIcon(
  db: Database,
  organizationId: string,
  png: Buffer,
): Promise<OrganizationRow> {
  return db.transaction(async (tx) => {
    const [icon] = await tx
      .insert(brandIcons)
      .values({ organizationId, png })
      .returning({ uuid: brandIcons.uuid });
    const [row] = await tx
      .update(organizations)
      .set({ whiteLabelIconUuid: icon!.uuid })
      .where(eq(organizations.id, organizationId))
      .returning();
    // The previous icon's URL is gone for good (its uuid is never reused).
    await tx
      .delete(brandIcons)
      .where(and(eq(brandIcons.organizationId, organizationId), ne(brandIcons.uuid, icon!.uuid)));
    return row!;
  });
}

/** Clears the organization's icon and deletes its icons, in one transaction. */
export async function removeBrandIcon(db: Database, organizationId: string): Promise<OrganizationRow> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(organizations)
      .set({ whiteLabelIconUuid: null })
      .where(eq(organizations.id, organizationId))
      .returning();
    await tx.delete(brandIcons).where(eq(brandIcons.organizationId, organizationId));
    return row!;
  });
}

/** The icon's PNG bytes when the user is a member of its organization. */
export async function brandIconForMember(
  db: Database,
  uuid: string,
  userId: string,
): Promise<{ png: Buffer } | undefined> {
  const [icon] = await db
    .select({ png: brandIcons.png })
    .from(brandIcons)
    .innerJoin(
      memberships,
      and(eq(memberships.organizationId, brandIcons.organizationId), eq(memberships.userId, userId)),
    )
    .where(eq(brandIcons.uuid, uuid));
  return icon;
}

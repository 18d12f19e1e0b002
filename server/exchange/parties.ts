import type { Plan } from '@contract/planning';
import { DEFAULT_PRIMARY_HEX } from '@contract/whiteLabel';
import { and, eq } from 'drizzle-orm';
import type { ScopeContext } from '../data/define';
import type { Database } from '../db/connect';
import { customers, organizations, users } from '../db/schema';
import type { ExportParties } from './mediaplanExport';

/** The agency as its documents show it: the white-label brand when the organization has one. */
export interface AgencyBrand {
  name: string;
  primaryHex: string;
}

export interface Parties extends ExportParties {
  brand: AgencyBrand;
}

/** Who the exported documents name: the exporting user, the agency (white-label) and the client. */
export async function partiesOf(db: Database, scope: ScopeContext, plan: Plan): Promise<Parties> {
  const [user] = await db
    .select({ email: users.email, firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(eq(users.id, scope.userId));
  const [org] = scope.organizationId
    ? await db.select().from(organizations).where(eq(organizations.id, scope.organizationId))
    : [];
  const [customer] =
    plan.campaign.customerId && scope.accountId
      ? await db
          .select({ name: customers.name })
          .from(customers)
          .where(and(eq(customers.id, plan.campaign.customerId), eq(customers.accountId, scope.accountId)))
      : [];
  const fullName = `${user?.firstName ?? ''} ${user?.lastName ?? ''}`.trim();
  const branded = org?.whiteLabelIsEnabled === true;
  const brand: AgencyBrand = {
    name: (branded && org?.whiteLabelBrandName?.trim()) || org?.name || 'Flightplan',
    primaryHex: branded ? (org?.whiteLabelPrimaryHexCode ?? DEFAULT_PRIMARY_HEX) : DEFAULT_PRIMARY_HEX,
  };
  return {
    createdById: scope.userId,
    createdByName: fullName || user?.email || 'Flightplan',
    agencyName: brand.name,
    customerName: customer ? customer.name || 'this customer' : null,
    createdAt: new Date(),
    brand,
  };
}

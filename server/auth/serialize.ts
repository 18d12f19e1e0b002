import type { Account, Organization } from '@contract/auth';
import { hasWhiteLabelFeature } from '@contract/plans';
import type { accounts, organizations } from '../db/schema';

/**
 * `stepUpTenantId`: the tenant the organization's users authenticate against at the step-up provider
 * (`c.get('stepUpTenantId')`), the one the client library must be given; not the stored `tnt_…` id, which the
 * built-in provider (one tenant, PROVIDER_TENANT_ID) does not know.
 */
export function serializeOrganization(
  row: typeof organizations.$inferSelect,
  stepUpTenantId: string,
): Organization {
  return {
    id: row.id,
    name: row.name,
    tenantId: stepUpTenantId,
    createdAt: row.createdAt.toISOString(),
    planCode: row.planCode,
    whiteLabelIsEnabled: row.whiteLabelIsEnabled,
    hasWhiteLabelFeature: hasWhiteLabelFeature(row.planCode),
    whiteLabelBrandName: row.whiteLabelBrandName,
    whiteLabelPrimaryHexCode: row.whiteLabelPrimaryHexCode,
    whiteLabelNavbarBackgroundHexCode: row.whiteLabelNavbarBackgroundHexCode,
    whiteLabelIconUuid: row.whiteLabelIconUuid,
  };
}

export function serializeAccount(row: typeof accounts.$inferSelect): Account {
  return {
    id: row.id,
    organizationId: row.organizationId,
    name: row.name,
    tenantId: row.tenantId,
    createdAt: row.createdAt.toISOString(),
  };
}

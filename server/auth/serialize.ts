import type { Account, Organization } from '../../contract/auth';
import { hasWhiteLabelFeature } from '../../contract/plans';
import type { accounts, organizations } from '../db/schema';

export function serializeOrganization(row: typeof organizations.$inferSelect): Organization {
  return {
    id: row.id,
    name: row.name,
    tenantId: row.tenantId,
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

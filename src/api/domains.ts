import { DomainListSchema, DomainSchemaOut, type OrganizationDomain } from '@contract/whiteLabel';
import { requestJson, send } from './http';

/**
 * An organization's custom domains (server/whiteLabel/routes.ts, issue 26). Failures reject with an
 * ApiError (status, message, errorCode, validationErrors).
 */

const domains = (organizationId: string) => `api/organizations/${encodeURIComponent(organizationId)}/domains`;

/** GET: `[{ domain, createdAt }]`. */
export function listDomains(organizationId: string): Promise<OrganizationDomain[]> {
  return requestJson('GET', domains(organizationId), DomainListSchema);
}

/** POST `{ domain }`: 201 with the stored domain. */
export function addDomain(organizationId: string, domain: string): Promise<OrganizationDomain> {
  return requestJson('POST', domains(organizationId), DomainSchemaOut, { json: { domain } });
}

/** DELETE: 204. */
export async function removeDomain(organizationId: string, domain: string): Promise<void> {
  await send(`${domains(organizationId)}/${encodeURIComponent(domain)}`, { method: 'DELETE' });
}

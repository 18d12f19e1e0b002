import { type SsoSettings, type SsoSettingsRequest, SsoSettingsSchema } from '@contract/sso';
import { dataProvider } from './dataProvider';
import { requestJson } from './http';

/**
 * The organization's single sign-on settings (server/sso/routes.ts, docs/sso.md, issue 26). Failures reject
 * with an ApiError (status, message, errorCode, validationErrors).
 */

const sso = (organizationId: string) => `api/organizations/${encodeURIComponent(organizationId)}/sso`;

/** GET the settings (`configured: false` with empty values when none are saved) and the accounts to choose from. */
export async function loadSsoSettings(organizationId: string) {
  const [settings, accounts] = await Promise.all([
    requestJson('GET', sso(organizationId), SsoSettingsSchema),
    dataProvider.getList({ resource: 'accounts', pagination: { mode: 'off' } }),
  ]);
  return { settings, accounts: accounts.data.map((account) => ({ id: account.id, name: account.name })) };
}

/** PUT: the stored settings (the secret never answered back, only `hasClientSecret`). */
export function saveSsoSettings(organizationId: string, request: SsoSettingsRequest): Promise<SsoSettings> {
  return requestJson('PUT', sso(organizationId), SsoSettingsSchema, { json: request });
}

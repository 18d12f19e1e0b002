import type { Account } from '@contract/auth';
import type { Role } from '@contract/policy';
import type { SsoSettings, SsoSettingsRequest } from '@contract/sso';
import type { FieldErrors } from '../shared/validation';

/**
 * Types of the single sign-on settings page (`ssoSettings`, issue 26, /settings/sso): the organization's
 * OpenID Connect identity provider (issuer, client id and secret), the e-mail domains it signs in, what a
 * new person gets (role and accounts) and whether password sign-in is refused at those domains.
 */

export type { SsoSettings, SsoSettingsRequest };

/** The form's fields a message can stand under (the request's keys). */
export type SsoField = 'issuer' | 'clientId' | 'clientSecret' | 'domains' | 'role' | 'accountIds';

export const SSO_FIELDS: readonly SsoField[] = [
  'issuer',
  'clientId',
  'clientSecret',
  'domains',
  'role',
  'accountIds',
];

/** The text fields (`field.change`). */
export type SsoTextField = 'issuer' | 'clientId' | 'clientSecret' | 'domains';

/** “All accounts”, or the accounts ticked below. */
export type SsoAccountMode = 'all' | 'chosen';

/** The form's values as typed. */
export interface SsoValues {
  issuer: string;
  clientId: string;
  /** Write-only: '' keeps the saved secret (or sets none). */
  clientSecret: string;
  /** As typed: domains separated by commas or new lines. */
  domains: string;
  role: Role;
  accountMode: SsoAccountMode;
  accountIds: string[];
  requireSso: boolean;
}

export type SsoAccount = Pick<Account, 'id' | 'name'>;

/** What loading tells the chart: the settings (GET /api/organizations/{orgId}/sso) and the accounts to choose from. */
export interface SsoSettingsData {
  settings: SsoSettings;
  accounts: SsoAccount[];
}

export interface SsoSettingsInput {
  organizationId: string;
  /** The signed-in member's role: only an owner gives new people the owner role. */
  actorRole: Role | null;
}

export interface SaveSsoSettingsInput {
  organizationId: string;
  request: SsoSettingsRequest;
}

export interface SsoSettingsContext extends SsoSettingsInput {
  values: SsoValues;
  /** The settings last loaded or saved (null until loaded). */
  settings: SsoSettings | null;
  accounts: SsoAccount[];
  fieldErrors: FieldErrors<SsoField>;
  /** Above the form: a refusal naming no field, or no answer. */
  formError: string | null;
  loadError: string | null;
}

export type SsoSettingsEvent =
  | { type: 'field.change'; field: SsoTextField; value: string }
  /** “Role new people get”. */
  | { type: 'role.change'; role: Role }
  /** “All accounts” or “Chosen accounts”. */
  | { type: 'accounts.mode'; mode: SsoAccountMode }
  | { type: 'account.toggle'; accountId: string; checked: boolean }
  /** “Require single sign-on”. */
  | { type: 'requireSso.change'; value: boolean }
  /** “Save settings”. */
  | { type: 'form.submit' }
  /** “Try again” after a failed load. */
  | { type: 'retry' };

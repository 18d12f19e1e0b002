import { ROLE_DESCRIPTIONS, ROLE_LABELS, type Role } from '@contract/policy';
import type { SnapshotFrom } from 'xstate';
import { fieldMessages } from '../shared/formView';
import { choosesAccounts, normalizedDomains, type SsoSettingsMachine, ssoRoles } from './ssoSettings.machine';
import {
  SSO_FIELDS,
  type SsoAccountMode,
  type SsoField,
  type SsoSettingsEvent,
  type SsoTextField,
  type SsoValues,
} from './ssoSettings.types';

export type SsoSettingsSnapshot = SnapshotFrom<SsoSettingsMachine>;

export const SSO_SAVED_NOTICE = 'Single sign-on settings saved';
export const SECRET_SAVED_HINT = 'A secret is saved — leave empty to keep it';
export const REQUIRE_SSO_HINT =
  'People at these domains can then only sign in with single sign-on: password sign-in is refused for them.';

export interface SsoRoleOption {
  value: Role;
  label: string;
  description: string;
}

/** Everything the single sign-on settings page shows, commands included. */
export interface SsoSettingsView {
  isLoading: boolean;
  loadError: string | null;
  /** Loaded: the form is shown. */
  isReady: boolean;
  /** Nothing is configured yet: the empty form under an introduction. */
  isUnconfigured: boolean;
  values: SsoValues;
  fieldErrors: Record<SsoField, string | null>;
  /** Above the form: a refusal naming no field, or no answer. */
  formError: string | null;
  /** Under the secret field: a secret is saved and an empty field keeps it; null when none is saved. */
  secretHint: string | null;
  /** The domains as they will be stored (trimmed, lower case, each once). */
  normalizedDomains: string[];
  roles: SsoRoleOption[];
  /** The account choice is offered (not for owners and admins, who work in every account). */
  choosesAccounts: boolean;
  accounts: { id: string; name: string; checked: boolean }[];
  accountsHint: string;
  requireSsoHint: string;
  /** Where the identity provider sends people back: to register with it. */
  redirectUri: string | null;
  /** “Single sign-on settings saved”, until the next edit. */
  notice: string | null;
  /** Fields and buttons are disabled (saving). */
  isDisabled: boolean;
  isSaving: boolean;
  submitLabel: 'Save settings' | 'Saving…';
  changeField: (field: SsoTextField, value: string) => void;
  changeRole: (role: Role) => void;
  changeAccountMode: (mode: SsoAccountMode) => void;
  toggleAccount: (accountId: string, checked: boolean) => void;
  setRequireSso: (value: boolean) => void;
  submit: () => void;
  retry: () => void;
}

export function connectSsoSettings(
  snapshot: SsoSettingsSnapshot,
  send: (event: SsoSettingsEvent) => void,
): SsoSettingsView {
  const { values, settings, accounts, fieldErrors, formError, loadError, actorRole } = snapshot.context;
  const isSaving = snapshot.matches('saving');
  const chooses = choosesAccounts(values.role);
  return {
    changeField: (field, value) => send({ type: 'field.change', field, value }),
    changeRole: (role) => send({ type: 'role.change', role }),
    changeAccountMode: (mode) => send({ type: 'accounts.mode', mode }),
    toggleAccount: (accountId, checked) => send({ type: 'account.toggle', accountId, checked }),
    setRequireSso: (value) => send({ type: 'requireSso.change', value }),
    submit: () => send({ type: 'form.submit' }),
    retry: () => send({ type: 'retry' }),
    isLoading: snapshot.matches('loading'),
    loadError: snapshot.matches('loadFailed') ? loadError : null,
    isReady: snapshot.matches('ready') || isSaving,
    isUnconfigured: settings !== null && !settings.configured,
    values,
    fieldErrors: fieldMessages(SSO_FIELDS, fieldErrors),
    formError,
    secretHint: settings?.hasClientSecret ? SECRET_SAVED_HINT : null,
    normalizedDomains: normalizedDomains(values.domains),
    roles: ssoRoles(actorRole, settings?.role ?? null).map((role) => ({
      value: role,
      label: ROLE_LABELS[role],
      description: ROLE_DESCRIPTIONS[role],
    })),
    choosesAccounts: chooses,
    accounts: accounts.map((account) => ({
      id: account.id,
      name: account.name,
      checked: values.accountMode === 'chosen' && values.accountIds.includes(account.id),
    })),
    accountsHint: !chooses
      ? `${ROLE_LABELS[values.role]}s work in every account.`
      : values.role === 'client'
        ? 'Choose the accounts new clients may see.'
        : 'All accounts includes the ones created later.',
    requireSsoHint: REQUIRE_SSO_HINT,
    redirectUri: settings?.redirectUri ?? null,
    notice: snapshot.matches({ ready: 'saved' }) ? SSO_SAVED_NOTICE : null,
    isDisabled: isSaving,
    isSaving,
    submitLabel: isSaving ? 'Saving…' : 'Save settings',
  };
}

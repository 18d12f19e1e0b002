import { canAssignRole, ROLES, ROLES_WITH_EVERY_ACCOUNT, type Role } from '@contract/policy';
import { SSO_OWNER_ROLE_MESSAGE, type SsoSettings, SsoSettingsRequestSchema } from '@contract/sso';
import { CLIENT_NEEDS_ACCOUNTS } from '@contract/team';
import { assertEvent, assign, fromPromise, not, setup } from 'xstate';
import { isServerFailure, NETWORK_ERROR_MESSAGE } from '../shared/errors';
import { serverFailure } from '../shared/formSubmit';
import { errorParams, type LoadDone, loadStates } from '../shared/loadStates';
import { type FieldErrors, schemaFieldErrors, withoutFieldError } from '../shared/validation';
import {
  type SaveSsoSettingsInput,
  SSO_FIELDS,
  type SsoField,
  type SsoSettingsContext,
  type SsoSettingsData,
  type SsoSettingsEvent,
  type SsoSettingsInput,
  type SsoSettingsRequest,
  type SsoValues,
} from './ssoSettings.types';

/** “Chosen accounts” with none ticked (a client's message is the contract's CLIENT_NEEDS_ACCOUNTS). */
export const CHOOSE_ACCOUNTS_MESSAGE = 'Tick at least one account, or choose All accounts';

/** The domains as typed, one per comma or line break (blanks dropped; the contract trims and lower-cases). */
export const domainListOf = (text: string): string[] => text.split(/[\s,;]+/).filter((part) => part !== '');

/** The domains as they will be stored: trimmed, lower case, each once. */
export const normalizedDomains = (text: string): string[] => [
  ...new Set(domainListOf(text).map((domain) => domain.toLowerCase())),
];

/** Owners and admins always work in every account: no account choice for them. */
export const choosesAccounts = (role: Role) => !ROLES_WITH_EVERY_ACCOUNT.includes(role);

/** The accounts as sent: null (every account) for owner and admin, or with “All accounts”. */
export function accountsOf(values: SsoValues): string[] | null {
  if (!choosesAccounts(values.role) || values.accountMode === 'all') return null;
  return [...values.accountIds];
}

/** PUT's body: an empty secret is left out (the saved one is kept). */
export function ssoRequestOf(values: SsoValues): SsoSettingsRequest {
  return {
    issuer: values.issuer.trim(),
    clientId: values.clientId.trim(),
    ...(values.clientSecret === '' ? {} : { clientSecret: values.clientSecret }),
    domains: domainListOf(values.domains),
    role: values.role,
    accountIds: accountsOf(values),
    requireSso: values.requireSso,
  };
}

/** The form's messages: the contract's schema, as the server parses the request, and who may hand out owner. */
export function ssoErrors(values: SsoValues, actor: Role | null): FieldErrors<SsoField> {
  const errors = schemaFieldErrors(SsoSettingsRequestSchema, ssoRequestOf(values), SSO_FIELDS);
  if (!errors.role && actor !== null && !canAssignRole(actor, null, values.role))
    errors.role = SSO_OWNER_ROLE_MESSAGE;
  // The schema's check across fields runs only once the fields are valid: say it together with theirs.
  if (!errors.accountIds && choosesAccounts(values.role)) {
    if (values.role === 'client' && (values.accountMode === 'all' || values.accountIds.length === 0))
      errors.accountIds = CLIENT_NEEDS_ACCOUNTS;
    else if (values.accountMode === 'chosen' && values.accountIds.length === 0)
      errors.accountIds = CHOOSE_ACCOUNTS_MESSAGE;
  }
  return errors;
}

/** The roles the member may choose for new people (the saved one stays listed, to be seen). */
export function ssoRoles(actor: Role | null, saved: Role | null): Role[] {
  return ROLES.filter((role) => role === saved || (actor !== null && canAssignRole(actor, null, role)));
}

/** The form's values for saved settings: domains one per line, the secret never shown. */
export function valuesOf(settings: SsoSettings): SsoValues {
  return {
    issuer: settings.issuer ?? '',
    clientId: settings.clientId ?? '',
    clientSecret: '',
    domains: settings.domains.join('\n'),
    role: settings.role,
    accountMode: settings.accountIds === null ? 'all' : 'chosen',
    accountIds: settings.accountIds ?? [],
    requireSso: settings.requireSso,
  };
}

const EMPTY: SsoValues = {
  issuer: '',
  clientId: '',
  clientSecret: '',
  domains: '',
  role: 'planner',
  accountMode: 'all',
  accountIds: [],
  requireSso: false,
};

const edited = (context: SsoSettingsContext, values: Partial<SsoValues>, field: SsoField) => ({
  values: { ...context.values, ...values },
  fieldErrors: withoutFieldError(context.fieldErrors, field),
  formError: null,
});

export const ssoSettingsMachine = setup({
  types: {
    context: {} as SsoSettingsContext,
    events: {} as SsoSettingsEvent,
    input: {} as SsoSettingsInput,
  },
  actors: {
    /** GET /api/organizations/{orgId}/sso and the organization's accounts; `src/` provides it. */
    loadSettings: fromPromise<SsoSettingsData, { organizationId: string }>(async () => {
      throw new Error('not provided: loadSettings');
    }),
    /** PUT /api/organizations/{orgId}/sso, resolving with the stored settings; `src/` provides it. */
    saveSettings: fromPromise<SsoSettings, SaveSsoSettingsInput>(async () => {
      throw new Error('not provided: saveSettings');
    }),
  },
  guards: {
    isFormValid: ({ context }) => Object.keys(ssoErrors(context.values, context.actorRole)).length === 0,
  },
  actions: {
    showSettings: assign((_, params: { data: SsoSettingsData }) => ({
      settings: params.data.settings,
      accounts: params.data.accounts,
      values: valuesOf(params.data.settings),
      fieldErrors: {},
      formError: null,
      loadError: null,
    })),
    showLoadError: assign((_, params: { error: unknown }) => ({
      loadError: isServerFailure(params.error) ? params.error.message : NETWORK_ERROR_MESSAGE,
    })),
    updateField: assign(({ context, event }) => {
      assertEvent(event, 'field.change');
      return edited(context, { [event.field]: event.value }, event.field);
    }),
    updateRole: assign(({ context, event }) => {
      assertEvent(event, 'role.change');
      const next = edited(context, { role: event.role }, 'role');
      return { ...next, fieldErrors: withoutFieldError(next.fieldErrors, 'accountIds') };
    }),
    updateAccountMode: assign(({ context, event }) => {
      assertEvent(event, 'accounts.mode');
      return edited(context, { accountMode: event.mode }, 'accountIds');
    }),
    toggleAccount: assign(({ context, event }) => {
      assertEvent(event, 'account.toggle');
      const others = context.values.accountIds.filter((id) => id !== event.accountId);
      return edited(
        context,
        { accountMode: 'chosen', accountIds: event.checked ? [...others, event.accountId] : others },
        'accountIds',
      );
    }),
    updateRequireSso: assign(({ context, event }) => {
      assertEvent(event, 'requireSso.change');
      return { values: { ...context.values, requireSso: event.value }, formError: null };
    }),
    showFieldErrors: assign({ fieldErrors: ({ context }) => ssoErrors(context.values, context.actorRole) }),
    clearFormError: assign({ formError: null }),
    showSaved: assign((_, params: { settings: SsoSettings }) => ({
      settings: params.settings,
      values: valuesOf(params.settings),
      fieldErrors: {},
      formError: null,
    })),
    showServerError: assign((_, params: { error: unknown }) => {
      const { fieldErrors, formError } = serverFailure(params.error, SSO_FIELDS);
      return { fieldErrors, formError };
    }),
  },
}).createMachine({
  id: 'ssoSettings',
  description:
    'Settings → Single sign-on (/settings/sso): the organization’s OpenID Connect identity provider (issuer, ' +
    'client id and write-only secret), the e-mail domains it signs in, the role and accounts a new person ' +
    'gets, and “Require single sign-on”. Owners and admins only; the page shows the redirect URI to register.',
  context: ({ input }) => ({
    ...input,
    values: EMPTY,
    settings: null,
    accounts: [],
    fieldErrors: {},
    formError: null,
    loadError: null,
  }),
  initial: 'loading',
  states: {
    ...loadStates({
      actor: 'loadSettings',
      input: (context: SsoSettingsContext) => ({ organizationId: context.organizationId }),
      names: { failed: 'loadFailed' },
      descriptions: {
        loading: 'Asking the server for the single sign-on settings and the organization’s accounts.',
        failed: 'The settings could not be loaded; the message is shown with “Try again”.',
      },
      onDone: {
        target: 'ready',
        actions: {
          type: 'showSettings',
          params: ({ event }: LoadDone<SsoSettingsData>) => ({ data: event.output }),
        },
      },
      failAction: { type: 'showLoadError', params: errorParams },
      retry: { event: 'retry' },
    }),
    ready: {
      description:
        'The form is editable, with the redirect URI to register with the provider. Nothing configured yet: ' +
        'the empty form under an introduction. Editing a field hides its message; “Save settings” checks ' +
        'the values with the contract’s rules and shows messages under the fields, sending nothing.',
      initial: 'editing',
      on: {
        'field.change': { target: '.editing', actions: 'updateField' },
        'role.change': { target: '.editing', actions: 'updateRole' },
        'accounts.mode': { target: '.editing', actions: 'updateAccountMode' },
        'account.toggle': { target: '.editing', actions: 'toggleAccount' },
        'requireSso.change': { target: '.editing', actions: 'updateRequireSso' },
        'form.submit': [
          { guard: not('isFormValid'), target: '.editing', actions: 'showFieldErrors' },
          { target: 'saving' },
        ],
      },
      states: {
        editing: {
          description:
            'The values as typed. The secret field is empty: when one is saved it says “leave empty to keep ' +
            'it”. The domains are shown back normalized (trimmed, lower case).',
        },
        saved: {
          description:
            '“Single sign-on settings saved” is shown until the next edit; the form shows what the server stored.',
        },
        failed: {
          description:
            'The server refused (messages under the fields it names, e.g. a domain another organization uses, ' +
            'anything else above the form) or could not be reached. “Save settings” tries again.',
        },
      },
    },
    saving: {
      description: 'The settings are on their way; the button reads “Saving…” and the form is locked.',
      entry: 'clearFormError',
      invoke: {
        id: 'saveSettings',
        src: 'saveSettings',
        input: ({ context }) => ({
          organizationId: context.organizationId,
          request: ssoRequestOf(context.values),
        }),
        onDone: {
          target: 'ready.saved',
          actions: { type: 'showSaved', params: ({ event }) => ({ settings: event.output }) },
        },
        onError: {
          target: 'ready.failed',
          actions: { type: 'showServerError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
  },
});

export type SsoSettingsMachine = typeof ssoSettingsMachine;

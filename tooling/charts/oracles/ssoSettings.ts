/** What each state of the single sign-on settings page promises. */
import { connectSsoSettings } from '@machines/ssoSettings/ssoSettings.connect';
import { ssoSettingsMachine } from '@machines/ssoSettings/ssoSettings.machine';
import type { SsoSettings, SsoValues } from '@machines/ssoSettings/ssoSettings.types';
import { defineOracle, expectEqual, expectFields, expectThat, type OracleCheck } from '../oracle';
import { fieldMessage, formMessage, NETWORK_MESSAGE, sentBy } from './shared';

type Machine = typeof ssoSettingsMachine;

const SAVED = 'Single sign-on settings saved';
const SECRET_HINT = 'A secret is saved — leave empty to keep it';

/** Spec: domains are separated by commas or line breaks; stored trimmed, lower case. */
const domainsOf = (text: string) =>
  text
    .split(/[,\n]/)
    .map((part) => part.trim())
    .filter((part) => part !== '');

/**
 * Spec (docs/sso.md, contract/sso.ts): the issuer is an https URL (http only for localhost), the client id
 * is required, at least one e-mail domain shaped like example.com; a client gets chosen accounts; “Chosen
 * accounts” needs one ticked. The samples' actor is an owner, who may choose any role.
 */
function expectedErrors(values: SsoValues): Record<string, string> {
  const errors: Record<string, string> = {};
  const issuer = values.issuer.trim();
  if (issuer === '') errors.issuer = 'Enter the issuer URL';
  else if (!/^https:\/\/[^/?#\s]+/.test(issuer))
    errors.issuer = 'Enter the issuer URL, such as https://login.example.com';
  if (values.clientId.trim() === '') errors.clientId = 'Enter the client id';
  const domains = domainsOf(values.domains);
  if (domains.length === 0) errors.domains = 'Enter at least one e-mail domain';
  else if (!domains.every((d) => /^([a-z0-9-]+\.)+[a-z]{2,63}$/i.test(d)))
    errors.domains = 'Enter e-mail domains such as example.com';
  const everyAccount = values.role === 'owner' || values.role === 'admin';
  if (!everyAccount) {
    const none = values.accountMode === 'all' || values.accountIds.length === 0;
    if (values.role === 'client' && none) errors.accountIds = 'Choose the accounts this client may see';
    else if (values.accountMode === 'chosen' && values.accountIds.length === 0)
      errors.accountIds = 'Tick at least one account, or choose All accounts';
  }
  return errors;
}

/** Spec: what the server stored, as the form shows it: the domains one per line, the secret field empty. */
const formOf = (settings: SsoSettings): SsoValues => ({
  issuer: settings.issuer ?? '',
  clientId: settings.clientId ?? '',
  clientSecret: '',
  domains: settings.domains.join('\n'),
  role: settings.role,
  accountMode: settings.accountIds === null ? 'all' : 'chosen',
  accountIds: settings.accountIds ?? [],
  requireSso: settings.requireSso,
});

const view = (step: Parameters<OracleCheck<Machine>>[0]) => connectSsoSettings(step.snapshot, () => {});

const ready =
  (phase: 'editing' | 'saved' | 'failed', more: OracleCheck<Machine>): OracleCheck<Machine> =>
  (step) => {
    const { context } = step;
    const settings = context.settings!;
    expectThat(settings !== null, 'settings are loaded');
    expectFields(view(step), {
      isLoading: false,
      loadError: null,
      isReady: true,
      isUnconfigured: !settings.configured,
      isDisabled: false,
      isSaving: false,
      submitLabel: 'Save settings',
      notice: phase === 'saved' ? SAVED : null,
      secretHint: settings.hasClientSecret ? SECRET_HINT : null,
      redirectUri: settings.redirectUri,
      normalizedDomains: [...new Set(domainsOf(context.values.domains).map((d) => d.toLowerCase()))],
      choosesAccounts: context.values.role !== 'owner' && context.values.role !== 'admin',
    });
    // An owner may give new people any role.
    expectEqual(
      view(step).roles.map((role) => role.value),
      ['owner', 'admin', 'planner', 'analyst', 'client'],
      'roles offered to an owner',
    );
    more(step);
  };

export const ssoSettingsOracle = defineOracle(ssoSettingsMachine, {
  events: {
    'field.change': ({ context, event, previous }) => {
      const field = event.field as keyof SsoValues;
      expectEqual(
        context.values,
        { ...previous!.context.values, [field]: event.value },
        'values after typing',
      );
      expectEqual(
        (context.fieldErrors as Record<string, unknown>)[field],
        undefined,
        'typing hides the message',
      );
      expectEqual(context.formError, null, 'form message');
    },
    'role.change': ({ context, event }) => {
      expectEqual(context.values.role, event.role, 'role');
      expectEqual(context.fieldErrors.role, undefined, 'role message hidden');
    },
    'accounts.mode': ({ context, event }) => {
      expectEqual(context.values.accountMode, event.mode, 'account mode');
      expectEqual(context.fieldErrors.accountIds, undefined, 'accounts message hidden');
    },
    'account.toggle': ({ context, event }) => {
      expectEqual(context.values.accountMode, 'chosen', 'ticking an account chooses accounts');
      expectEqual(
        context.values.accountIds.includes(event.accountId as string),
        event.checked,
        'the account is ticked as asked',
      );
    },
    'requireSso.change': ({ context, event }) => {
      expectEqual(context.values.requireSso, event.value, 'Require single sign-on');
    },
    'xstate.done.actor.loadSettings': ({ context, event }) => {
      const data = event.output as { settings: SsoSettings; accounts: { id: string; name: string }[] };
      expectEqual(context.settings, data.settings, 'settings from the server');
      expectEqual(context.accounts, data.accounts, 'accounts from the server');
      expectEqual(context.values, formOf(data.settings), 'the form shows the settings');
    },
    'xstate.done.actor.saveSettings': ({ context, event }) => {
      const settings = event.output as SsoSettings;
      expectEqual(context.settings, settings, 'stored settings');
      expectEqual(context.values, formOf(settings), 'the form shows what was stored');
      expectFields(context, { fieldErrors: {}, formError: null });
    },
  },
  states: {
    loading: (step) => {
      expectFields(view(step), { isLoading: true, isReady: false, loadError: null });
    },
    loadFailed: (step) => {
      expectEqual(
        sentBy(
          (send) => connectSsoSettings(step.snapshot, send),
          (shown) => shown.retry(),
        ),
        [{ type: 'retry' }],
        'Try again sends',
      );
      expectFields(view(step), { isLoading: false, isReady: false, loadError: NETWORK_MESSAGE });
    },
    'ready.editing': ready('editing', ({ context, event }) => {
      if (event.type === 'form.submit') {
        // Nothing is sent: a value breaks a rule, and each message stands under its field.
        const errors = expectedErrors(context.values);
        expectThat(Object.keys(errors).length > 0, 'valid settings were not sent');
        expectEqual(context.fieldErrors, errors, 'messages under the fields');
      }
    }),
    'ready.saved': ready('saved', ({ event }) => {
      expectEqual(event.type, 'xstate.done.actor.saveSettings', 'saved by the server');
    }),
    'ready.failed': ready('failed', ({ context, event, previous }) => {
      expectEqual(event.type, 'xstate.error.actor.saveSettings', 'refused by the server');
      const domains = fieldMessage(event.error, 'domains');
      expectEqual(context.fieldErrors.domains, domains, 'domains message');
      expectEqual(context.formError, domains ? null : formMessage(event.error), 'form message');
      expectEqual(context.values, previous?.context.values, 'values kept');
    }),
    saving: (step) => {
      const { context } = step;
      expectEqual(expectedErrors(context.values), {}, 'only valid settings are sent');
      expectFields(view(step), {
        isSaving: true,
        isDisabled: true,
        submitLabel: 'Saving…',
        formError: null,
        notice: null,
      });
    },
  },
});

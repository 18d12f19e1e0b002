import type { SsoSettings } from '@contract/sso';
import { defineChart } from '../chart';
import { ssoErrors, ssoSettingsMachine } from './ssoSettings.machine';
import type { SsoSettingsContext } from './ssoSettings.types';

export const SSO_SAMPLE_ORG = '00000000-0000-4000-8000-000000000001';
export const SSO_SAMPLE_ACCOUNT = '00000000-0000-4000-8000-0000000000a1';
const REDIRECT_URI = 'https://app.flightplan.example/auth/federate/callback';
const accounts = [
  { id: SSO_SAMPLE_ACCOUNT, name: 'Acme Retail' },
  { id: '00000000-0000-4000-8000-0000000000a2', name: 'Acme Travel' },
];

const unconfigured: SsoSettings = {
  configured: false,
  issuer: null,
  clientId: null,
  hasClientSecret: false,
  domains: [],
  role: 'planner',
  accountIds: null,
  requireSso: false,
  redirectUri: REDIRECT_URI,
};

const configured: SsoSettings = {
  configured: true,
  issuer: 'https://login.agency.example',
  clientId: 'flightplan',
  hasClientSecret: true,
  domains: ['agency.example', 'agency.co.uk'],
  role: 'planner',
  accountIds: null,
  requireSso: true,
  redirectUri: REDIRECT_URI,
};

/** Which fields fail the rules and which messages show: enough to tell the form's states apart. */
const summarize = (context: SsoSettingsContext) => ({
  invalid: Object.keys(ssoErrors(context.values, context.actorRole)).sort(),
  shown: Object.keys(context.fieldErrors).sort(),
  formError: context.formError !== null,
  configured: context.settings?.configured ?? null,
  loadError: context.loadError !== null,
});

export const ssoSettingsChart = defineChart({
  name: 'ssoSettings',
  title: 'Single sign-on settings',
  machine: ssoSettingsMachine,
  description: ssoSettingsMachine.root.description ?? '',
  input: { organizationId: SSO_SAMPLE_ORG, actorRole: 'owner' },
  abstractContext: summarize,
  events: [
    { type: 'xstate.done.actor.loadSettings', output: { settings: unconfigured, accounts } },
    { type: 'xstate.done.actor.loadSettings', output: { settings: configured, accounts } },
    { type: 'xstate.error.actor.loadSettings', error: new TypeError('Failed to fetch') },
    { type: 'retry' },
    { type: 'field.change', field: 'issuer', value: 'https://login.agency.example' },
    { type: 'field.change', field: 'issuer', value: 'login.agency.example' },
    { type: 'field.change', field: 'clientId', value: 'flightplan' },
    { type: 'field.change', field: 'clientSecret', value: 's3cret-from-the-provider' },
    { type: 'field.change', field: 'domains', value: 'Agency.Example, agency.co.uk' },
    { type: 'role.change', role: 'client' },
    { type: 'role.change', role: 'analyst' },
    { type: 'accounts.mode', mode: 'chosen' },
    { type: 'account.toggle', accountId: SSO_SAMPLE_ACCOUNT, checked: true },
    { type: 'requireSso.change', value: true },
    { type: 'form.submit' },
    { type: 'xstate.done.actor.saveSettings', output: configured },
    {
      type: 'xstate.error.actor.saveSettings',
      error: {
        status: 400,
        message: 'Invalid request',
        validationErrors: { domains: { message: 'agency.example signs in with another organization' } },
      },
    },
    { type: 'xstate.error.actor.saveSettings', error: new TypeError('Failed to fetch') },
  ],
});

/**
 * The `ssoSettings` chart's generated paths, replayed on the real single sign-on settings page
 * (/settings/sso). GET and PUT /api/organizations/{orgId}/sso wait for the path's steps; the rest of the app
 * (the session, the organization's accounts) gets the settings fake server, as an owner (the chart's input).
 */
import '../support/matchers';
import { getChart } from '@machines';
import { NETWORK_ERROR_MESSAGE } from '@machines/shared/errors';
import type { SsoSettings, SsoSettingsContext, SsoSettingsData } from '@machines/ssoSettings';
import { SSO_SAMPLE_ORG } from '@machines/ssoSettings/ssoSettings.chart';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, expect, vi } from 'vitest';
import { describeViewPathTests, replaceText } from '../../paths/viewPathTests';
import { json } from '../support/fakeApi';
import { type HeldServer, heldServer } from '../support/heldServer';
import { renderApp } from '../support/renderApp';
import { account, organization, settingsServer } from '../support/settingsServer';

// Watch the view's actor (tests/paths/viewActors.ts); vitest hoists this above every import.
vi.mock('@xstate/react', async (importOriginal) =>
  (await import('../../paths/viewActors')).inspectingXStateReact(importOriginal),
);

const realFetch = globalThis.fetch;
afterEach(() => {
  globalThis.fetch = realFetch;
});

interface PageView {
  server: HeldServer;
  user: ReturnType<typeof userEvent.setup>;
}

const ORG = SSO_SAMPLE_ORG;
const SSO = `/api/organizations/${ORG}/sso`;
type Request = { method: string; path: string };
const LOAD = (request: Request) => request.method === 'GET' && request.path === SSO;
const SAVE = (request: Request) => request.method === 'PUT' && request.path === SSO;

const chart = getChart('ssoSettings');
/** The accounts of the chart's sample load, served by the fake server's /api/accounts. */
const SAMPLE_ACCOUNTS = (
  chart.events.find((event) => event.type === 'xstate.done.actor.loadSettings') as unknown as {
    output: SsoSettingsData;
  }
).output.accounts;

const context = (state: { context: unknown }) => state.context as SsoSettingsContext;
const FIELDS = {
  issuer: 'Issuer URL',
  clientId: 'Client id',
  clientSecret: /^Client secret/,
  domains: 'E-mail domains',
} as const;
type TextField = keyof typeof FIELDS;
const field = (name: TextField) =>
  screen.getByLabelText<HTMLInputElement | HTMLTextAreaElement>(FIELDS[name]);
const form = () => within(screen.getByRole('form', { name: 'Single sign-on settings' }));
const saveButton = () => screen.getByRole('button', { name: /^(Save settings|Saving…)$/ });
const SAVED = 'Single sign-on settings saved';

/** The form as the context says: which fields carry a message, the form's message, the settings' texts. */
function expectForm(c: SsoSettingsContext) {
  const inForm = form();
  for (const name of Object.keys(FIELDS) as TextField[]) {
    if (c.fieldErrors[name]) expect(field(name)).toHaveAttribute('aria-invalid', 'true');
    else expect(field(name)).not.toHaveAttribute('aria-invalid', 'true');
  }
  if (c.fieldErrors.accountIds)
    expect(
      inForm.getByRole('group', {
        name: c.values.accountMode === 'all' ? 'Accounts' : 'Accounts new people work in',
      }),
    ).toHaveAttribute('aria-invalid', 'true');
  const alert = inForm.getAllByRole('alert')[0]!;
  if (c.formError) expect(alert).toHaveTextContent(c.formError);
  else expect(alert).toBeEmptyDOMElement();
  const settings = c.settings!;
  expect(inForm.getByLabelText<HTMLInputElement>('Redirect URI to register with your provider').value).toBe(
    settings.redirectUri,
  );
  expect(inForm.getByRole('button', { name: 'Copy the redirect URI' })).toBeInTheDocument();
  if (settings.hasClientSecret)
    expect(field('clientSecret')).toHaveAccessibleDescription('A secret is saved — leave empty to keep it');
  if (settings.configured) expect(screen.queryByText('Single sign-on is not set up yet')).toBeNull();
  else expect(screen.getByText('Single sign-on is not set up yet')).toBeInTheDocument();
  expect(inForm.getByText(/password sign-in is refused/)).toBeInTheDocument();
}

/** Clicks a checkbox or radio until it is as asked; already so, it is turned off and on again. */
async function setChoice(user: PageView['user'], input: HTMLInputElement, checked: boolean, other?: Element) {
  if (input.checked === checked) await user.click(other ?? input);
  await user.click(input);
}

describeViewPathTests<PageView>({
  chart,
  compareContext: (c: SsoSettingsContext) => chart.abstractContext!(c as never),
  async render() {
    settingsServer({
      organizations: [organization({ id: ORG })],
      currentOrganizationId: ORG,
      // The session's current account, and the chart's sample accounts to choose from.
      accounts: [
        account({ organizationId: ORG }),
        ...SAMPLE_ACCOUNTS.map(({ id, name }) => account({ id, name, organizationId: ORG })),
      ],
    });
    const server = heldServer({
      hold: (request) => LOAD(request) || SAVE(request),
      fallback: globalThis.fetch,
    });
    renderApp('/settings/sso');
    await screen.findByRole('heading', { name: 'Single sign-on' }, { timeout: 10_000 });
    return { server, user: userEvent.setup({ delay: null }) };
  },
  unproducible: [
    {
      because:
        'the accounts to tick are shown once “Chosen accounts” is chosen (and not for owners and admins)',
      step: (event, before) =>
        event.type === 'account.toggle' &&
        (context(before).values.accountMode !== 'chosen' ||
          ['owner', 'admin'].includes(context(before).values.role)),
    },
  ],
  events: {
    'xstate.done.actor.loadSettings': ({ server }, { event }) =>
      server.respond(LOAD, json((event.output as SsoSettingsData).settings)),
    'xstate.error.actor.loadSettings': ({ server }, { event }) =>
      server.answerWith(LOAD, { error: event.error }),
    'xstate.done.actor.saveSettings': ({ server }, { event }) =>
      server.respond(SAVE, json(event.output as SsoSettings)),
    'xstate.error.actor.saveSettings': ({ server }, { event }) =>
      server.answerWith(SAVE, { error: event.error }),
    retry: ({ user }) => user.click(screen.getByRole('button', { name: 'Try again' })),
    'field.change': ({ user }, { event }) =>
      replaceText(user, field(event.field as TextField), event.value as string),
    'role.change': async ({ user }, { event }) => {
      const select = screen.getByLabelText<HTMLSelectElement>('Role new people get');
      // Choosing the role it has: another one first (the same transition twice, the same end state).
      if (select.value === event.role)
        await user.selectOptions(select, event.role === 'planner' ? 'analyst' : 'planner');
      await user.selectOptions(select, event.role as string);
    },
    'accounts.mode': ({ user }, { event }) => {
      const radio = (label: string) => form().getByRole<HTMLInputElement>('radio', { name: label });
      const wanted = event.mode === 'all' ? 'All accounts' : /^Chosen accounts/;
      const other = event.mode === 'all' ? /^Chosen accounts/ : 'All accounts';
      return setChoice(user, radio(wanted as string), true, radio(other as string));
    },
    'account.toggle': ({ user }, { event }) => {
      const name = SAMPLE_ACCOUNTS.find((a) => a.id === event.accountId)!.name;
      return setChoice(
        user,
        form().getByRole<HTMLInputElement>('checkbox', { name }),
        event.checked as boolean,
      );
    },
    'requireSso.change': ({ user }, { event }) =>
      setChoice(
        user,
        form().getByRole<HTMLInputElement>('checkbox', { name: /^Require single sign-on/ }),
        event.value as boolean,
      ),
    'form.submit': ({ user }) => user.click(saveButton()),
  },
  states: {
    loading: () => {
      expect(screen.getByText('Loading…')).toBeInTheDocument();
      expect(screen.queryByLabelText(FIELDS.issuer)).not.toBeInTheDocument();
    },
    loadFailed: async (_view, { state }) => {
      const alert = await screen.findByRole('alert');
      expect(alert).toHaveTextContent('The single sign-on settings could not be loaded.');
      expect(alert).toHaveTextContent(context(state).loadError ?? NETWORK_ERROR_MESSAGE);
    },
    'ready.editing': async (_view, { state }) => {
      await screen.findByLabelText(FIELDS.issuer);
      expectForm(context(state));
      expect(saveButton()).toHaveTextContent('Save settings');
      expect(saveButton()).not.toBeDisabled();
      expect(screen.queryByText(SAVED)).not.toBeInTheDocument();
    },
    'ready.saved': async (_view, { state }) => {
      expect(await screen.findByText(SAVED)).toBeInTheDocument();
      expectForm(context(state));
      expect(field('clientSecret').value).toBe('');
    },
    'ready.failed': async (_view, { state }) => {
      await waitFor(() => expect(saveButton()).toHaveTextContent('Save settings'));
      expectForm(context(state));
      expect(saveButton()).not.toBeDisabled();
    },
    saving: () => {
      expect(screen.getByRole('button', { name: 'Saving…' })).toBeDisabled();
      expect(field('issuer')).toBeDisabled();
    },
  },
});

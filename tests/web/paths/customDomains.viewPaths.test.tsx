/**
 * The `customDomains` chart's generated paths, replayed on the real white-label settings page
 * (/settings/white-label, its “Custom domains” card). GET, POST and DELETE /api/organizations/{orgId}/domains
 * wait for the path's steps; the rest of the app (the session, the white-label settings) gets the settings
 * fake server, as an owner on the Agency plan (the chart's sample input).
 */
import '../support/matchers';
import { getChart } from '@machines';
import type { CustomDomainsContext } from '@machines/customDomains';
import { NETWORK_ERROR_MESSAGE } from '@machines/shared/errors';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, expect, vi } from 'vitest';
import { describeViewPathTests, replaceText } from '../../paths/viewPathTests';
import { json } from '../support/fakeApi';
import { type HeldServer, heldServer } from '../support/heldServer';
import { renderApp } from '../support/renderApp';
import { organization, settingsServer } from '../support/settingsServer';

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

const ORG = '00000000-0000-4000-8000-000000000001';
const DOMAINS = `/api/organizations/${ORG}/domains`;
type Request = { method: string; path: string };
const LOAD = (request: Request) => request.method === 'GET' && request.path === DOMAINS;
const ADD = (request: Request) => request.method === 'POST' && request.path === DOMAINS;
const REMOVE = (request: Request) => request.method === 'DELETE' && request.path.startsWith(`${DOMAINS}/`);

const context = (state: { context: unknown }) => state.context as CustomDomainsContext;
const card = () => within(screen.getByRole('heading', { name: 'Custom domains' }).closest('section')!);
const field = () => card().getByLabelText<HTMLInputElement>('Domain');

/** The card as the context says: the rows, the field, the messages. */
function expectCard(c: CustomDomainsContext, disabled: boolean) {
  const inCard = card();
  for (const { domain } of c.domains) {
    expect(inCard.getByText(domain)).toBeInTheDocument();
    expect(inCard.getByRole('link', { name: `https://${domain}/auth/login` })).toBeInTheDocument();
  }
  if (c.domains.length === 0) expect(inCard.getByText('No custom domains yet.')).toBeInTheDocument();
  expect(field().value).toBe(c.draft);
  if (c.domainError) expect(field()).toHaveAccessibleDescription(c.domainError);
  else expect(field()).not.toHaveAttribute('aria-invalid', 'true');
  if (disabled) expect(field()).toBeDisabled();
  else expect(field()).not.toBeDisabled();
  if (c.error) expect(inCard.getByRole('alert')).toHaveTextContent(c.error);
  else expect(inCard.queryByRole('alert')).not.toBeInTheDocument();
  if (c.notice) expect(inCard.getByRole('status')).toHaveTextContent(c.notice);
  else expect(inCard.queryByRole('status')).not.toBeInTheDocument();
}

describeViewPathTests<PageView>({
  chart: getChart('customDomains'),
  compareContext: ({ organizationId: _, ...rest }: CustomDomainsContext) => rest,
  async render() {
    settingsServer({
      organizations: [organization({ id: ORG, planCode: 'agency', hasWhiteLabelFeature: true })],
      currentOrganizationId: ORG,
    });
    const server = heldServer({
      hold: (request) => LOAD(request) || ADD(request) || REMOVE(request),
      fallback: globalThis.fetch,
    });
    renderApp('/settings/white-label');
    await screen.findByRole('heading', { name: 'Custom domains' });
    return { server, user: userEvent.setup({ delay: null }) };
  },
  events: {
    'xstate.done.actor.loadDomains': ({ server }, { event }) => server.respond(LOAD, json(event.output)),
    'xstate.error.actor.loadDomains': ({ server }, { event }) =>
      server.answerWith(LOAD, { error: event.error }),
    'xstate.done.actor.addDomain': ({ server }, { event }) =>
      server.respond(ADD, json(event.output, { status: 201 })),
    'xstate.error.actor.addDomain': ({ server }, { event }) => server.answerWith(ADD, { error: event.error }),
    'xstate.done.actor.removeDomain': ({ server }) =>
      server.respond(REMOVE, new Response(null, { status: 204 })),
    'xstate.error.actor.removeDomain': ({ server }, { event }) =>
      server.answerWith(REMOVE, { error: event.error }),
    retry: ({ user }) => user.click(card().getByRole('button', { name: 'Try again' })),
    'domain.change': ({ user }, { event }) => replaceText(user, field(), event.value as string),
    'domain.add': ({ user }) => user.click(card().getByRole('button', { name: 'Add domain' })),
    'domain.remove': ({ user }, { event }) =>
      user.click(card().getByRole('button', { name: `Remove ${event.domain as string}` })),
    'removal.confirm': ({ user }) => user.click(card().getByRole('button', { name: 'Remove domain' })),
    'removal.cancel': ({ user }) => user.click(card().getByRole('button', { name: 'Cancel' })),
    'notice.dismiss': ({ user }) => user.click(card().getByRole('button', { name: 'Dismiss' })),
  },
  states: {
    loading: () => {
      expect(card().getByText('Loading domains…')).toBeInTheDocument();
      expect(card().queryByLabelText('Domain')).not.toBeInTheDocument();
    },
    loadFailed: async (_view, { state }) => {
      const alert = await card().findByRole('alert');
      expect(alert).toHaveTextContent('The custom domains could not be loaded.');
      expect(alert).toHaveTextContent(context(state).loadError ?? NETWORK_ERROR_MESSAGE);
    },
    ready: async (_view, { state }) => {
      const c = context(state);
      await waitFor(() => expect(card().getByRole('button', { name: /^(Add domain)$/ })).toBeInTheDocument());
      const disabled = !c.hasFeature;
      expectCard(c, disabled);
      if (disabled)
        expect(
          card().getByText('Your plan does not include white-label branding. Upgrade to add custom domains.'),
        ).toBeInTheDocument();
    },
    adding: () => {
      expect(card().getByRole('button', { name: 'Adding…' })).toBeDisabled();
      expect(field()).toBeDisabled();
    },
    confirmingRemoval: (_view, { state }) => {
      const { pending } = context(state);
      const group = card().getByRole('group', { name: `Remove ${pending}?` });
      expect(within(group).getByRole('button', { name: 'Remove domain' })).toBeInTheDocument();
      expect(within(group).getByRole('button', { name: 'Cancel' })).toBeInTheDocument();
      expect(field()).toBeDisabled();
    },
    removing: (_view, { state }) => {
      const { pending } = context(state);
      expect(card().getByRole('button', { name: `Remove ${pending}` })).toHaveTextContent('Removing…');
    },
  },
});

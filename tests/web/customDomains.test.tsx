import './support/matchers';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { renderApp } from './support/renderApp';
import { organization, settingsServer } from './support/settingsServer';

const realFetch = globalThis.fetch;
afterEach(() => {
  globalThis.fetch = realFetch;
  document.title = '';
});

const ORG = '00000000-0000-4000-8000-000000000001';
const DOMAINS = `/api/organizations/${ORG}/domains`;
const agency = () => [organization({ id: ORG, planCode: 'agency', hasWhiteLabelFeature: true })];
const starter = () => [organization({ id: ORG, planCode: 'starter', hasWhiteLabelFeature: false })];

const card = async () =>
  within((await screen.findByRole('heading', { name: 'Custom domains' })).closest('section')!);

describe('custom domains card', () => {
  it('adds a domain (checked before sending), shows its sign-in page, and removes one after confirming', async () => {
    const server = settingsServer({
      organizations: agency(),
      currentOrganizationId: ORG,
      domains: [{ domain: 'login.agency.example', createdAt: '2026-11-01T09:00:00.000Z' }],
    });
    const user = userEvent.setup();
    renderApp('/settings/white-label');
    const domains = await card();
    expect(await domains.findByText('login.agency.example')).toBeInTheDocument();
    expect(domains.getByRole('link', { name: 'https://login.agency.example/auth/login' })).toHaveAttribute(
      'href',
      'https://login.agency.example/auth/login',
    );

    const field = domains.getByLabelText('Domain');
    await user.type(field, 'https://ads.agency.example/');
    await user.click(domains.getByRole('button', { name: 'Add domain' }));
    expect(field).toHaveAccessibleDescription(
      'Enter a domain such as ads.agency.example (no scheme, port or path)',
    );
    expect(server.callsTo(DOMAINS, 'POST')).toHaveLength(0);

    await user.clear(field);
    await user.type(field, ' Ads.Agency.Example');
    await user.click(domains.getByRole('button', { name: 'Add domain' }));
    expect(
      await domains.findByText(
        'ads.agency.example added. Its sign-in page: https://ads.agency.example/auth/login',
      ),
    ).toBeInTheDocument();
    expect(server.callsTo(DOMAINS, 'POST').map((c) => c.json)).toEqual([{ domain: 'ads.agency.example' }]);
    expect(domains.getByText('ads.agency.example')).toBeInTheDocument();
    expect((field as HTMLInputElement).value).toBe('');

    // The same domain again: the server's 409 shows under the field.
    await user.type(field, 'ads.agency.example');
    await user.click(domains.getByRole('button', { name: 'Add domain' }));
    expect(await domains.findByText('ads.agency.example is already in use')).toBeInTheDocument();
    expect(field).toHaveAccessibleDescription('ads.agency.example is already in use');

    await user.click(domains.getByRole('button', { name: 'Remove login.agency.example' }));
    const confirm = domains.getByRole('group', { name: 'Remove login.agency.example?' });
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(server.callsTo(`${DOMAINS}/login.agency.example`, 'DELETE')).toHaveLength(0);
    await user.click(domains.getByRole('button', { name: 'Remove login.agency.example' }));
    await user.click(domains.getByRole('button', { name: 'Remove domain' }));
    expect(
      await domains.findByText('login.agency.example removed. Its sign-in page shows Flightplan again.'),
    ).toBeInTheDocument();
    expect(server.callsTo(`${DOMAINS}/login.agency.example`, 'DELETE')).toHaveLength(1);
    expect(domains.queryByRole('link', { name: /login\.agency\.example/ })).not.toBeInTheDocument();
    expect(server.state.domains.map((d) => d.domain)).toEqual(['ads.agency.example']);

    await user.click(domains.getByRole('button', { name: 'Dismiss' }));
    expect(domains.queryByRole('status')).not.toBeInTheDocument();
  });

  it('disables the form on a plan without white-labelling, with the upgrade reason', async () => {
    settingsServer({ organizations: starter(), currentOrganizationId: ORG });
    renderApp('/settings/white-label');
    const domains = await card();
    expect(await domains.findByText('No custom domains yet.')).toBeInTheDocument();
    expect(domains.getByLabelText('Domain')).toBeDisabled();
    expect(domains.getByRole('button', { name: 'Add domain' })).toBeDisabled();
    expect(
      domains.getByText('Your plan does not include white-label branding. Upgrade to add custom domains.'),
    ).toBeInTheDocument();
  });

  it('disables the form for roles below admin, saying why', async () => {
    settingsServer({
      organizations: agency(),
      currentOrganizationId: ORG,
      role: 'analyst',
      domains: [{ domain: 'login.agency.example', createdAt: '2026-11-01T09:00:00.000Z' }],
    });
    renderApp('/settings/white-label');
    const domains = await card();
    expect(await domains.findByText("Analysts can't change the branding")).toBeInTheDocument();
    expect(domains.getByLabelText('Domain')).toBeDisabled();
    expect(domains.getByRole('button', { name: 'Remove login.agency.example' })).toBeDisabled();
  });

  it('says when the domains could not be loaded, and tries again', async () => {
    let failures = 1;
    settingsServer({ organizations: agency(), currentOrganizationId: ORG }, (call) => {
      if (call.path === DOMAINS && call.method === 'GET' && failures-- > 0)
        return new Response(JSON.stringify({ message: 'Sorry, something went wrong.' }), {
          status: 503,
          headers: { 'content-type': 'application/json' },
        });
      return undefined;
    });
    const user = userEvent.setup();
    renderApp('/settings/white-label');
    const domains = await card();
    expect(await domains.findByText('The custom domains could not be loaded.')).toBeInTheDocument();
    await user.click(domains.getByRole('button', { name: 'Try again' }));
    expect(await domains.findByText('No custom domains yet.')).toBeInTheDocument();
  });
});

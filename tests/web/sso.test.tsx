/**
 * Settings → Single sign-on (/settings/sso): who is offered the page, what someone who may not sees, and
 * what the form sends. The states and transitions are the view path test's (paths/ssoSettings.viewPaths).
 */
import './support/matchers';
import type { SsoSettings } from '@contract/sso';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { renderApp } from './support/renderApp';
import { jsonResponse, settingsServer } from './support/settingsServer';

const realFetch = globalThis.fetch;
afterEach(() => {
  globalThis.fetch = realFetch;
});

const ORG = '00000000-0000-4000-8000-000000000001';
const SSO = `/api/organizations/${ORG}/sso`;

const unconfigured: SsoSettings = {
  configured: false,
  issuer: null,
  clientId: null,
  hasClientSecret: false,
  domains: [],
  role: 'planner',
  accountIds: null,
  requireSso: false,
  redirectUri: 'http://localhost/auth/federate/callback',
};

function ssoServer(role?: string, answer?: (body: unknown) => Response) {
  return settingsServer({ ...(role ? { role } : {}) }, (call) => {
    if (call.path !== SSO) return undefined;
    if (call.method === 'PUT') return answer?.(call.json) ?? jsonResponse(call.json);
    return jsonResponse(unconfigured);
  });
}

describe('Single sign-on settings', () => {
  it('is in the user menu for owners and admins', async () => {
    ssoServer('admin');
    const user = userEvent.setup();
    renderApp('/settings/sso');
    await user.click(await screen.findByRole('button', { name: /Account menu for/ }));
    expect(await screen.findByRole('menuitem', { name: 'Single sign-on' })).toBeInTheDocument();
  });

  it('is not offered to a planner, and says why when opened', async () => {
    const server = ssoServer('planner');
    const user = userEvent.setup();
    renderApp('/settings/sso');
    const notice = (await screen.findByText('You can’t set up single sign-on')).closest('[role="alert"]')!;
    expect(notice).toHaveTextContent("Planners can't set up single sign-on");
    expect(server.callsTo(SSO)).toEqual([]);
    await user.click(screen.getByRole('button', { name: /Account menu for/ }));
    expect(await screen.findByRole('menuitem', { name: 'Team' })).toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: 'Single sign-on' })).toBeNull();
  });

  it('sends the domains as a list, keeps an empty secret out, and shows a refusal under its field', async () => {
    const server = ssoServer(undefined, () =>
      jsonResponse(
        {
          message: 'Invalid request',
          validationErrors: { domains: { message: 'agency.example signs in with another organization' } },
        },
        { status: 400 },
      ),
    );
    const user = userEvent.setup();
    renderApp('/settings/sso');
    expect(await screen.findByText('Single sign-on is not set up yet')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Issuer URL'), 'https://login.agency.example');
    await user.type(screen.getByLabelText('Client id'), 'flightplan');
    await user.type(screen.getByLabelText('E-mail domains'), 'Agency.Example,{Enter}agency.co.uk');
    expect(screen.getByText('Signs in people at: agency.example, agency.co.uk')).toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: /^Require single sign-on/ }));
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    const domains = await screen.findByText('agency.example signs in with another organization');
    expect(screen.getByLabelText('E-mail domains')).toHaveAccessibleDescription(domains.textContent!);
    expect(server.callsTo(SSO, 'PUT').map((call) => call.json)).toEqual([
      {
        issuer: 'https://login.agency.example',
        clientId: 'flightplan',
        domains: ['Agency.Example', 'agency.co.uk'],
        role: 'planner',
        accountIds: null,
        requireSso: true,
      },
    ]);
  });

  it('says what is missing without sending anything', async () => {
    const server = ssoServer();
    const user = userEvent.setup();
    renderApp('/settings/sso');
    const form = within(await screen.findByRole('form', { name: 'Single sign-on settings' }));
    await user.click(form.getByRole('button', { name: 'Save settings' }));
    expect(form.getByLabelText('Issuer URL')).toHaveAccessibleDescription('Enter the issuer URL');
    expect(form.getByLabelText('Client id')).toHaveAccessibleDescription('Enter the client id');
    expect(form.getByLabelText('E-mail domains')).toHaveAccessibleDescription(
      'Enter at least one e-mail domain',
    );
    expect(server.callsTo(SSO, 'PUT')).toEqual([]);
  });
});

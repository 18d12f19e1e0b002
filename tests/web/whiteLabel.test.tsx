import './support/matchers';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { renderApp } from './support/renderApp';
import { jsonResponse, organization, settingsServer } from './support/settingsServer';

const realFetch = globalThis.fetch;
afterEach(() => {
  globalThis.fetch = realFetch;
  document.title = '';
});

const agency = (overrides = {}) => [
  organization({ planCode: 'agency', hasWhiteLabelFeature: true, ...overrides }),
];
const starter = () => [
  organization({ planCode: 'starter', hasWhiteLabelFeature: false, whiteLabelBrandName: 'Old Brand' }),
];

const saveButton = () => screen.getByRole('button', { name: 'Save changes' });

describe('white-label settings page', () => {
  it('saves the brand name, colours and switch, then refreshes the session', async () => {
    const server = settingsServer({ organizations: agency() });
    const user = userEvent.setup();
    renderApp('/settings/white-label');
    const brand = await screen.findByLabelText('Brand name');
    expect(saveButton()).toBeDisabled();
    const userLoads = server.callsTo('/api/auth/user').length;

    await user.click(screen.getByRole('checkbox', { name: 'Use white-label branding' }));
    await user.type(brand, 'Acme Media');
    const navbar = screen.getByLabelText('Navbar colour');
    await user.clear(navbar);
    await user.type(navbar, '#1A1A2E');
    const primary = screen.getByLabelText('Primary colour');
    await user.clear(primary);
    await user.type(primary, 'teal');
    expect(screen.getByText('You have unsaved changes.')).toBeInTheDocument();
    await user.click(saveButton());
    expect(primary).toHaveAccessibleDescription('Use a colour in the form #rrggbb');
    expect(primary).toHaveFocus();
    expect(server.callsTo('/api/organization/white-label', 'PATCH')).toHaveLength(0);

    await user.clear(primary);
    await user.type(primary, '#e94560');
    await user.click(saveButton());
    expect(await screen.findByText('White-label settings saved.')).toBeInTheDocument();
    expect(server.callsTo('/api/organization/white-label', 'PATCH').map((c) => c.json)).toEqual([
      {
        whiteLabelIsEnabled: true,
        whiteLabelBrandName: 'Acme Media',
        whiteLabelPrimaryHexCode: '#e94560',
        whiteLabelNavbarBackgroundHexCode: '#1a1a2e',
      },
    ]);
    await waitFor(() => expect(server.callsTo('/api/auth/user').length).toBeGreaterThan(userLoads));
    // The session now has the brand: the shell shows it.
    await waitFor(() => expect(document.title).toBe('Acme Media'));
  });

  it('previews the navbar with the typed colours and readable text', async () => {
    settingsServer({ organizations: agency() });
    const user = userEvent.setup();
    renderApp('/settings/white-label');
    const navbar = await screen.findByLabelText('Navbar colour');
    await user.clear(navbar);
    await user.type(navbar, '#1a1a2e');
    await user.type(screen.getByLabelText('Brand name'), 'Acme Media');
    const preview = screen.getByTestId('white-label-preview');
    expect(preview).toHaveTextContent('Acme Media');
    const values = [...preview.style].map((name) => preview.style.getPropertyValue(name));
    expect(values).toEqual(expect.arrayContaining(['#1a1a2e', '#ffffff', '#05d197']));
  });

  it('discards changes', async () => {
    settingsServer({ organizations: agency({ whiteLabelBrandName: 'Acme' }) });
    const user = userEvent.setup();
    renderApp('/settings/white-label');
    const brand = await screen.findByLabelText('Brand name');
    await user.type(brand, ' Media');
    await user.click(screen.getByRole('button', { name: 'Discard changes' }));
    expect(brand).toHaveAttribute('value', 'Acme');
    expect(saveButton()).toBeDisabled();
  });

  it('without the feature: upgrade notice, and the form disabled', async () => {
    const server = settingsServer({ organizations: starter() });
    renderApp('/settings/white-label');
    const upgrade = await screen.findByRole('link', { name: 'Upgrade now' });
    expect(upgrade).toHaveAttribute('href', '/billing/plans');
    expect(screen.getByText('White-labelling is not in your plan')).toBeInTheDocument();
    expect(screen.getByLabelText('Brand name')).toBeDisabled();
    expect(screen.getByLabelText('Brand name')).toHaveAttribute('value', 'Old Brand');
    expect(screen.getByLabelText('Navbar colour')).toBeDisabled();
    expect(screen.getByRole('checkbox', { name: 'Use white-label branding', hidden: true })).toBeDisabled();
    expect(screen.getByLabelText(/Upload icon/)).toBeDisabled();
    expect(saveButton()).toBeDisabled();
    expect(server.callsTo('/api/organization/white-label', 'PATCH')).toHaveLength(0);
  });

  it('a REQUIRES_UPGRADE answer shows the upgrade notice', async () => {
    // The plan changed elsewhere: the page still thinks it has the feature, the server says no.
    settingsServer({ organizations: agency() }, (call, state) => {
      if (call.path === '/api/organization/white-label' && call.method === 'PATCH') {
        state.organizations[0] = {
          ...state.organizations[0]!,
          planCode: 'starter',
          hasWhiteLabelFeature: false,
        };
        return jsonResponse(
          {
            message: 'Your plan does not include white-label branding. Upgrade to use it.',
            errorCode: 'REQUIRES_UPGRADE',
          },
          { status: 403 },
        );
      }
      return undefined;
    });
    const user = userEvent.setup();
    renderApp('/settings/white-label');
    await user.type(await screen.findByLabelText('Brand name'), 'Acme');
    await user.click(saveButton());
    expect(await screen.findByRole('link', { name: 'Upgrade now' })).toHaveAttribute(
      'href',
      '/billing/plans',
    );
    expect(screen.getByLabelText('Brand name')).toBeDisabled();
  });
});

describe('brand icon', () => {
  const png = (size = 1000) => new File([new Uint8Array(size).fill(7)], 'logo.png', { type: 'image/png' });

  it('refuses other types and files over 2 MB in the browser, with the server’s words', async () => {
    const server = settingsServer({ organizations: agency() });
    const user = userEvent.setup({ applyAccept: false });
    renderApp('/settings/white-label');
    const input = await screen.findByLabelText(/Upload icon/);
    await user.upload(input, new File(['GIF89a'], 'anim.gif', { type: 'image/gif' }));
    expect(await screen.findByText('Upload a PNG, JPEG, WebP or SVG image')).toBeInTheDocument();
    await user.upload(input, png(2 * 1024 * 1024 + 1));
    expect(await screen.findByText('The image must be 2 MB or smaller')).toBeInTheDocument();
    expect(server.callsTo('/api/organization/white-label/icon')).toHaveLength(0);
  });

  it('uploads the raw bytes with the file’s type, shows the icon, and removes it', async () => {
    const server = settingsServer({ organizations: agency() });
    const user = userEvent.setup();
    renderApp('/settings/white-label');
    await user.upload(await screen.findByLabelText(/Upload icon/), png(1234));
    const icon = await screen.findByRole('img', { name: 'Brand icon' });
    const [put] = server.callsTo('/api/organization/white-label/icon', 'PUT');
    expect(put?.contentType).toBe('image/png');
    expect(put?.bytes?.length).toBe(1234);
    const uuid = server.state.organizations[0]!.whiteLabelIconUuid;
    await waitFor(() => expect(icon).toHaveAttribute('src', `/api/brand-icons/${uuid}`));
    expect(screen.getByLabelText(/Replace icon/)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(screen.queryByRole('img', { name: 'Brand icon' })).not.toBeInTheDocument());
    expect(server.callsTo('/api/organization/white-label/icon', 'DELETE')).toHaveLength(1);
  });

  it('shows the server’s refusal of an image', async () => {
    settingsServer({ organizations: agency() }, (call) =>
      call.path === '/api/organization/white-label/icon'
        ? jsonResponse({ message: 'Upload a PNG, JPEG, WebP or SVG image' }, { status: 415 })
        : undefined,
    );
    const user = userEvent.setup();
    renderApp('/settings/white-label');
    await user.upload(await screen.findByLabelText(/Upload icon/), png());
    const alert = await screen.findByText('Upload a PNG, JPEG, WebP or SVG image');
    expect(within(alert.parentElement!).queryByRole('img', { name: 'Brand icon' })).not.toBeInTheDocument();
  });
});

import './support/matchers';
import type { PlatformConnection } from '@contract/connections';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { json, type SeenRequest, SIGNED_IN_USER, stubFetch } from './support/fakeApi';
import { renderApp } from './support/renderApp';

const realFetch = globalThis.fetch;
afterEach(() => {
  cleanup();
  globalThis.fetch = realFetch;
});

const connected = (
  platform: string,
  displayName: string,
  runningCampaigns: PlatformConnection['runningCampaigns'],
): PlatformConnection => ({
  platform,
  displayName,
  status: 'connected',
  adAccount: { id: `${platform}-act-1`, name: 'Main account' },
  connectedAt: '2026-11-01T10:00:00.000Z',
  accessExpiresAt: '2099-01-01T00:00:00.000Z',
  scope: 'ads_read ads_management',
  problem: null,
  lastSync: null,
  runningCampaigns,
});

const SPRING = { id: '00000000-0000-4000-8000-0000000000c1', name: 'Spring Launch' };
const BRAND = { id: '00000000-0000-4000-8000-0000000000c2', name: 'Brand Lift' };

function open() {
  const server = stubFetch((request: SeenRequest) => {
    if (request.path === '/api/auth/user') return json(SIGNED_IN_USER);
    if (request.path === '/api/platforms/connections')
      return json([connected('pinterest', 'Pinterest', [SPRING, BRAND]), connected('meta', 'Meta', [])]);
    if (request.path === '/api/events') return json({});
    return json({ message: 'Not found' }, { status: 404 });
  });
  renderApp('/platforms');
  return { ...server, user: userEvent.setup() };
}

describe('the Disconnect confirmation', () => {
  it('names the campaigns a platform runs, with links to them, and offers no Disconnect the server refuses', async () => {
    const { user, seen } = open();
    const card = await screen.findByRole('region', { name: 'Pinterest' });
    await user.click(within(card).getByRole('button', { name: 'Disconnect Pinterest' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Disconnect Pinterest?' });
    expect(dialog).toHaveTextContent(
      'Pinterest runs 2 campaigns of this account: Spring Launch and Brand Lift. Pause or delete them, or reconnect instead.',
    );
    const list = within(dialog).getByRole('list', { name: 'Campaigns on Pinterest' });
    expect(within(list).getByRole('link', { name: 'Spring Launch' })).toHaveAttribute(
      'href',
      `/campaigns/${SPRING.id}`,
    );
    expect(within(dialog).queryByRole('button', { name: 'Disconnect' })).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(seen.filter((r) => r.method === 'DELETE')).toEqual([]);
  });

  it('asks as before on a platform that runs nothing', async () => {
    const { user } = open();
    const card = await screen.findByRole('region', { name: 'Meta' });
    await user.click(within(card).getByRole('button', { name: 'Disconnect Meta' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Disconnect Meta?' });
    expect(dialog).toHaveTextContent('Flightplan gives its access back to Meta.');
    expect(within(dialog).getByRole('button', { name: 'Disconnect' })).toBeInTheDocument();
  });
});

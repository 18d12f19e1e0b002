import './support/matchers';
import { resetPlatformNames } from '@src/features/campaigns/campaignRows';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { campaign, json, PLATFORMS, SIGNED_IN_USER, stubFetch } from './support/fakeApi';
import { renderApp } from './support/renderApp';

const realFetch = globalThis.fetch;
beforeEach(() => resetPlatformNames());
afterEach(() => {
  globalThis.fetch = realFetch;
});

const OBJECTIVES = [
  { id: 1, label: 'Awareness', icon: 'megaphone' },
  { id: 2, label: 'Traffic', icon: 'cursor' },
  { id: 6, label: 'Sales', icon: 'cart' },
];

function fakeServer() {
  return stubFetch((request) => {
    if (request.path === '/api/auth/user') return json(SIGNED_IN_USER);
    if (request.path === '/api/platforms') return json(PLATFORMS, { total: PLATFORMS.length });
    if (request.path === '/api/objectives') return json(OBJECTIVES, { total: OBJECTIVES.length });
    if (request.path === '/api/campaigns') return json([campaign({ name: 'Spring Launch' })], { total: 1 });
    if (request.method === 'GET' && request.path.startsWith('/api/')) return json([], { total: 0 });
    return json({ message: 'Not found' }, { status: 404 });
  });
}

describe('create campaign modal', () => {
  it('opens from the button with one card per objective, objective 1 preselected', async () => {
    fakeServer();
    const { location } = renderApp('/campaigns?page=1');
    await screen.findByText(/^Showing /);
    await userEvent.setup().click(screen.getByRole('link', { name: 'Create campaign' }));
    await waitFor(() => expect(location()).toBe('/campaigns?page=1&modal=create-campaign'));
    const dialog = await screen.findByRole('dialog');
    expect((await within(dialog).findByRole<HTMLInputElement>('radio', { name: 'Awareness' })).checked).toBe(
      true,
    );
    expect(
      within(dialog)
        .getAllByRole('radio')
        .map((r) => r.getAttribute('value')),
    ).toEqual(['1', '2', '6']);
  });

  it('Create campaign goes to the overview carrying the chosen objective', async () => {
    fakeServer();
    const { location } = renderApp('/campaigns?modal=create-campaign');
    const dialog = await screen.findByRole('dialog');
    const user = userEvent.setup();
    await user.click(await within(dialog).findByRole('radio', { name: 'Sales' }));
    await user.click(within(dialog).getByRole('button', { name: 'Create campaign' }));
    await waitFor(() => expect(location()).toBe('/planning/wizard/new/overview?objective=6'));
  });

  it('Cancel removes the modal parameter and keeps the rest', async () => {
    fakeServer();
    const { location } = renderApp('/campaigns?page=1&modal=create-campaign');
    const dialog = await screen.findByRole('dialog');
    await within(dialog).findByRole('radio', { name: 'Awareness' });
    await userEvent.setup().click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(location()).toBe('/campaigns?page=1'));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});

import './support/matchers';
import { resetPlatformNames } from '@src/features/campaigns/campaignRows';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { CUSTOMER, json, OBJECTIVES, SIGNED_IN_USER, stubFetch } from './support/fakeApi';
import { renderApp } from './support/renderApp';

const realFetch = globalThis.fetch;
afterEach(() => {
  cleanup();
  globalThis.fetch = realFetch;
  resetPlatformNames();
});

/** The campaigns list, then a new plan with a name typed and not saved yet. */
async function unsavedNewPlan() {
  stubFetch((request) => {
    if (request.path === '/api/auth/user') return json(SIGNED_IN_USER);
    if (request.path === '/api/objectives') return json(OBJECTIVES, { total: OBJECTIVES.length });
    if (request.path === '/api/customers') return json([CUSTOMER], { total: 1 });
    return json([], { total: 0 });
  });
  const app = renderApp('/campaigns');
  await screen.findByRole('heading', { name: /^Campaigns/ });
  await app.router.navigate('/planning/wizard/new/overview');
  const user = userEvent.setup();
  // The wizard's code is loaded once per test file: the first time takes a while on a busy machine.
  await user.type(await screen.findByLabelText('Campaign name', {}, { timeout: 15_000 }), 'Spring launch');
  return { ...app, user };
}

const leaveQuestion = () => screen.queryByRole('alertdialog', { name: 'Leave without saving?' });

describe('leaving the wizard with unsaved changes', () => {
  it('asks before following a link; Stay keeps the plan, Leave goes', async () => {
    const { user, location } = await unsavedNewPlan();
    const main = screen.getByRole('navigation', { name: 'Main' });
    await user.click(within(main).getByRole('link', { name: 'Campaigns' }));
    expect(await screen.findByRole('alertdialog', { name: 'Leave without saving?' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Stay' })).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Stay' }));
    expect(leaveQuestion()).not.toBeInTheDocument();
    expect(location()).toBe('/planning/wizard/new/overview');
    expect(screen.getByLabelText<HTMLInputElement>('Campaign name').value).toBe('Spring launch');

    await user.click(within(main).getByRole('link', { name: 'Campaigns' }));
    await user.click(await screen.findByRole('button', { name: 'Leave without saving' }));
    await waitFor(() => expect(location()).toBe('/campaigns'));
    expect(await screen.findByRole('heading', { name: /^Campaigns/ })).toBeInTheDocument();
  });

  it('asks before the browser goes Back out of the wizard, and stays where it was on Stay', async () => {
    const { user, location, router } = await unsavedNewPlan();
    await router.navigate(-1);
    expect(await screen.findByRole('alertdialog', { name: 'Leave without saving?' })).toBeInTheDocument();
    expect(location()).toBe('/planning/wizard/new/overview');
    await user.click(screen.getByRole('button', { name: 'Stay' }));
    expect(location()).toBe('/planning/wizard/new/overview');
    expect(screen.getByLabelText<HTMLInputElement>('Campaign name').value).toBe('Spring launch');

    await router.navigate(-1);
    await user.click(await screen.findByRole('button', { name: 'Leave without saving' }));
    await waitFor(() => expect(location()).toBe('/campaigns'));
    expect(router.state.historyAction).toBe('POP');
  });
});

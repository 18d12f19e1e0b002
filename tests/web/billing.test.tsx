import './support/matchers';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { renderApp } from './support/renderApp';
import { jsonResponse, organization, settingsServer } from './support/settingsServer';

const realFetch = globalThis.fetch;
afterEach(() => {
  globalThis.fetch = realFetch;
});

const DAY_MS = 86_400_000;
const createdDaysAgo = (days: number) => new Date(Date.now() - days * DAY_MS - 60_000).toISOString();

const card = (name: string) => screen.getByRole('region', { name: `${name} plan` });

describe('billing page', () => {
  it('shows the trial plan, the days left, the end date and the way to upgrade', async () => {
    settingsServer({ organizations: [organization({ createdAt: createdDaysAgo(2) })] });
    renderApp('/billing');
    const summary = await screen.findByRole('region', { name: 'Current plan' });
    expect(summary).toHaveTextContent('Trial');
    expect(summary).toHaveTextContent('5 days left in your trial');
    expect(summary).toHaveTextContent(/Ends [A-Z][a-z]{2} \d+, \d{4}/);
    expect(within(summary).getByRole('link', { name: 'Upgrade now' })).toHaveAttribute(
      'href',
      '/billing/plans',
    );
    expect(within(summary).getByRole('progressbar', { name: '2 of 7 trial days used' })).toBeInTheDocument();
  });

  it('says when the trial has expired (billing stays reachable behind the overlay)', async () => {
    settingsServer({ organizations: [organization({ createdAt: createdDaysAgo(9) })] });
    renderApp('/billing');
    const summary = await screen.findByRole('region', { name: 'Current plan' });
    expect(summary).toHaveTextContent('Your trial has expired');
    expect(summary).toHaveTextContent('Expired');
    expect(summary).toHaveTextContent(/Ended /);
  });

  it('shows a paid plan without a trial', async () => {
    settingsServer({ organizations: [organization({ planCode: 'starter', hasWhiteLabelFeature: false })] });
    renderApp('/billing');
    const summary = await screen.findByRole('region', { name: 'Current plan' });
    expect(summary).toHaveTextContent('Starter');
    expect(summary).toHaveTextContent('Active');
    expect(summary).toHaveTextContent('White-label branding is not included.');
    expect(within(summary).getByRole('link', { name: 'Change plan' })).toHaveAttribute(
      'href',
      '/billing/plans',
    );
  });
});

describe('plans page', () => {
  it('marks the current plan and upgrades at once, refreshing the session', async () => {
    const server = settingsServer();
    const user = userEvent.setup();
    renderApp('/billing/plans');
    await screen.findByRole('heading', { name: 'Agency' });
    expect(card('Trial')).toHaveAttribute('aria-current', 'true');
    expect(within(card('Trial')).getByRole('button', { name: 'Current plan' })).toBeDisabled();
    expect(card('Starter')).toHaveTextContent('€49');
    expect(card('Starter')).toHaveTextContent('White-label branding (not included)');
    expect(card('Agency')).toHaveTextContent('€199');
    const userLoads = server.callsTo('/api/auth/user').length;

    await user.click(within(card('Agency')).getByRole('button', { name: 'Choose Agency' }));
    expect(await screen.findByText('You are now on the Agency plan.')).toBeInTheDocument();
    expect(server.callsTo('/api/billing/plan', 'POST').map((c) => c.json)).toEqual([{ planCode: 'agency' }]);
    expect(card('Agency')).toHaveAttribute('aria-current', 'true');
    expect(within(card('Trial')).queryByRole('button')).not.toBeInTheDocument();
    await waitFor(() => expect(server.callsTo('/api/auth/user').length).toBeGreaterThan(userLoads));

    await user.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByText('You are now on the Agency plan.')).not.toBeInTheDocument();
  });

  it('asks before switching to a plan without white-labelling', async () => {
    const server = settingsServer();
    const user = userEvent.setup();
    renderApp('/billing/plans');
    await user.click(await screen.findByRole('button', { name: 'Choose Starter' }));
    const confirm = screen.getByRole('group', { name: 'Confirm switching to Starter' });
    expect(confirm).toHaveTextContent('Starter does not include white-label branding.');
    expect(screen.getByRole('button', { name: 'Choose Agency' })).toBeDisabled();
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(server.callsTo('/api/billing/plan')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Choose Starter' }));
    await user.click(screen.getByRole('button', { name: 'Switch to Starter' }));
    expect(await screen.findByText('You are now on the Starter plan.')).toBeInTheDocument();
    expect(server.callsTo('/api/billing/plan', 'POST').map((c) => c.json)).toEqual([{ planCode: 'starter' }]);
  });

  it('shows a refused change', async () => {
    settingsServer({}, (call) =>
      call.path === '/api/billing/plan'
        ? jsonResponse({ message: 'The billing provider is unavailable.' }, { status: 409 })
        : undefined,
    );
    const user = userEvent.setup();
    renderApp('/billing/plans');
    await user.click(await screen.findByRole('button', { name: 'Choose Agency' }));
    expect(await screen.findByText('The billing provider is unavailable.')).toBeInTheDocument();
    expect(screen.getByText('The plan could not be changed')).toBeInTheDocument();
    expect(card('Trial')).toHaveAttribute('aria-current', 'true');
  });
});

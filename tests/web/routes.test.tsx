import './support/matchers';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, SIGNED_IN_USER, stubFetch } from './support/fakeApi';
import { renderApp } from './support/renderApp';

const realFetch = globalThis.fetch;
afterEach(() => {
  globalThis.fetch = realFetch;
});

describe('routes', () => {
  it('sends / to the campaigns', async () => {
    stubFetch((request) =>
      request.path === '/api/auth/user' ? json(SIGNED_IN_USER) : json([], { total: 0 }),
    );
    const { location } = renderApp('/');
    await waitFor(() => expect(location()).toBe('/campaigns'));
    expect(await screen.findByText('No campaigns yet')).toBeInTheDocument();
  });

  it('shows "Not found" for an unknown path, with a way back', async () => {
    stubFetch(() => json({ isAuthenticated: false }));
    renderApp('/no/such/page');
    expect(await screen.findByRole('heading', { name: 'Not found' })).toBeInTheDocument();
    expect(screen.getByText("Sorry, we couldn't find that.")).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to dashboard' })).toHaveAttribute('href', '/');
  });

  it('shows the error screen when the user cannot be loaded', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    stubFetch(() => json({ message: 'Sorry, something went wrong.' }, { status: 500 }));
    renderApp('/campaigns');
    expect(await screen.findByRole('heading', { name: 'Sorry, something went wrong.' })).toBeInTheDocument();
    expect(screen.getByText("We've been notified. Please try again soon.")).toBeInTheDocument();
    expect(logged).toHaveBeenCalled();
    logged.mockRestore();
  });
});

import './support/matchers';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { json, SIGNED_IN_USER, stubFetch } from './support/fakeApi';
import { renderApp } from './support/renderApp';

const realFetch = globalThis.fetch;
afterEach(() => {
  globalThis.fetch = realFetch;
});

describe('routes', () => {
  it('shows the dashboard at /', async () => {
    stubFetch((request) =>
      request.path === '/api/auth/user' ? json(SIGNED_IN_USER) : json([], { total: 0 }),
    );
    const { location } = renderApp('/');
    expect(await screen.findByRole('heading', { name: 'Welcome back, Dana' })).toBeInTheDocument();
    expect(location()).toBe('/');
  });

  it('shows "Not found" for an unknown path, with a way back', async () => {
    stubFetch((request) =>
      request.path === '/api/auth/user' ? json(SIGNED_IN_USER) : json([], { total: 0 }),
    );
    renderApp('/no/such/page');
    expect(await screen.findByRole('heading', { name: 'Not found' })).toBeInTheDocument();
    expect(screen.getByText("Sorry, we couldn't find that.")).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to dashboard' })).toHaveAttribute('href', '/');
  });

  it('shows the error screen, with Try again, when the user cannot be loaded', async () => {
    let fail = true;
    stubFetch((request) => {
      if (request.path === '/api/auth/user')
        return fail
          ? json({ message: 'Sorry, something went wrong.' }, { status: 500 })
          : json(SIGNED_IN_USER);
      return json([], { total: 0 });
    });
    renderApp('/campaigns');
    expect(await screen.findByRole('heading', { name: 'Sorry, something went wrong.' })).toBeInTheDocument();
    expect(screen.getByText("We've been notified. Please try again soon.")).toBeInTheDocument();
    fail = false;
    screen.getByRole('button', { name: 'Try again' }).click();
    await waitFor(() => expect(screen.getByRole('heading', { name: /Campaigns/ })).toBeInTheDocument());
  });
});

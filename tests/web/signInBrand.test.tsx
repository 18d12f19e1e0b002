import './support/matchers';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { json, stubFetch } from './support/fakeApi';
import { renderApp } from './support/renderApp';

/**
 * Issue 26: the sign-in page opened with `domain=<host>` shows that domain's organization's brand (name,
 * icon); an unknown domain shows Flightplan.
 */

const realFetch = globalThis.fetch;
afterEach(() => {
  globalThis.fetch = realFetch;
});

function serve(brand: object) {
  return stubFetch((request) => {
    if (request.path === '/api/auth/user') return json({ isAuthenticated: false });
    if (request.path === '/api/auth/brand') return json(brand);
    if (request.path === '/api/events') return json({ success: true });
    return json({ message: 'Not found' }, { status: 404 });
  });
}

describe('the branded sign-in page', () => {
  it('shows the brand of the domain the login flow names', async () => {
    const { seen } = serve({
      brandName: 'Northwind Ads',
      iconUrl: '/api/brand-icons/00000000-0000-4000-8000-000000000123',
      primaryHex: '#123456',
      navbarHex: '#ffffff',
      organizationDomain: true,
    });
    renderApp('/auth/login?domain=ads.northwind.example&deviceId=abc');
    expect(await screen.findByRole('link', { name: 'Northwind Ads home' })).toBeInTheDocument();
    expect(screen.getByText('New to Northwind Ads?')).toBeInTheDocument();
    expect(seen.find((r) => r.path === '/api/auth/brand')?.search.get('domain')).toBe(
      'ads.northwind.example',
    );
  });

  it('an unknown domain gets Flightplan', async () => {
    serve({
      brandName: 'Flightplan',
      iconUrl: null,
      primaryHex: '#05d197',
      navbarHex: '#ffffff',
      organizationDomain: false,
    });
    renderApp('/auth/login?domain=nobody.example');
    expect(await screen.findByRole('link', { name: 'Flightplan home' })).toBeInTheDocument();
    expect(screen.queryByText(/Northwind/)).toBeNull();
  });
});

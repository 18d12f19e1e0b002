import './support/matchers';
import type { Organization } from '@contract/auth';
import { resetPlatformNames } from '@src/features/campaigns/campaignRows';
import { browser } from '@src/lib/browser';
import { vars } from '@src/theme/contract.css';
import { cssVarName } from '@src/theme/whiteLabel';
import { UpgradeNotice, UpgradeNoticeFor } from '@src/ui/UpgradeNotice';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json, type SeenRequest, SIGNED_IN_USER, stubFetch } from './support/fakeApi';
import { renderApp } from './support/renderApp';

const DAY_MS = 86_400_000;
const realFetch = globalThis.fetch;
beforeEach(() => resetPlatformNames());
afterEach(() => {
  globalThis.fetch = realFetch;
  vi.restoreAllMocks();
  document.documentElement.removeAttribute('style');
  document.title = '';
});

type User = typeof SIGNED_IN_USER | { isAuthenticated: false } | Record<string, unknown>;

/** The signed-in demo user with their organization changed. */
function userWith(organization: Partial<Organization>, rest: Record<string, unknown> = {}) {
  return {
    ...SIGNED_IN_USER,
    currentOrganization: { ...SIGNED_IN_USER.currentOrganization, ...organization },
    ...rest,
  };
}

const createdDaysAgo = (days: number) => new Date(Date.now() - days * DAY_MS - 60_000).toISOString();

/** A fake API: the user, organizations, accounts, any list empty, any record 404, events accepted. */
function fakeServer(
  user: User | (() => User),
  extra: (request: SeenRequest) => Response | undefined = () => undefined,
) {
  return stubFetch((request) => {
    const answer = extra(request);
    if (answer) return answer;
    if (request.path === '/api/auth/user') return json(typeof user === 'function' ? user() : user);
    if (request.path === '/api/organization')
      return json([
        SIGNED_IN_USER.currentOrganization,
        { ...SIGNED_IN_USER.currentOrganization, id: 'org-2', name: 'Second Org' },
      ]);
    if (request.path === '/api/accounts') return json([SIGNED_IN_USER.currentAccount], { total: 1 });
    if (request.path === '/api/events' || request.path === '/api/client-errors')
      return json({ received: true }, { status: 202 });
    if (request.path === '/api/billing')
      return json({
        planCode: 'trial',
        plans: [],
        trial: { days: 7, daysLeft: 0, endsAt: new Date().toISOString() },
      });
    if (/^\/api\/[a-z]+\/[^/]+$/.test(request.path)) return json({ message: 'Not found' }, { status: 404 });
    return json([], { total: 0 });
  });
}

const posted = (seen: SeenRequest[], path: string) =>
  seen.filter((r) => r.method === 'POST' && r.path === path).map((r) => r.body as Record<string, unknown>);

describe('the security notice (issue 11)', () => {
  const NOTICE = {
    id: '33333333-3333-4333-8333-333333333333',
    kind: 'authenticator_added',
    method: 'AUTHENTICATOR_APP',
    browser: 'Chrome on macOS',
    createdAt: '2026-11-22T10:15:00.000Z',
  };

  it('tells the session that a sign-in method was added, with what to do, until dismissed here', async () => {
    const { seen } = fakeServer(userWith({ createdAt: createdDaysAgo(0) }), (request) => {
      if (request.path === '/api/security/notices') return json({ notices: [NOTICE] });
      if (request.path === '/api/security/notices/dismiss') return json({ success: true });
      return undefined;
    });
    renderApp('/campaigns');
    const banner = await screen.findByRole('region', { name: 'Security notice' });
    expect(within(banner).getByRole('alert')).toHaveTextContent(
      'A sign-in method was added to your Flightplan account: Authenticator app, on 22 Nov 2026, 10:15 UTC, from Chrome on macOS.',
    );
    expect(banner).toHaveTextContent('If this wasn’t you, remove it in Settings → Security');
    expect(within(banner).getByRole('link', { name: 'Review sign-in methods' })).toHaveAttribute(
      'href',
      '/settings/security',
    );
    await userEvent.setup().click(within(banner).getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByRole('region', { name: 'Security notice' })).toBeNull();
    await waitFor(() =>
      expect(posted(seen, '/api/security/notices/dismiss')).toEqual([{ ids: [NOTICE.id] }]),
    );
  });
});

describe('the trial banner', () => {
  it.each([
    [0, 'There are 7 days left in your trial'],
    [6, 'There is 1 day left in your trial'],
  ])('counts the days left (created %i days ago) with Upgrade now to billing', async (days, message) => {
    fakeServer(userWith({ createdAt: createdDaysAgo(days) }));
    renderApp('/campaigns');
    const banner = await screen.findByRole('region', { name: 'Trial status' });
    expect(banner).toHaveTextContent(message);
    expect(within(banner).getByRole('link', { name: 'Upgrade now' })).toHaveAttribute('href', '/billing');
    expect(screen.queryByRole('heading', { name: 'Your trial has expired.' })).toBeNull();
  });

  it('says the trial has expired after 7 days, and blurs the page behind the trial-expired page', async () => {
    fakeServer(userWith({ createdAt: createdDaysAgo(7) }));
    renderApp('/campaigns');
    const banner = await screen.findByRole('region', { name: 'Trial status' });
    expect(banner).toHaveTextContent('Your trial has expired!');
    expect(within(banner).getByRole('link', { name: 'Upgrade now' })).toHaveAttribute('href', '/billing');
    const overlay = await screen.findByRole('dialog', { name: 'Your trial has expired.' });
    expect(
      within(overlay).getByText('Upgrade to a plan to keep planning and running your campaigns.'),
    ).toBeInTheDocument();
    // The relative route 'billing', resolved from the app's root.
    expect(within(overlay).getByRole('link', { name: 'Upgrade now' })).toHaveAttribute('href', '/billing');
    const main = document.getElementById('main')!;
    expect(main).toHaveAttribute('aria-hidden', 'true');
    expect(main.hasAttribute('inert')).toBe(true);
  });

  it('does not blur billing, organizations, platforms or reports pages', async () => {
    fakeServer(userWith({ createdAt: createdDaysAgo(30) }));
    const { router } = renderApp('/billing');
    expect(await screen.findByRole('region', { name: 'Trial status' })).toHaveTextContent(
      'Your trial has expired!',
    );
    expect(screen.queryByRole('dialog', { name: 'Your trial has expired.' })).toBeNull();
    expect(document.getElementById('main')).not.toHaveAttribute('aria-hidden');
    // Leaving billing for a gated page blurs it.
    await router.navigate('/budgets');
    expect(await screen.findByRole('dialog', { name: 'Your trial has expired.' })).toBeInTheDocument();
  });

  it('shows no banner on a paid plan', async () => {
    fakeServer(userWith({ planCode: 'agency', createdAt: createdDaysAgo(90) }));
    renderApp('/campaigns');
    expect(await screen.findByRole('heading', { name: /Campaigns/ })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Trial status' })).toBeNull();
  });
});

describe('the session bootstrap in the app', () => {
  it('sends a signed-out visit to sign in with the domain and the device id, and keeps the device id in __as_aid', async () => {
    fakeServer({ isAuthenticated: false });
    const { location } = renderApp('/budgets?page=2');
    await waitFor(() => expect(location()).toMatch(/^\/auth\/login\?/));
    const query = new URL(location(), 'http://x').searchParams;
    const cookie = /(?:^|; )__as_aid=([^;]+)/.exec(document.cookie)?.[1];
    expect(cookie).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(Object.fromEntries(query)).toEqual({
      domain: window.location.host,
      deviceId: cookie,
      returnUrl: '/budgets?page=2',
    });
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
  });

  // /auth/federate is an exempt path too, answered by the server (single sign-on), not by the app.
  it.each(['/bff', '/appsumo/activate'])('lets a signed-out visitor see %s', async (path) => {
    fakeServer({ isAuthenticated: false });
    const { location } = renderApp(path);
    expect(await screen.findByRole('link', { name: 'Sign in' })).toBeInTheDocument();
    expect(location()).toBe(path);
  });

  it('takes a user without an account to /accounts', async () => {
    fakeServer(userWith({}, { isInAccount: false, currentAccount: null }));
    const { location } = renderApp('/campaigns');
    await waitFor(() => expect(location()).toBe('/accounts'));
  });

  it('switches a user without an organization into their first one (a full page load)', async () => {
    const assign = vi.spyOn(browser, 'assign').mockImplementation(() => {});
    fakeServer(
      userWith(
        {},
        { isInOrganization: false, isInAccount: false, currentOrganization: null, currentAccount: null },
      ),
    );
    renderApp('/bookings');
    await waitFor(() => expect(assign).toHaveBeenCalledTimes(1));
    const url = new URL(assign.mock.calls[0]![0], 'http://x');
    expect(url.pathname).toBe('/organization/switch');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      id: SIGNED_IN_USER.currentOrganization.id,
      returnUrl: '/bookings',
      domain: window.location.host,
    });
  });

  it('records a page view per route change, and identifies the user and the organization', async () => {
    const { seen } = fakeServer(SIGNED_IN_USER);
    const { router } = renderApp('/campaigns');
    await screen.findByRole('heading', { name: /Campaigns/ });
    await router.navigate('/budgets');
    await router.navigate('/budgets?page=2');
    await screen.findByRole('heading', { name: /Budgets/ });
    await waitFor(() =>
      expect(
        posted(seen, '/api/events')
          .filter((e) => e.type === 'page')
          .map((e) => e.name),
      ).toEqual(['/campaigns', '/budgets']),
    );
    const events = posted(seen, '/api/events');
    expect(events.find((e) => e.type === 'identify')).toMatchObject({
      name: SIGNED_IN_USER.id,
      properties: { email: 'demo@flightplan.test' },
    });
    expect(events.find((e) => e.type === 'group')).toMatchObject({
      name: SIGNED_IN_USER.currentOrganization.id,
    });
    expect(events.every((e) => typeof e.anonymousId === 'string')).toBe(true);
  });
});

describe('the app shell', () => {
  it('navigates between the sections and shows the current organization and account', async () => {
    fakeServer(SIGNED_IN_USER);
    renderApp('/');
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    for (const label of [
      'Campaigns',
      'Bookings',
      'Budgets',
      'Customers',
      'Accounts',
      'Organizations',
      'Billing',
      'Settings',
    ])
      expect(within(nav).getByRole('link', { name: label })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Organization: Demo Agency' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Account: Acme Shoes' })).toBeInTheDocument();
  });

  it('on a phone the sections open from a Menu button naming the current one (keyboard and screen reader)', async () => {
    fakeServer(SIGNED_IN_USER);
    renderApp('/budgets');
    const user = userEvent.setup();
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    const menu = within(nav).getByRole('button', { name: 'Menu Budgets' });
    const list = within(nav).getByRole('list');
    // A disclosure: the button says whether the list is open and which list it opens (CSS hides it when closed).
    expect(menu).toHaveAttribute('aria-expanded', 'false');
    expect(menu).toHaveAttribute('aria-controls', list.id);
    expect(list).not.toHaveAttribute('data-open');
    await user.click(menu);
    expect(menu).toHaveAttribute('aria-expanded', 'true');
    expect(list).toHaveAttribute('data-open');
    // Escape closes it and gives focus back to the button.
    await user.tab();
    expect(within(list).getByRole('link', { name: 'Dashboard' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(menu).toHaveAttribute('aria-expanded', 'false');
    expect(menu).toHaveFocus();
    // Choosing a section goes there and closes the menu.
    await user.keyboard('{Enter}');
    expect(menu).toHaveAttribute('aria-expanded', 'true');
    await user.click(within(list).getByRole('link', { name: 'Customers' }));
    await waitFor(() =>
      expect(within(nav).getByRole('button', { name: 'Menu Customers' })).toBeInTheDocument(),
    );
    expect(within(nav).getByRole('button', { name: 'Menu Customers' })).toHaveAttribute(
      'aria-expanded',
      'false',
    );
  });

  it('switches organization through /organization/switch, coming back to the same section', async () => {
    const assign = vi.spyOn(browser, 'assign').mockImplementation(() => {});
    fakeServer(SIGNED_IN_USER);
    const user = userEvent.setup();
    renderApp('/campaigns/abc');
    await user.click(await screen.findByRole('button', { name: 'Organization: Demo Agency' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Second Org' }));
    await waitFor(() => expect(assign).toHaveBeenCalledTimes(1));
    const url = new URL(assign.mock.calls[0]![0], 'http://x');
    expect(url.pathname).toBe('/organization/switch');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      id: 'org-2',
      returnUrl: '/campaigns',
      domain: window.location.host,
    });
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
  });
});

describe('the page chrome', () => {
  it('titles the page Flightplan by default', async () => {
    fakeServer(SIGNED_IN_USER);
    renderApp('/campaigns');
    await screen.findByRole('heading', { name: /Campaigns/ });
    await waitFor(() => expect(document.title).toBe('Flightplan'));
  });

  it('uses the white-label brand name, colours and icon when enabled and on the plan', async () => {
    fakeServer(
      userWith({
        whiteLabelIsEnabled: true,
        hasWhiteLabelFeature: true,
        whiteLabelBrandName: 'Acme Media',
        whiteLabelPrimaryHexCode: '#ff5500',
        whiteLabelNavbarBackgroundHexCode: '#1a1a2e',
        whiteLabelIconUuid: '11111111-1111-4111-8111-111111111111',
      }),
    );
    renderApp('/campaigns');
    await screen.findByRole('heading', { name: /Campaigns/ });
    await waitFor(() => expect(document.title).toBe('Acme Media'));
    const style = document.documentElement.style;
    expect(style.getPropertyValue(cssVarName(vars.color.primary))).toBe('#ff5500');
    expect(style.getPropertyValue(cssVarName(vars.color.navbar))).toBe('#1a1a2e');
    // A dark navbar gets light text (WCAG contrast).
    expect(style.getPropertyValue(cssVarName(vars.color.onNavbar))).toBe('#ffffff');
    const icon = '/api/brand-icons/11111111-1111-4111-8111-111111111111';
    expect(screen.getByRole('link', { name: 'Acme Media' }).querySelector('img')).toHaveAttribute(
      'src',
      icon,
    );
    expect(document.querySelector('link[rel~="icon"]')).toHaveAttribute('href', icon);
  });

  it('ignores white-label settings the plan does not include', async () => {
    fakeServer(
      userWith({
        whiteLabelIsEnabled: true,
        hasWhiteLabelFeature: false,
        whiteLabelBrandName: 'Acme Media',
        whiteLabelPrimaryHexCode: '#ff5500',
      }),
    );
    renderApp('/campaigns');
    await screen.findByRole('heading', { name: /Campaigns/ });
    await waitFor(() => expect(document.title).toBe('Flightplan'));
    expect(document.documentElement.style.getPropertyValue(cssVarName(vars.color.primary))).toBe('');
  });
});

describe('the error screen', () => {
  it('says "Not found" for a record the API does not have, inside the shell', async () => {
    const { seen } = fakeServer(SIGNED_IN_USER);
    renderApp('/campaigns/00000000-0000-4000-8000-000000000404');
    expect(await screen.findByRole('heading', { name: 'Not found' })).toBeInTheDocument();
    expect(screen.getByText("Sorry, we couldn't find that.")).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to dashboard' })).toHaveAttribute('href', '/');
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeInTheDocument();
    expect(posted(seen, '/api/client-errors')).toEqual([]);
  });

  it('says something went wrong for any other failure, and reports it', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { seen } = fakeServer(SIGNED_IN_USER, (request) =>
      request.path.startsWith('/api/budgets/')
        ? json({ message: 'Database unavailable' }, { status: 503 })
        : undefined,
    );
    const { location } = renderApp('/budgets/b-1');
    expect(await screen.findByRole('heading', { name: 'Sorry, something went wrong.' })).toBeInTheDocument();
    expect(screen.getByText("We've been notified. Please try again soon.")).toBeInTheDocument();
    await waitFor(() => expect(posted(seen, '/api/client-errors')).toHaveLength(1));
    expect(posted(seen, '/api/client-errors')[0]).toMatchObject({
      message: 'Database unavailable',
      url: '/budgets/b-1',
      status: 503,
    });
    expect(logged).toHaveBeenCalled();
    await userEvent.setup().click(screen.getByRole('link', { name: 'Back to dashboard' }));
    await waitFor(() => expect(location()).toBe('/'));
  });
});

describe('the upgrade notice', () => {
  function renderNotice(element: React.ReactNode) {
    render(<MemoryRouter>{element}</MemoryRouter>);
  }

  it('offers Upgrade now to /billing/plans', () => {
    renderNotice(<UpgradeNotice />);
    expect(screen.getByRole('alert')).toHaveTextContent('Your plan does not include this feature.');
    expect(screen.getByRole('link', { name: 'Upgrade now' })).toHaveAttribute('href', '/billing/plans');
  });

  it('shows only for a REQUIRES_UPGRADE answer', () => {
    renderNotice(
      <>
        <UpgradeNoticeFor
          error={{
            errorCode: 'REQUIRES_UPGRADE',
            message: 'Your plan does not include white-label branding.',
          }}
        />
        <UpgradeNoticeFor error={{ errorCode: 'CSRF', message: 'nope' }} />
      </>,
    );
    expect(screen.getAllByRole('alert')).toHaveLength(1);
    expect(screen.getByRole('alert')).toHaveTextContent('Your plan does not include white-label branding.');
  });
});

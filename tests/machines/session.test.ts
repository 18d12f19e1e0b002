import type { CurrentUser } from '@contract/auth';
import { ACCOUNTS_REDIRECT_MS, USER_REFRESH_MS } from '@machines/delays';
import {
  connectSession,
  type FetchOrganizationsOutput,
  isAuthPath,
  isExemptPath,
  loginUrl,
  type SessionEmitted,
  sessionMachine,
} from '@machines/session';
import { SAMPLE_USERS } from '@machines/session/session.chart';
import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, SimulatedClock } from 'xstate';

interface Options {
  pathname?: string;
  search?: string;
  users?: CurrentUser[];
  organizations?: FetchOrganizationsOutput | (() => Promise<FetchOrganizationsOutput>);
}

/** A session actor on a simulated clock; `users` are the successive answers of GET /api/auth/user. */
async function start({ pathname = '/campaigns', search = '', users = [], organizations }: Options) {
  const answers = [...users];
  const fetchUser = vi.fn(async () => {
    const next = answers.length > 1 ? answers.shift() : answers[0];
    if (!next) throw new TypeError('Failed to fetch');
    return next;
  });
  const fetchOrganizations = vi.fn(async () =>
    typeof organizations === 'function'
      ? organizations()
      : (organizations ?? { status: 200, organizations: [] }),
  );
  const clock = new SimulatedClock();
  const machine = sessionMachine.provide({
    actors: { fetchUser: fromPromise(fetchUser), fetchOrganizations: fromPromise(fetchOrganizations) },
  });
  const actor = createActor(machine, {
    input: { pathname, search, host: 'app.example.com', deviceId: 'device-1' },
    clock,
  });
  const emitted: SessionEmitted[] = [];
  actor.on('*', (event) => emitted.push(event as SessionEmitted));
  actor.start();
  await settle();
  const navigations = () => emitted.filter((e) => e.type === 'navigate');
  return {
    actor,
    clock,
    fetchUser,
    fetchOrganizations,
    emitted,
    navigations,
    view: () => connectSession(actor.getSnapshot(), actor.send),
  };
}

/** Lets resolved promises reach the actor. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('session paths', () => {
  it('matches exempt and auth paths by segment prefix', () => {
    for (const path of [
      '/appsumo/activate',
      '/auth/federate',
      '/bff',
      '/bff/x',
      '/onboarding',
      '/organizations/',
    ])
      expect(isExemptPath(path), path).toBe(true);
    for (const path of ['/', '/campaigns', '/organizationsx', '/accounts', '/billing'])
      expect(isExemptPath(path), path).toBe(false);
    expect(isAuthPath('/auth/login')).toBe(true);
    expect(isAuthPath('/auth/federate')).toBe(false);
  });

  it('builds the login URL with the domain, the device id and the page as returnUrl', () => {
    const url = new URL(
      loginUrl({ host: 'app.example.com:3400', deviceId: 'd-1', returnUrl: '/campaigns?page=2' }),
      'http://x',
    );
    expect(url.pathname).toBe('/auth/login');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      domain: 'app.example.com:3400',
      deviceId: 'd-1',
      returnUrl: '/campaigns?page=2',
    });
  });
});

describe('session bootstrap', () => {
  it('shows the error screen when the user cannot be loaded at all', async () => {
    const { view } = await start({ users: [] });
    // No answer at all: the fetch failed, the error screen offers to retry.
    expect(view().phase).toBe('failed');
  });

  it('sends a signed-out visit to sign in, with domain, device id and returnUrl', async () => {
    const { navigations, view, actor } = await start({
      pathname: '/campaigns',
      search: '?page=3',
      users: [SAMPLE_USERS.signedOut],
    });
    expect(navigations()).toEqual([
      {
        type: 'navigate',
        to: '/auth/login?domain=app.example.com&deviceId=device-1&returnUrl=%2Fcampaigns%3Fpage%3D3',
        replace: true,
      },
    ]);
    expect(view().phase).toBe('pending');
    actor.send({ type: 'route.change', pathname: '/auth/login', search: '?returnUrl=...' });
    expect(actor.getSnapshot().value).toBe('onAuthPage');
    expect(view().phase).toBe('content');
  });

  it.each(['/appsumo/activate', '/auth/federate', '/bff', '/onboarding', '/organizations'])(
    'lets a signed-out visitor stay on %s',
    async (pathname) => {
      const { navigations, view } = await start({ pathname, users: [SAMPLE_USERS.signedOut] });
      expect(navigations()).toEqual([]);
      expect(view()).toMatchObject({ phase: 'content', isSignedIn: false });
    },
  );

  it('never redirects away from the sign-in, sign-up and sign-out pages', async () => {
    for (const pathname of ['/auth/login', '/auth/signup', '/auth/logout']) {
      const { navigations, view } = await start({ pathname, users: [SAMPLE_USERS.signedOut] });
      expect(navigations()).toEqual([]);
      expect(view().phase).toBe('content');
    }
  });

  it('asks again who is signed in when leaving the sign-in page', async () => {
    const { actor, fetchUser, view } = await start({
      pathname: '/auth/login',
      users: [SAMPLE_USERS.signedOut, SAMPLE_USERS.ready],
    });
    actor.send({ type: 'route.change', pathname: '/campaigns', search: '' });
    expect(view().phase).toBe('pending');
    await settle();
    expect(fetchUser).toHaveBeenCalledTimes(2);
    expect(actor.getSnapshot().matches({ signedIn: { page: 'ready' } })).toBe(true);
    expect(view()).toMatchObject({ phase: 'content', isSignedIn: true, displayName: 'Dana Demo' });
  });

  it('sends a user who needs onboarding to /onboarding', async () => {
    const { navigations, actor } = await start({ users: [SAMPLE_USERS.needsOnboarding] });
    expect(navigations()).toEqual([{ type: 'navigate', to: '/onboarding', replace: true }]);
    actor.send({ type: 'route.change', pathname: '/onboarding', search: '' });
    expect(actor.getSnapshot().matches({ signedIn: { page: 'onExemptPage' } })).toBe(true);
  });

  it('switches a user without an organization into the first one (full page)', async () => {
    const { navigations, fetchOrganizations, actor } = await start({
      pathname: '/budgets',
      search: '?page=2',
      users: [SAMPLE_USERS.withoutOrganization],
      organizations: {
        status: 200,
        organizations: [
          { id: 'org-1', name: 'First' },
          { id: 'org-2', name: 'Second' },
        ],
      },
    });
    expect(fetchOrganizations).toHaveBeenCalledTimes(1);
    const [navigation] = navigations();
    expect(navigation).toMatchObject({ type: 'navigate', fullPage: true });
    const url = new URL(navigation!.to, 'http://x');
    expect(url.pathname).toBe('/organization/switch');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      id: 'org-1',
      returnUrl: '/budgets?page=2',
      domain: 'app.example.com',
    });
    expect(actor.getSnapshot().value).toBe('leaving');
  });

  it('sends a user without any organization to onboarding', async () => {
    const { navigations } = await start({
      users: [SAMPLE_USERS.withoutOrganization],
      organizations: { status: 200, organizations: [] },
    });
    expect(navigations()).toEqual([{ type: 'navigate', to: '/onboarding', replace: true }]);
  });

  it('signs the user out when the organizations cannot be listed (status other than 200)', async () => {
    const { navigations } = await start({
      users: [SAMPLE_USERS.withoutOrganization],
      organizations: { status: 401, organizations: [] },
    });
    expect(navigations()).toEqual([{ type: 'navigate', to: '/auth/logout', replace: true }]);
  });

  it('goes to /accounts 256 ms after finding no account', async () => {
    const { navigations, clock, view } = await start({ users: [SAMPLE_USERS.withoutAccount] });
    expect(view().phase).toBe('pending');
    clock.increment(ACCOUNTS_REDIRECT_MS - 1);
    expect(navigations()).toEqual([]);
    clock.increment(1);
    expect(navigations()).toEqual([{ type: 'navigate', to: '/accounts', replace: true }]);
  });

  it('stays on /accounts without an account, and redirects again when leaving it', async () => {
    const { navigations, clock, actor, view } = await start({
      pathname: '/accounts',
      users: [SAMPLE_USERS.withoutAccount],
    });
    clock.increment(ACCOUNTS_REDIRECT_MS * 4);
    expect(navigations()).toEqual([]);
    expect(view().phase).toBe('content');
    actor.send({ type: 'route.change', pathname: '/campaigns', search: '' });
    clock.increment(ACCOUNTS_REDIRECT_MS);
    expect(navigations()).toEqual([{ type: 'navigate', to: '/accounts', replace: true }]);
  });

  it('identifies the user and groups the organization once', async () => {
    const { emitted, clock } = await start({ users: [SAMPLE_USERS.ready] });
    clock.increment(USER_REFRESH_MS);
    await settle();
    expect(emitted).toEqual([
      {
        type: 'analytics.identify',
        userId: SAMPLE_USERS.ready.id,
        traits: { email: 'dana@example.com', firstName: 'Dana', lastName: 'Demo' },
      },
      {
        type: 'analytics.group',
        groupId: SAMPLE_USERS.ready.currentOrganization.id,
        traits: { name: 'Demo Agency', planCode: 'trial' },
      },
    ]);
  });
});

describe('keeping the user fresh', () => {
  it('fetches the user again every 200 000 ms', async () => {
    const { fetchUser, clock } = await start({ users: [SAMPLE_USERS.ready] });
    expect(fetchUser).toHaveBeenCalledTimes(1);
    clock.increment(USER_REFRESH_MS - 1);
    expect(fetchUser).toHaveBeenCalledTimes(1);
    clock.increment(1);
    expect(fetchUser).toHaveBeenCalledTimes(2);
    await settle();
    clock.increment(USER_REFRESH_MS);
    expect(fetchUser).toHaveBeenCalledTimes(3);
  });

  it('fetches at once on user.refresh, keeping the page on screen, and takes the new plan', async () => {
    const upgraded = {
      ...SAMPLE_USERS.ready,
      currentOrganization: { ...SAMPLE_USERS.ready.currentOrganization, planCode: 'agency' },
    };
    const { actor, fetchUser, view } = await start({ users: [SAMPLE_USERS.ready, upgraded] });
    actor.send({ type: 'user.refresh' });
    expect(fetchUser).toHaveBeenCalledTimes(2);
    expect(view()).toMatchObject({ phase: 'content', isRefreshing: true });
    await settle();
    expect(view()).toMatchObject({ phase: 'content', isRefreshing: false });
    expect(view().organization?.planCode).toBe('agency');
  });

  it('keeps the user when a refresh fails', async () => {
    let calls = 0;
    const machine = sessionMachine.provide({
      actors: {
        fetchUser: fromPromise(async (): Promise<CurrentUser> => {
          calls += 1;
          if (calls > 1) throw new TypeError('Failed to fetch');
          return SAMPLE_USERS.ready;
        }),
      },
    });
    const actor = createActor(machine, {
      input: { pathname: '/', host: 'h', deviceId: 'd' },
    }).start();
    await settle();
    actor.send({ type: 'user.refresh' });
    await settle();
    expect(actor.getSnapshot().matches({ signedIn: { page: 'ready', refresh: 'waiting' } })).toBe(true);
    expect(connectSession(actor.getSnapshot(), actor.send).user?.id).toBe(SAMPLE_USERS.ready.id);
  });

  it('sends the person to sign in when a refresh finds the session gone', async () => {
    const { actor, navigations } = await start({ users: [SAMPLE_USERS.ready, SAMPLE_USERS.signedOut] });
    actor.send({ type: 'route.change', pathname: '/budgets', search: '' });
    actor.send({ type: 'user.refresh' });
    await settle();
    expect(navigations()).toEqual([
      {
        type: 'navigate',
        to: '/auth/login?domain=app.example.com&deviceId=device-1&returnUrl=%2Fbudgets',
        replace: true,
      },
    ]);
  });

  it('treats sign-out as leaving the app', async () => {
    const { actor, view } = await start({ users: [SAMPLE_USERS.ready] });
    actor.send({ type: 'route.change', pathname: '/auth/logout', search: '' });
    expect(actor.getSnapshot().value).toBe('onAuthPage');
    expect(view().phase).toBe('content');
  });

  it('offers to retry after a failed load', async () => {
    const { actor, view, fetchUser } = await start({ users: [] });
    expect(view()).toMatchObject({ phase: 'failed', failure: { message: 'Failed to fetch', status: null } });
    actor.send({ type: 'retry' });
    expect(fetchUser).toHaveBeenCalledTimes(2);
  });
});

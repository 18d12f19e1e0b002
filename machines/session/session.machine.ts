import type { CurrentUser } from '@contract/auth';
import { and, assertEvent, assign, emit, enqueueActions, fromPromise, setup } from 'xstate';
import { ACCOUNTS_REDIRECT_MS, USER_REFRESH_MS } from '../delays';
import {
  ACCOUNTS_PATH,
  isAccountsPath,
  isAuthPath,
  isExemptPath,
  LOGOUT_PATH,
  loginUrl,
  ONBOARDING_PATH,
  organizationSwitchUrl,
} from './session.routes';
import type {
  FetchOrganizationsOutput,
  SessionContext,
  SessionEmitted,
  SessionEvent,
  SessionFailure,
  SessionInput,
  SignedInUser,
} from './session.types';

const signedIn = (context: SessionContext): SignedInUser | null =>
  context.user?.isAuthenticated ? context.user : null;

const currentUrl = (context: SessionContext) => `${context.pathname}${context.search}`;

function toFailure(error: unknown): SessionFailure {
  const { message, status } = (error ?? {}) as { message?: unknown; status?: unknown };
  return {
    message: typeof message === 'string' && message !== '' ? message : 'Sorry, something went wrong.',
    status: typeof status === 'number' ? status : null,
  };
}

const routeOf = (event: SessionEvent) => {
  assertEvent(event, 'route.change');
  return event.pathname;
};

export const sessionMachine = setup({
  types: {
    context: {} as SessionContext,
    events: {} as SessionEvent,
    input: {} as SessionInput,
    emitted: {} as SessionEmitted,
  },
  actors: {
    /** GET /api/auth/user (cookies included); `src/` provides it. Rejects on a network or server failure. */
    fetchUser: fromPromise<CurrentUser>(async () => {
      throw new Error('not provided: fetchUser');
    }),
    /** GET /api/organization; resolves with the status (any) and the list (on 200). Rejects when offline. */
    fetchOrganizations: fromPromise<FetchOrganizationsOutput>(async () => {
      throw new Error('not provided: fetchOrganizations');
    }),
  },
  delays: {
    userRefresh: USER_REFRESH_MS,
    accountsRedirect: ACCOUNTS_REDIRECT_MS,
  },
  guards: {
    isOnAuthPage: ({ context }) => isAuthPath(context.pathname),
    isOnExemptPage: ({ context }) => isExemptPath(context.pathname),
    isOnAccountsPage: ({ context }) => isAccountsPath(context.pathname),
    isSignedOut: ({ context }) => signedIn(context) === null,
    needsOnboarding: ({ context }) => signedIn(context)?.requiresOnboarding === true,
    hasNoOrganization: ({ context }) => {
      const user = signedIn(context);
      return !user?.isInOrganization || user.currentOrganization === null;
    },
    hasNoAccount: ({ context }) => {
      const user = signedIn(context);
      return !user?.isInAccount || user.currentAccount === null;
    },
    isGoingToAuthPage: ({ event }) => isAuthPath(routeOf(event)),
    isGoingToExemptPage: ({ event }) => isExemptPath(routeOf(event)),
    isOrganizationListRefused: (_, params: { output: FetchOrganizationsOutput }) =>
      params.output.status !== 200,
    hasOrganizations: (_, params: { output: FetchOrganizationsOutput }) =>
      params.output.organizations.length > 0,
  },
  actions: {
    setLocation: assign(({ event }) => {
      assertEvent(event, 'route.change');
      return { pathname: event.pathname, search: event.search };
    }),
    setUser: assign((_, params: { user: CurrentUser }) => ({ user: params.user, failure: null })),
    showFailure: assign((_, params: { error: unknown }) => ({ failure: toFailure(params.error) })),
    /** Analytics identify (the user) and group (the organization), once per user and organization. */
    identify: enqueueActions(({ context, enqueue }) => {
      const user = signedIn(context);
      if (!user) return;
      if (user.id !== context.identifiedUserId) {
        enqueue.emit({
          type: 'analytics.identify',
          userId: user.id,
          traits: { email: user.email, firstName: user.firstName, lastName: user.lastName },
        });
        enqueue.assign({ identifiedUserId: user.id });
      }
      const organization = user.currentOrganization;
      if (organization && organization.id !== context.groupedOrganizationId) {
        enqueue.emit({
          type: 'analytics.group',
          groupId: organization.id,
          traits: { name: organization.name, planCode: organization.planCode },
        });
        enqueue.assign({ groupedOrganizationId: organization.id });
      }
    }),
    navigateToLogin: emit(({ context }) => ({
      type: 'navigate' as const,
      to: loginUrl({ host: context.host, deviceId: context.deviceId, returnUrl: currentUrl(context) }),
      replace: true,
    })),
    navigateToOnboarding: emit({ type: 'navigate' as const, to: ONBOARDING_PATH, replace: true }),
    navigateToLogout: emit({ type: 'navigate' as const, to: LOGOUT_PATH, replace: true }),
    navigateToAccounts: emit({ type: 'navigate' as const, to: ACCOUNTS_PATH, replace: true }),
    switchToFirstOrganization: emit(({ context }, params: { output: FetchOrganizationsOutput }) => ({
      type: 'navigate' as const,
      to: organizationSwitchUrl({
        id: params.output.organizations[0]!.id,
        returnUrl: currentUrl(context),
        host: context.host,
      }),
      fullPage: true,
    })),
  },
}).createMachine({
  id: 'session',
  description:
    'Who is using the app and where they may be. The current user is loaded when the app starts and ' +
    'every 200 s after; a signed-out visitor is sent to sign in (with the domain and a device id), a new ' +
    'user to onboarding, a user without an organization into their first one, and a user without an ' +
    'account to the accounts page.',
  context: ({ input }) => ({
    user: null,
    pathname: input.pathname,
    search: input.search ?? '',
    host: input.host,
    deviceId: input.deviceId,
    identifiedUserId: null,
    groupedOrganizationId: null,
    failure: null,
  }),
  initial: 'loading',
  on: {
    'route.change': { actions: 'setLocation' },
  },
  states: {
    loading: {
      description:
        'Asking the server who is signed in (GET /api/auth/user). A loading indicator is shown; sign-in, ' +
        'sign-up and sign-out pages show at once.',
      invoke: {
        id: 'fetchUser',
        src: 'fetchUser',
        onDone: {
          target: 'evaluating',
          actions: { type: 'setUser', params: ({ event }) => ({ user: event.output }) },
        },
        onError: {
          target: 'failed',
          actions: { type: 'showFailure', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    evaluating: {
      description:
        'Deciding, from the current user and the page, what happens next. Takes no time: the rules are ' +
        'checked in order and the first one that holds wins.',
      entry: 'identify',
      always: [
        { guard: 'isOnAuthPage', target: 'onAuthPage' },
        { guard: 'isSignedOut', target: 'signedOut' },
        { guard: 'isOnExemptPage', target: 'signedIn.page.onExemptPage' },
        { guard: 'needsOnboarding', target: 'redirecting', actions: 'navigateToOnboarding' },
        { guard: 'hasNoOrganization', target: 'signedIn.page.choosingOrganization' },
        {
          guard: and(['hasNoAccount', 'isOnAccountsPage']),
          target: 'signedIn.page.onAccountsPage',
        },
        { guard: 'hasNoAccount', target: 'signedIn.page.awaitingAccount' },
        { target: 'signedIn.page.ready' },
      ],
    },
    onAuthPage: {
      description:
        'On the sign-in, sign-up or sign-out page: shown as is, whoever is signed in. Leaving it for ' +
        'another page asks the server again who is signed in (they may just have signed in).',
      on: {
        'route.change': [
          { guard: 'isGoingToAuthPage', actions: 'setLocation' },
          { target: 'loading', actions: 'setLocation' },
        ],
      },
    },
    signedOut: {
      description:
        'Nobody is signed in. On a page that works without an account (onboarding, organizations, ' +
        'AppSumo activation, federated sign-in, /bff) the page is shown; any other page sends the visitor ' +
        'to sign in, with the page as returnUrl, the domain and the device id.',
      initial: 'checkingPage',
      states: {
        checkingPage: {
          description: 'Is this page open to signed-out visitors? Takes no time.',
          always: [
            { guard: 'isOnExemptPage', target: 'onExemptPage' },
            { target: '#session.redirecting', actions: 'navigateToLogin' },
          ],
        },
        onExemptPage: {
          description: 'A page open to signed-out visitors is shown.',
          on: {
            'route.change': [
              { guard: 'isGoingToAuthPage', target: '#session.onAuthPage', actions: 'setLocation' },
              { guard: 'isGoingToExemptPage', actions: 'setLocation' },
              { target: '#session.loading', actions: 'setLocation' },
            ],
            'user.refresh': { target: '#session.loading' },
          },
        },
      },
    },
    redirecting: {
      description:
        'The app asked the router for another page (sign in, onboarding, accounts or sign out) and waits ' +
        'for it to open; nothing of the previous page is shown meanwhile.',
      on: {
        'route.change': { target: 'evaluating', actions: 'setLocation' },
      },
    },
    leaving: {
      description:
        'The browser is loading another page from the server (switching into the first organization); ' +
        'nothing more happens here.',
    },
    failed: {
      description:
        'The current user could not be loaded (offline or a server error). The error screen offers to try ' +
        'again.',
      on: {
        retry: { target: 'loading' },
        'user.refresh': { target: 'loading' },
      },
    },
    signedIn: {
      description:
        'Someone is signed in. What the page shows depends on their organization and account; meanwhile ' +
        'the user is fetched again every 200 s, or at once when something changed it.',
      type: 'parallel',
      states: {
        page: {
          description: 'What the signed-in person sees.',
          initial: 'ready',
          states: {
            onExemptPage: {
              description:
                'On a page that needs no organization or account (onboarding, organizations, ...): shown ' +
                'as is; the session does not navigate away from it.',
              on: { 'route.change': { target: '#session.evaluating', actions: 'setLocation' } },
            },
            choosingOrganization: {
              description:
                'The user has no current organization: their organizations are fetched. A refusal (any ' +
                'status but 200) signs them out; otherwise the first organization is opened, or onboarding ' +
                'when they have none.',
              invoke: {
                id: 'fetchOrganizations',
                src: 'fetchOrganizations',
                onDone: [
                  {
                    guard: {
                      type: 'isOrganizationListRefused',
                      params: ({ event }) => ({ output: event.output }),
                    },
                    target: '#session.redirecting',
                    actions: 'navigateToLogout',
                  },
                  {
                    guard: { type: 'hasOrganizations', params: ({ event }) => ({ output: event.output }) },
                    target: '#session.leaving',
                    actions: {
                      type: 'switchToFirstOrganization',
                      params: ({ event }) => ({ output: event.output }),
                    },
                  },
                  { target: '#session.redirecting', actions: 'navigateToOnboarding' },
                ],
                onError: {
                  target: '#session.failed',
                  actions: { type: 'showFailure', params: ({ event }) => ({ error: event.error }) },
                },
              },
            },
            awaitingAccount: {
              description:
                'In an organization but not in an account: after 256 ms the accounts page opens so they ' +
                'can choose one.',
              after: {
                accountsRedirect: { target: '#session.redirecting', actions: 'navigateToAccounts' },
              },
              on: { 'route.change': { target: '#session.evaluating', actions: 'setLocation' } },
            },
            onAccountsPage: {
              description: 'In an organization but not in an account, on the accounts page: choosing one.',
              on: { 'route.change': { target: '#session.evaluating', actions: 'setLocation' } },
            },
            ready: {
              description: 'In an organization and an account: the app is shown.',
              on: {
                'route.change': [
                  { guard: 'isGoingToAuthPage', target: '#session.onAuthPage', actions: 'setLocation' },
                  { actions: 'setLocation' },
                ],
              },
            },
          },
        },
        refresh: {
          description: 'Keeping the current user fresh in the background.',
          initial: 'waiting',
          states: {
            waiting: {
              description: 'The user is fresh. After 200 s, or when something changed them, ask again.',
              after: { userRefresh: { target: 'fetching' } },
              on: { 'user.refresh': { target: 'fetching' } },
            },
            fetching: {
              description:
                'Asking the server for the current user again while the page stays on screen; the rules ' +
                'are applied again to the answer. A failure keeps the user as they were.',
              invoke: {
                id: 'refreshUser',
                src: 'fetchUser',
                onDone: {
                  target: '#session.evaluating',
                  actions: { type: 'setUser', params: ({ event }) => ({ user: event.output }) },
                },
                onError: { target: 'waiting' },
              },
              on: { 'user.refresh': { target: 'fetching', reenter: true } },
            },
          },
        },
      },
    },
  },
});

export type SessionMachine = typeof sessionMachine;

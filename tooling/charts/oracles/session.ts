/**
 * What each state of the session bootstrap promises (chart input: /campaigns on app.example.com, device
 * `device-1`). The rules, written from the spec (README “Session”), decide where a person goes once the app
 * knows who they are, in order: sign-in pages show as they are; a signed-out visitor may stay on a page open
 * to everyone and is sent to sign in from any other; a signed-in person may stay on such a page; a new user
 * goes to onboarding; a user without an organization is moved into their first one; a user without an
 * account goes to the accounts page (at once when already there, else after 256 ms); the others see the app.
 * Each step's state is checked against these rules, with the navigation and analytics it emits.
 */
import { connectSession } from '@machines/session/session.connect';
import { sessionMachine } from '@machines/session/session.machine';
import { valueLabel } from '../coverage';
import { defineOracle, expectEqual, expectFields, expectThat, type OracleStep } from '../oracle';
import { sentBy } from './shared';

type Machine = typeof sessionMachine;
type Step = OracleStep<Machine>;
type User = NonNullable<Step['context']['user']>;
type SignedIn = Extract<User, { isAuthenticated: true }>;

/** What the machine emits: a navigation or an analytics call. */
type EventObject = { type: string } & Record<string, unknown>;

const HOST = 'app.example.com';
const DEVICE = 'device-1';

const under = (path: string, prefixes: string[]) =>
  prefixes.some((prefix) => path === prefix || path.startsWith(`${prefix}/`));
/** Sign-in, sign-up and sign-out never wait for the session. */
const isAuthPage = (path: string) => under(path, ['/auth/login', '/auth/signup', '/auth/logout']);
/** Pages open to everyone, which the session never leaves. */
const isOpenPage = (path: string) =>
  under(path, ['/appsumo/activate', '/auth/federate', '/bff', '/onboarding', '/organizations']);
const isAccountsPage = (path: string) => under(path, ['/accounts']);

const signedIn = (user: User | null): SignedIn | null => (user?.isAuthenticated ? user : null);

interface Decision {
  /** The page region's state (`onAuthPage`, `redirecting`, `signedIn.page.ready`...). */
  place: string;
  /** The navigation it asks for, if any. */
  navigate?: EventObject;
}

const replace = (to: string): EventObject => ({ type: 'navigate', to, replace: true });

/** The rules, in order, for who the person is and where they are. */
function decide(user: User | null, pathname: string, search: string): Decision {
  if (isAuthPage(pathname)) return { place: 'onAuthPage' };
  const person = signedIn(user);
  if (!person) {
    if (isOpenPage(pathname)) return { place: 'signedOut.onExemptPage' };
    const query = `domain=${HOST}&deviceId=${DEVICE}&returnUrl=${encodeURIComponent(pathname + search)}`;
    return { place: 'redirecting', navigate: replace(`/auth/login?${query}`) };
  }
  if (isOpenPage(pathname)) return { place: 'signedIn.page.onExemptPage' };
  if (person.requiresOnboarding) return { place: 'redirecting', navigate: replace('/onboarding') };
  if (!person.isInOrganization || !person.currentOrganization)
    return { place: 'signedIn.page.choosingOrganization' };
  if (!person.isInAccount || !person.currentAccount)
    return {
      place: isAccountsPage(pathname) ? 'signedIn.page.onAccountsPage' : 'signedIn.page.awaitingAccount',
    };
  return { place: 'signedIn.page.ready' };
}

/** The page region of a state label (`signedIn.page.ready + refresh.waiting` → `signedIn.page.ready`). */
const placeOf = (label: string) => label.split(' + ')[0]!;
const refreshOf = (label: string) => label.split(' + ')[1]?.replace(/^refresh\./, '');

/** Where the spec says the step leads, from the state before and the event. */
function expectedPlace(step: Step): Decision {
  const { context, event } = step;
  if (step.index === 0) return { place: 'loading' };
  const from = placeOf(valueLabel(step.previous!.value));
  const evaluate = () => decide(context.user, context.pathname, context.search);
  switch (event.type) {
    case 'xstate.done.actor.fetchUser':
    case 'xstate.done.actor.refreshUser':
      return evaluate();
    case 'xstate.error.actor.fetchUser':
      return { place: 'failed' };
    case 'retry':
      return { place: 'loading' };
    case 'user.refresh':
      return { place: from.startsWith('signedIn.') ? from : 'loading' };
    case 'xstate.after.accountsRedirect.session.signedIn.page.awaitingAccount':
      return { place: 'redirecting', navigate: replace('/accounts') };
    case 'xstate.done.actor.fetchOrganizations': {
      const { status, organizations } = event.output as { status: number; organizations: { id: string }[] };
      // A refusal signs the person out; else into their first organization, or onboarding when none.
      if (status !== 200) return { place: 'redirecting', navigate: replace('/auth/logout') };
      if (!organizations.length) return { place: 'redirecting', navigate: replace('/onboarding') };
      const query = `id=${organizations[0]!.id}&returnUrl=${encodeURIComponent(context.pathname + context.search)}&domain=${HOST}`;
      return {
        place: 'leaving',
        navigate: { type: 'navigate', to: `/organization/switch?${query}`, fullPage: true },
      };
    }
    case 'xstate.error.actor.fetchOrganizations':
      return { place: 'failed' };
    case 'route.change': {
      const path = event.pathname as string;
      switch (from) {
        case 'onAuthPage':
          // Leaving a sign-in page asks again who is signed in.
          return { place: isAuthPage(path) ? 'onAuthPage' : 'loading' };
        case 'signedOut.onExemptPage':
          return { place: isAuthPage(path) ? 'onAuthPage' : isOpenPage(path) ? from : 'loading' };
        case 'signedIn.page.ready':
          return { place: isAuthPage(path) ? 'onAuthPage' : from };
        case 'redirecting':
        case 'signedIn.page.onExemptPage':
        case 'signedIn.page.awaitingAccount':
        case 'signedIn.page.onAccountsPage':
          return evaluate();
        default:
          return { place: from };
      }
    }
    default:
      return { place: from };
  }
}

/** Analytics hear of each user and each organization once. */
function expectedAnalytics(step: Step): EventObject[] {
  const person = signedIn(step.context.user);
  const before = step.previous?.context;
  if (!person || !before) return [];
  const events: EventObject[] = [];
  if (person.id !== before.identifiedUserId)
    events.push({
      type: 'analytics.identify',
      userId: person.id,
      traits: { email: person.email, firstName: person.firstName, lastName: person.lastName },
    });
  const organization = person.currentOrganization;
  if (organization && organization.id !== before.groupedOrganizationId)
    events.push({
      type: 'analytics.group',
      groupId: organization.id,
      traits: { name: organization.name, planCode: organization.planCode },
    });
  return events;
}

const CONTENT = [
  'onAuthPage',
  'signedOut.onExemptPage',
  'signedIn.page.onExemptPage',
  'signedIn.page.onAccountsPage',
  'signedIn.page.ready',
];

const requestOf = (step: Step, id: string) =>
  step.snapshot.children[id as keyof typeof step.snapshot.children] as unknown;

/** What the app shows in a state: content, a loading indicator, or the error screen. */
const viewPromises = (step: Step) => {
  const label = valueLabel(step.snapshot.value);
  const place = placeOf(label);
  const person = signedIn(step.context.user);
  const phase =
    place === 'failed'
      ? 'failed'
      : CONTENT.includes(place) || isAuthPage(step.context.pathname)
        ? 'content'
        : 'pending';
  expectFields(
    connectSession(step.snapshot, () => {}),
    {
      phase,
      user: person,
      isSignedIn: person !== null,
      organization: person?.currentOrganization ?? null,
      account: person?.currentAccount ?? null,
      displayName: person ? `${person.firstName} ${person.lastName}`.trim() || person.email : null,
      isRefreshing: refreshOf(label) === 'fetching',
      failure: place === 'failed' ? step.context.failure : null,
    },
  );
  // The two commands every page gets: ask for the user again now, and try again after a failure.
  const sends = (use: (view: ReturnType<typeof connectSession>) => void) =>
    sentBy((send) => connectSession(step.snapshot, send), use);
  expectEqual(
    sends((view) => view.refresh()),
    [{ type: 'user.refresh' }],
    'refresh sends',
  );
  expectEqual(
    sends((view) => view.retry()),
    [{ type: 'retry' }],
    'Try again sends',
  );
};

const state = (check?: (step: Step) => void) => (step: Step) => {
  viewPromises(step);
  check?.(step);
};

/** A signed-in state: the user is signed in; the background refresh asks again (once) while fetching. */
const signedInState = (page: string, refresh: 'waiting' | 'fetching') =>
  state((step) => {
    expectThat(signedIn(step.context.user) !== null, `${page} without a signed-in user`);
    expectEqual(requestOf(step, 'refreshUser') !== undefined, refresh === 'fetching', 'refresh on its way');
    expectEqual(
      requestOf(step, 'fetchOrganizations') !== undefined,
      page === 'choosingOrganization',
      'organizations asked for',
    );
    if (step.event.type === 'xstate.error.actor.refreshUser')
      // A failed refresh keeps the user as they were.
      expectEqual(step.context.user, step.previous!.context.user, 'user kept');
  });

const PAGES = ['onExemptPage', 'choosingOrganization', 'awaitingAccount', 'onAccountsPage', 'ready'];

export const sessionOracle = defineOracle(sessionMachine, {
  optionalStates: (label) => label.startsWith('signedIn.'),
  always: (step) => {
    expectFields(step.context, { host: HOST, deviceId: DEVICE }, 'context');
    const label = valueLabel(step.snapshot.value);
    const { place, navigate } = expectedPlace(step);
    expectEqual(placeOf(label), place, 'where the rules lead');
    // Entering the signed-in states starts the refresh timer afresh; asking again (now, or after 200 s)
    // fetches; an answer or a failure waits again.
    if (place.startsWith('signedIn.')) {
      const before = valueLabel(step.previous!.value);
      const { type } = step.event;
      const refresh =
        type === 'user.refresh' || type === 'xstate.after.userRefresh.session.signedIn.refresh.waiting'
          ? 'fetching'
          : placeOf(before) === place && !type.endsWith('.refreshUser')
            ? refreshOf(before)
            : 'waiting';
      expectEqual(refreshOf(label), refresh, 'refresh');
    }
    expectEqual(
      step.emitted.filter((event) => event.type === 'navigate'),
      navigate ? [navigate] : [],
      'navigation',
    );
    expectEqual(
      step.emitted.filter((event) => event.type !== 'navigate'),
      expectedAnalytics(step),
      'analytics',
    );
  },
  events: {
    // The session always knows where the person is.
    'route.change': ({ context, event }) =>
      expectFields(context, { pathname: event.pathname, search: event.search }, 'location'),
    'xstate.done.actor.*': ({ context, event }) => {
      if (event.type.endsWith('User')) expectEqual(context.user, event.output, 'user');
      if (event.type.endsWith('User')) expectEqual(context.failure, null, 'failure');
    },
  },
  states: {
    loading: state((step) => {
      expectThat(requestOf(step, 'fetchUser') !== undefined, 'nobody asked who is signed in');
      if (step.index === 0)
        expectFields(step.context, { user: null, pathname: '/campaigns', search: '' }, 'start');
    }),
    failed: state((step) => {
      const error = step.event.error as { message?: string; status?: number };
      // Why, in the failure's own words, with its status when the server answered.
      expectEqual(
        step.context.failure,
        { message: error.message || 'Sorry, something went wrong.', status: error.status ?? null },
        'failure',
      );
    }),
    onAuthPage: state((step) => expectThat(isAuthPage(step.context.pathname), 'not on a sign-in page')),
    'signedOut.onExemptPage': state((step) => {
      expectEqual(signedIn(step.context.user), null, 'signed in');
      expectThat(isOpenPage(step.context.pathname), 'not on a page open to everyone');
    }),
    redirecting: state(),
    leaving: state(),
    ...Object.fromEntries(
      PAGES.flatMap((page) =>
        (['waiting', 'fetching'] as const).map((refresh) => [
          `signedIn.page.${page} + refresh.${refresh}`,
          signedInState(page, refresh),
        ]),
      ),
    ),
  },
});

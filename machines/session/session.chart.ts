import type { CurrentUser } from '@contract/auth';
import { defineChart } from '../chart';
import { connectSession } from './session.connect';
import { sessionMachine } from './session.machine';
import { isAccountsPath, isAuthPath, isExemptPath } from './session.routes';
import type { SessionContext } from './session.types';

const organization = {
  id: '00000000-0000-4000-8000-000000000001',
  name: 'Demo Agency',
  tenantId: 'demo',
  createdAt: '2026-01-01T00:00:00.000Z',
  planCode: 'trial',
  whiteLabelIsEnabled: false,
  hasWhiteLabelFeature: true,
  whiteLabelBrandName: null,
  whiteLabelPrimaryHexCode: '#05d197',
  whiteLabelNavbarBackgroundHexCode: '#ffffff',
  whiteLabelIconUuid: null,
};
const account = {
  id: '00000000-0000-4000-8000-00000000000a',
  organizationId: organization.id,
  name: 'Acme Outdoor',
  tenantId: 'demo',
  createdAt: '2026-01-01T00:00:00.000Z',
};
const person = {
  isAuthenticated: true as const,
  id: '00000000-0000-4000-8000-000000000009',
  email: 'dana@example.com',
  firstName: 'Dana',
  lastName: 'Demo',
};

/** One current user per rule of the bootstrap. */
export const SAMPLE_USERS = {
  signedOut: { isAuthenticated: false },
  needsOnboarding: {
    ...person,
    requiresOnboarding: true,
    isInOrganization: false,
    isInAccount: false,
    currentOrganization: null,
    currentAccount: null,
    role: null,
    accountIds: null,
  },
  withoutOrganization: {
    ...person,
    requiresOnboarding: false,
    isInOrganization: false,
    isInAccount: false,
    currentOrganization: null,
    currentAccount: null,
    role: null,
    accountIds: null,
  },
  withoutAccount: {
    ...person,
    requiresOnboarding: false,
    isInOrganization: true,
    isInAccount: false,
    currentOrganization: organization,
    currentAccount: null,
    role: 'owner',
    accountIds: null,
  },
  ready: {
    ...person,
    requiresOnboarding: false,
    isInOrganization: true,
    isInAccount: true,
    currentOrganization: organization,
    currentAccount: account,
    role: 'owner',
    accountIds: null,
  },
} satisfies Record<string, CurrentUser>;

const userKind = (user: CurrentUser | null) => {
  if (!user) return 'unknown';
  const match = Object.entries(SAMPLE_USERS).find(
    ([, sample]) => JSON.stringify(sample) === JSON.stringify(user),
  );
  return match?.[0] ?? 'other';
};

const pageKind = (pathname: string) =>
  isAuthPath(pathname)
    ? 'auth'
    : isExemptPath(pathname)
      ? 'exempt'
      : isAccountsPath(pathname)
        ? 'accounts'
        : 'app';

/** Users and pages matter by kind only; analytics by whether it has been told. */
const summarize = (context: SessionContext) => ({
  user: userKind(context.user),
  page: pageKind(context.pathname),
  identified: context.identifiedUserId !== null,
  grouped: context.groupedOrganizationId !== null,
  failed: context.failure !== null,
});

const done = (id: 'fetchUser' | 'refreshUser') =>
  Object.values(SAMPLE_USERS).map((output) => ({ type: `xstate.done.actor.${id}` as const, output }));

const route = (pathname: string) => ({ type: 'route.change' as const, pathname, search: '' });

export const sessionChart = defineChart({
  name: 'session',
  title: 'Session bootstrap',
  machine: sessionMachine,
  description: sessionMachine.root.description ?? '',
  // What the view gets at each step of a simulation in the charts explorer.
  connect: (snapshot) => connectSession(snapshot, () => {}),
  input: { pathname: '/campaigns', search: '', host: 'app.example.com', deviceId: 'device-1' },
  abstractContext: summarize,
  selectContext: summarize,
  events: [
    route('/campaigns'),
    route('/auth/login'),
    route('/organizations'),
    route('/accounts'),
    { type: 'user.refresh' },
    { type: 'retry' },
    ...done('fetchUser'),
    { type: 'xstate.error.actor.fetchUser', error: new TypeError('Failed to fetch') },
    ...done('refreshUser'),
    {
      type: 'xstate.error.actor.refreshUser',
      error: { status: 500, message: 'Sorry, something went wrong.' },
    },
    {
      type: 'xstate.done.actor.fetchOrganizations',
      output: { status: 200, organizations: [{ id: organization.id, name: organization.name }] },
    },
    { type: 'xstate.done.actor.fetchOrganizations', output: { status: 200, organizations: [] } },
    { type: 'xstate.done.actor.fetchOrganizations', output: { status: 401, organizations: [] } },
    { type: 'xstate.error.actor.fetchOrganizations', error: new TypeError('Failed to fetch') },
    { type: 'xstate.after.accountsRedirect.session.signedIn.page.awaitingAccount' },
    { type: 'xstate.after.userRefresh.session.signedIn.refresh.waiting' },
  ],
});

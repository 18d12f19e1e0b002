import {
  connectSession,
  type FetchOrganizationsOutput,
  type SessionView,
  sessionMachine,
} from '@machines/session';
import { getDeviceId, group, identify } from '@src/analytics';
import { authApi } from '@src/api/auth';
import { isApiError, onSessionEnded } from '@src/api/http';
import { type SessionApi, SessionContext } from '@src/api/session/SessionContext';
import { browser } from '@src/lib/browser';
import { useActorRef } from '@src/ui/actorRef';
import { Button } from '@src/ui/Button';
import { PageLoading } from '@src/ui/PageLoading';
import { useSelector } from '@xstate/react';
import { useEffect, useRef } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router-dom';
import { fromPromise } from 'xstate';
import { usePageChrome } from '../chrome/usePageChrome';
import { ErrorCard } from '../RouteError';
import { reportClientError } from '../reportError';

/** GET /api/organization, answering with the status rather than failing on a refusal (the chart decides). */
export async function fetchOrganizationsWithStatus(): Promise<FetchOrganizationsOutput> {
  try {
    return { status: 200, organizations: await authApi.organizations() };
  } catch (error) {
    if (isApiError(error) && error.kind === 'http' && error.status !== null) {
      return { status: error.status, organizations: [] };
    }
    throw error;
  }
}

/** The session chart with its side effects: the two GETs of spec §7. */
const machine = sessionMachine.provide({
  actors: {
    fetchUser: fromPromise(() => authApi.currentUser()),
    fetchOrganizations: fromPromise(fetchOrganizationsWithStatus),
  },
});

const sameView = (a: SessionView, b: SessionView) =>
  (Object.keys(a) as (keyof SessionView)[]).every((key) => Object.is(a[key], b[key]));

/**
 * The root of every route: runs the session chart (spec §4), performs the navigation it asks for,
 * sends its analytics, keeps the page chrome (title, white-label theme, favicon, page views) and shows
 * the page only once the session allows it.
 */
export function SessionRoot() {
  const location = useLocation();
  const navigate = useNavigate();
  const actorRef = useActorRef(machine, {
    input: {
      pathname: location.pathname,
      search: location.search,
      host: window.location.host,
      deviceId: getDeviceId(),
    },
  });
  const view = useSelector(
    actorRef,
    (snapshot) => connectSession(snapshot, actorRef.send, location.pathname),
    sameView,
  );

  // The chart asks for navigation; the router (or the browser, for server routes) performs it.
  useEffect(() => {
    const subscription = actorRef.on('navigate', (event) => {
      if (event.fullPage) browser.assign(event.to);
      else void navigate(event.to, { replace: event.replace ?? false });
    });
    return () => subscription.unsubscribe();
  }, [actorRef, navigate]);

  useEffect(() => {
    const identified = actorRef.on('analytics.identify', (event) => identify(event.userId, event.traits));
    const grouped = actorRef.on('analytics.group', (event) => group(event.groupId, event.traits));
    return () => {
      identified.unsubscribe();
      grouped.unsubscribe();
    };
  }, [actorRef]);

  // The router moved: tell the chart (a reaction to navigation, not to a gesture, hence an effect).
  const sentLocation = useRef(`${location.pathname}${location.search}`);
  useEffect(() => {
    const key = `${location.pathname}${location.search}`;
    if (key === sentLocation.current) return;
    sentLocation.current = key;
    actorRef.send({ type: 'route.change', pathname: location.pathname, search: location.search });
  }, [actorRef, location.pathname, location.search]);

  usePageChrome(view.organization);

  // A request answered 401 UNAUTHENTICATED: the session ended under the page; the chart asks for the user again.
  const refresh = useRef(view.refresh);
  refresh.current = view.refresh;
  useEffect(() => onSessionEnded(() => refresh.current()), []);

  // "We've been notified": a server error while loading the user is reported (offline is not).
  useEffect(() => {
    if (view.failure?.status != null && view.failure.status >= 500) {
      reportClientError(new Error(view.failure.message), { status: view.failure.status });
    }
  }, [view.failure]);

  const api: SessionApi = view;

  return (
    <SessionContext.Provider value={api}>
      {view.phase === 'content' ? (
        <Outlet />
      ) : view.phase === 'failed' ? (
        <ErrorCard status={view.failure?.status ?? null}>
          <Button variant="secondary" onClick={api.retry}>
            Try again
          </Button>
        </ErrorCard>
      ) : (
        <PageLoading />
      )}
    </SessionContext.Provider>
  );
}

export default SessionRoot;

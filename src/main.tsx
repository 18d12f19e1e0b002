import './theme';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { unstable_HistoryRouter as HistoryRouter, UNSAFE_createBrowserHistory } from 'react-router-dom';
import { createBlockingHistory } from './app/navigation/blockingHistory';
import { statusOf } from './app/RouteError';
import { reportClientError } from './app/reportError';
import { AppRoutes } from './app/routes';

// Our own history object, so the wizard can hold a navigation while it asks "Leave without saving?".
const history = createBlockingHistory(UNSAFE_createBrowserHistory({ v5Compat: true }));

// A page that crashes while rendering, or whose data fails to load, is caught by the route's error screen,
// which reports it; React adds the component stack to that report here (both land in one POST
// /api/client-errors). A record that is not there (404) is an answer, not a fault: not reported.
createRoot(document.getElementById('root')!, {
  onCaughtError: (error, info) => {
    const status = statusOf(error);
    if (status === 404) return;
    console.error(error);
    // With the status: this report may leave before the error screen's own adds it.
    reportClientError(error, { status, componentStack: info.componentStack ?? null });
  },
  onUncaughtError: (error, info) => {
    console.error(error);
    reportClientError(error, { componentStack: info.componentStack ?? null });
  },
}).render(
  <StrictMode>
    <HistoryRouter history={history}>
      <AppRoutes />
    </HistoryRouter>
  </StrictMode>,
);

import { Outlet, type RouteObject, redirect } from 'react-router-dom';
import { APP_ROUTE_ID } from './constants';
import * as page from './page.css';
import { RouteError } from './RouteError';

/** Shown while the first route's code and data load. */
function PageLoading() {
  return (
    <div className={page.loading} role="status">
      Loading…
    </div>
  );
}

/**
 * Every screen of the app; `createBrowserRouter(routes)` in the app, `createMemoryRouter(routes)` in tests.
 * Screens load lazily, the API client with them, so the first download is React, the router and the theme.
 */
export const routes: RouteObject[] = [
  {
    id: 'root',
    element: <Outlet />,
    // Also the "Not found" screen of any path no route matches (the router answers those with a 404).
    errorElement: <RouteError />,
    hydrateFallbackElement: <PageLoading />,
    children: [
      {
        path: 'auth/login',
        lazy: () => import('../features/signIn/SignInView').then((m) => ({ Component: m.SignInView })),
      },
      {
        path: 'auth/signup',
        lazy: () => import('../features/signUp/SignUpView').then((m) => ({ Component: m.SignUpView })),
      },
      {
        path: 'auth/logout',
        lazy: () => import('./logout').then((m) => ({ loader: m.logoutLoader })),
      },
      {
        id: APP_ROUTE_ID,
        // The signed-in app: the user is loaded (or the visitor sent to sign in) before any page renders.
        lazy: () =>
          Promise.all([import('./RequireUser'), import('./AppShell')]).then(([guard, shell]) => ({
            loader: guard.requireUserLoader,
            shouldRevalidate: guard.shouldRevalidateUser,
            Component: shell.AppShell,
          })),
        children: [
          { index: true, element: null, loader: () => redirect('/campaigns') },
          {
            path: 'campaigns',
            lazy: () =>
              import('../features/campaigns/CampaignsView').then((m) => ({ Component: m.CampaignsView })),
          },
        ],
      },
    ],
  },
];

import { data, type RouteObject, redirect } from 'react-router-dom';
import { APP_ROUTE_ID } from '../ui/constants';
import { PageLoading } from '../ui/PageLoading';
import { RouteError, ShellRouteError } from './RouteError';

/** Any path no page claims: the error screen's "Not found", inside the app. */
function notFound(): never {
  throw data(null, { status: 404, statusText: 'Not Found' });
}

/**
 * Every screen of the app; `createBrowserRouter(routes)` in the app, `createMemoryRouter(routes)` in tests.
 * Screens load lazily, the API client with them, so the first download is React, the router and the theme.
 */
export const routes: RouteObject[] = [
  {
    id: 'root',
    // The session (spec §4) wraps every page: it decides who may see what, and keeps the page chrome.
    lazy: () => import('./session/SessionRoot').then((m) => ({ Component: m.SessionRoot })),
    // Errors outside the app shell (a page of its own; inside the shell, ShellRouteError keeps the navbar).
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
      // Open to signed-out visitors (spec §4 exempt paths).
      {
        path: 'appsumo/activate',
        lazy: () => import('./pages/ExemptPages').then((m) => ({ Component: m.AppSumoActivateView })),
      },
      {
        path: 'auth/federate',
        lazy: () => import('./pages/ExemptPages').then((m) => ({ Component: m.FederateView })),
      },
      {
        path: 'bff',
        lazy: () => import('./pages/ExemptPages').then((m) => ({ Component: m.BffView })),
      },
      {
        // Open to signed-out visitors (it says so and links to sign-in); a finished user goes on to /.
        path: 'onboarding',
        lazy: () =>
          import('../features/onboarding/OnboardingView').then((m) => ({ Component: m.OnboardingView })),
      },
      {
        id: APP_ROUTE_ID,
        // The app shell: navbar, switchers, trial banner and overlay around every page below.
        lazy: () => import('./AppShell').then((m) => ({ Component: m.AppShell })),
        children: [
          {
            // Errors of the pages below (a 404 record, a failed load, an unknown path) show inside the shell.
            errorElement: <ShellRouteError />,
            children: [
              {
                index: true,
                lazy: () =>
                  import('../features/dashboard/DashboardView').then((m) => ({
                    loader: m.dashboardLoader,
                    Component: m.DashboardView,
                  })),
              },
              {
                path: 'campaigns',
                lazy: () =>
                  import('../features/campaigns/CampaignsView').then((m) => ({ Component: m.CampaignsView })),
              },
              {
                path: 'campaigns/:id',
                lazy: () =>
                  import('../features/campaigns/CampaignView').then((m) => ({
                    loader: m.campaignLoader,
                    Component: m.CampaignView,
                  })),
              },
              {
                path: 'bookings',
                lazy: () =>
                  import('../features/bookings/BookingsView').then((m) => ({ Component: m.BookingsView })),
              },
              {
                path: 'bookings/:id',
                lazy: () =>
                  import('../features/bookings/BookingView').then((m) => ({
                    loader: m.bookingLoader,
                    Component: m.BookingView,
                  })),
              },
              {
                path: 'budgets',
                lazy: () =>
                  import('../features/budgets/BudgetsView').then((m) => ({ Component: m.BudgetsView })),
              },
              {
                path: 'budgets/new',
                lazy: () =>
                  import('../features/budgets/BudgetCreateView').then((m) => ({
                    loader: m.budgetCreateLoader,
                    Component: m.BudgetCreateView,
                  })),
              },
              {
                path: 'budgets/:id',
                lazy: () =>
                  import('../features/budgets/BudgetView').then((m) => ({
                    loader: m.budgetLoader,
                    Component: m.BudgetView,
                  })),
              },
              {
                path: 'budgets/:id/edit',
                lazy: () =>
                  import('../features/budgets/BudgetEditView').then((m) => ({
                    loader: m.budgetEditLoader,
                    Component: m.BudgetEditView,
                  })),
              },
              {
                // Open when the trial has expired (a `reports` segment is exempt: contract/billing.ts).
                path: 'reports',
                lazy: () =>
                  import('../features/reports/ReportsView').then((m) => ({ Component: m.ReportsView })),
              },
              {
                path: 'customers',
                lazy: () =>
                  import('../features/customers/CustomersView').then((m) => ({ Component: m.CustomersView })),
              },
              // The planning wizard: /planning/wizard/new/overview (a new plan, `campaignId` = 'new'),
              // /planning/wizard/{campaignId}/{step}, and /planning/wizard/{campaignId} (resumes).
              {
                path: 'planning/wizard/:campaignId/:step?',
                lazy: () =>
                  import('../features/planning/WizardView').then((m) => ({
                    loader: m.wizardLoader,
                    shouldRevalidate: m.shouldRevalidateWizard,
                    Component: m.WizardView,
                  })),
              },
              {
                // Open even when the trial has expired (contract/billing TRIAL_EXEMPT_SEGMENTS).
                path: 'platforms',
                lazy: () =>
                  import('../features/platforms/PlatformsView').then((m) => ({ Component: m.PlatformsView })),
              },
              // Settings pages (organizations, accounts, billing, white-label, security).
              {
                path: 'organizations',
                lazy: () =>
                  import('../features/organizations/OrganizationsView').then((m) => ({
                    Component: m.OrganizationsView,
                  })),
              },
              {
                path: 'accounts',
                lazy: () =>
                  import('../features/accounts/AccountsView').then((m) => ({ Component: m.AccountsView })),
              },
              {
                path: 'billing',
                lazy: () =>
                  import('../features/billing/BillingView').then((m) => ({ Component: m.BillingView })),
              },
              {
                path: 'billing/plans',
                lazy: () => import('../features/billing/PlansView').then((m) => ({ Component: m.PlansView })),
              },
              // The Settings tab: its pages share the /settings prefix, so the tab stays current on each.
              { path: 'settings', loader: () => redirect('/settings/white-label') },
              {
                path: 'settings/white-label',
                lazy: () =>
                  import('../features/whiteLabel/WhiteLabelView').then((m) => ({
                    Component: m.WhiteLabelView,
                  })),
              },
              {
                path: 'settings/security',
                lazy: () =>
                  import('../features/security/SecurityView').then((m) => ({ Component: m.SecurityView })),
              },
              { path: '*', loader: notFound, element: null },
            ],
          },
        ],
      },
    ],
  },
];

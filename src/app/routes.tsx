import { PageLoading } from '@src/ui/PageLoading';
import { type ComponentType, type LazyExoticComponent, lazy, Suspense, useState } from 'react';
import { matchPath, Navigate, Outlet, Route, Routes, useLocation } from 'react-router-dom';
import { ErrorCard } from './RouteError';
import { RouteErrorBoundary } from './RouteErrorBoundary';

/*
 * Declarative routing (react-router's <Routes>, not the data router): the data router's code was 16 KB gzip
 * of the first download. Each page loads its own data (src/ui/records/useRecord.ts) and its code
 * lazily, so the first download is React, the router and the theme.
 */

/** A screen's code, fetched on demand: `load` warms it ahead, `Screen` renders it. */
function screen(load: () => Promise<{ default: ComponentType }>) {
  return { load, Screen: lazy(load) };
}
type Screen = ReturnType<typeof screen>;
const named =
  <M,>(pick: (module: M) => ComponentType) =>
  (module: M) => ({ default: pick(module) });

const sessionRoot = screen(() => import('./session/SessionRoot'));
const appShell = screen(() => import('./AppShell'));
const exempt = () => import('./pages/ExemptPages');

/** Pages outside the app shell. */
const OPEN_PAGES = {
  'auth/login': screen(() => import('@src/features/signIn/SignInView')),
  'auth/signup': screen(() => import('@src/features/signUp/SignUpView')),
  'auth/logout': screen(() => import('./logout')),
  // Open to signed-out visitors (spec §4 exempt paths).
  'appsumo/activate': screen(() => exempt().then(named((m) => m.AppSumoActivateView))),
  // /auth/federate (single sign-on) is the server's: server/sso/routes.ts, isServerRoute.
  bff: screen(() => exempt().then(named((m) => m.BffView))),
  // Open to signed-out visitors (it says so and links to sign-in); a finished user goes on to /.
  onboarding: screen(() => import('@src/features/onboarding/OnboardingView')),
  // The invitation e-mail's link (issue 26): open to signed-out visitors (an exempt path of the session).
  'auth/invitation/:token': screen(() => import('@src/features/invitation/InvitationView')),
  // The charts explorer (issue 30): open to signed-in members, to everyone with CHARTS_PUBLIC=on (its API says).
  charts: screen(() => import('@src/features/charts/ChartsRoute')),
  'charts/:id': screen(() => import('@src/features/charts/ChartsRoute')),
};

/** The signed-in pages, inside the app shell (navbar, switchers, trial banner and overlay). */
const SHELL_PAGES = {
  '/': screen(() => import('@src/features/dashboard/DashboardView')),
  campaigns: screen(() => import('@src/features/campaigns/CampaignsView')),
  'campaigns/:id': screen(() => import('@src/features/campaigns/CampaignView')),
  // Plan revisions (issue 27): the comparison of two revisions (the review page is /campaigns/:id/revisions/:n).
  'campaigns/:id/revisions/:a/compare/:b': screen(() => import('@src/features/revisions/CompareView')),
  bookings: screen(() => import('@src/features/bookings/BookingsView')),
  'bookings/:id': screen(() => import('@src/features/bookings/BookingView')),
  budgets: screen(() => import('@src/features/budgets/BudgetsView')),
  'budgets/new': screen(() => import('@src/features/budgets/BudgetCreateView')),
  'budgets/:id': screen(() => import('@src/features/budgets/BudgetView')),
  'budgets/:id/edit': screen(() => import('@src/features/budgets/BudgetEditView')),
  // Open when the trial has expired (a `reports` segment is exempt: contract/billing.ts).
  reports: screen(() => import('@src/features/reports/ReportsView').then(named((m) => m.ReportsView))),
  customers: screen(() => import('@src/features/customers/CustomersView')),
  activity: screen(() => import('@src/features/activity/ActivityView')),
  // The planning wizard: /planning/wizard/new/overview (a new plan, `campaignId` = 'new'),
  // /planning/wizard/{campaignId}/{step}, and /planning/wizard/{campaignId} (resumes).
  'planning/wizard/:campaignId/:step?': screen(() => import('@src/features/planning/WizardView')),
  // Open even when the trial has expired (contract/billing TRIAL_EXEMPT_SEGMENTS).
  platforms: screen(() =>
    import('@src/features/platforms/PlatformsView').then(named((m) => m.PlatformsView)),
  ),
  // Settings pages (organizations, accounts, billing, white-label, security; team and single sign-on below).
  organizations: screen(() => import('@src/features/organizations/OrganizationsView')),
  accounts: screen(() => import('@src/features/accounts/AccountsView')),
  billing: screen(() => import('@src/features/billing/BillingView')),
  'billing/plans': screen(() => import('@src/features/billing/PlansView')),
  'settings/white-label': screen(() => import('@src/features/whiteLabel/WhiteLabelView')),
  'settings/security': screen(() => import('@src/features/security/SecurityView')),
  // Teams (issue 26): the current organization's members, and any organization's from its page.
  'settings/team': screen(() => import('@src/features/team/TeamView')),
  'organizations/:id/members': screen(() => import('@src/features/team/TeamView')),
  // Sign-off (issue 27): one revision of a plan, for its approvers.
  'campaigns/:id/revisions/:n': screen(() => import('@src/features/signOff/SignOffView')),
  // Single sign-on (issue 26): the organization's identity provider, for owners and admins.
  'settings/sso': screen(() => import('@src/features/sso/SsoSettingsView')),
  // Notifications (issue 27): which ones also come by e-mail.
  'settings/notifications': screen(
    () => import('@src/features/notificationSettings/NotificationSettingsView'),
  ),
  // Pacing alerts (issue 28): the current account's thresholds.
  'settings/pacing': screen(() => import('@src/features/pacingSettings/PacingSettingsView')),
};

/**
 * Fetches the code of the page at `pathname` and of what wraps it all at once, rather than one after the
 * other as each lazy component renders (the data router's route `lazy` did the same).
 */
function preloadScreens(pathname: string) {
  const find = (pages: Record<string, Screen>) =>
    Object.entries(pages).find(([path]) => matchPath(path, pathname))?.[1];
  const open = find(OPEN_PAGES);
  // Any path outside the open pages shows inside the shell (a page, or "Not found").
  const wanted = open ? [sessionRoot, open] : [sessionRoot, appShell, find(SHELL_PAGES)];
  for (const screen of wanted) void screen?.load().catch(() => undefined);
}

/** A lazily loaded screen; `inline` inside the app shell (below the navbar), a page of its own otherwise. */
function page({ Screen }: { Screen: LazyExoticComponent<ComponentType> }, inline = false) {
  return (
    <Suspense fallback={<PageLoading inline={inline} />}>
      <Screen />
    </Suspense>
  );
}

/** Errors of the signed-in pages (a 404 record, a failed load, a crash) show inside the shell. */
function ShellPages() {
  return (
    <RouteErrorBoundary inline>
      <Outlet />
    </RouteErrorBoundary>
  );
}

/** Every screen of the app: in a history router in the app (main.tsx), in a memory history in tests. */
export function AppRoutes() {
  const { pathname } = useLocation();
  // Once, before the first render's lazy screens would ask for their code one after the other.
  useState(() => preloadScreens(pathname));
  return (
    // Errors outside the app shell: a page of its own.
    <RouteErrorBoundary>
      <Routes>
        {/* The session (spec §4) wraps every page: it decides who may see what, and keeps the page chrome. */}
        <Route element={page(sessionRoot)}>
          {Object.entries(OPEN_PAGES).map(([path, open]) => (
            <Route key={path} path={path} element={page(open)} />
          ))}
          <Route element={page(appShell)}>
            <Route element={<ShellPages />}>
              {Object.entries(SHELL_PAGES).map(([path, signedIn]) =>
                path === '/' ? (
                  <Route key={path} index element={page(signedIn, true)} />
                ) : (
                  <Route key={path} path={path} element={page(signedIn, true)} />
                ),
              )}
              {/* The Settings tab: its pages share the /settings prefix, so the tab stays current on each. */}
              <Route path="settings" element={<Navigate to="/settings/white-label" replace />} />
              {/* Any path no page claims: the error screen's "Not found", inside the app. */}
              <Route path="*" element={<ErrorCard status={404} inline />} />
            </Route>
          </Route>
        </Route>
      </Routes>
    </RouteErrorBoundary>
  );
}

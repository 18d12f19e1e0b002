import { type ComponentType, type LazyExoticComponent, lazy, Suspense } from 'react';
import { Navigate, Outlet, Route, Routes } from 'react-router-dom';
import { PageLoading } from '../ui/PageLoading';
import { ErrorCard } from './RouteError';
import { RouteErrorBoundary } from './RouteErrorBoundary';

/*
 * Declarative routing (react-router's <Routes>, not the data router): the data router alone weighed 16 KB
 * gzip of the first download. Each page loads its own data (src/ui/records/useRecord.ts) and its code
 * lazily, so the first download is React, the router and the theme.
 */

const SessionRoot = lazy(() => import('./session/SessionRoot'));
const AppShell = lazy(() => import('./AppShell'));
const LogoutPage = lazy(() => import('./logout'));
const SignInView = lazy(() => import('../features/signIn/SignInView'));
const SignUpView = lazy(() => import('../features/signUp/SignUpView'));
const exempt = () => import('./pages/ExemptPages');
const AppSumoActivateView = lazy(() => exempt().then((m) => ({ default: m.AppSumoActivateView })));
const FederateView = lazy(() => exempt().then((m) => ({ default: m.FederateView })));
const BffView = lazy(() => exempt().then((m) => ({ default: m.BffView })));
const OnboardingView = lazy(() => import('../features/onboarding/OnboardingView'));
const DashboardView = lazy(() => import('../features/dashboard/DashboardView'));
const CampaignsView = lazy(() => import('../features/campaigns/CampaignsView'));
const CampaignView = lazy(() => import('../features/campaigns/CampaignView'));
const BookingsView = lazy(() => import('../features/bookings/BookingsView'));
const BookingView = lazy(() => import('../features/bookings/BookingView'));
const BudgetsView = lazy(() => import('../features/budgets/BudgetsView'));
const BudgetCreateView = lazy(() => import('../features/budgets/BudgetCreateView'));
const BudgetView = lazy(() => import('../features/budgets/BudgetView'));
const BudgetEditView = lazy(() => import('../features/budgets/BudgetEditView'));
const ReportsView = lazy(() =>
  import('../features/reports/ReportsView').then((m) => ({ default: m.ReportsView })),
);
const CustomersView = lazy(() => import('../features/customers/CustomersView'));
const WizardView = lazy(() => import('../features/planning/WizardView'));
const PlatformsView = lazy(() =>
  import('../features/platforms/PlatformsView').then((m) => ({ default: m.PlatformsView })),
);
const OrganizationsView = lazy(() => import('../features/organizations/OrganizationsView'));
const AccountsView = lazy(() => import('../features/accounts/AccountsView'));
const BillingView = lazy(() => import('../features/billing/BillingView'));
const PlansView = lazy(() => import('../features/billing/PlansView'));
const WhiteLabelView = lazy(() => import('../features/whiteLabel/WhiteLabelView'));
const SecurityView = lazy(() => import('../features/security/SecurityView'));

/** A lazily loaded screen; `inline` inside the app shell (below the navbar), a page of its own otherwise. */
function page(Screen: LazyExoticComponent<ComponentType>, inline = false) {
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

const shellPage = (Screen: LazyExoticComponent<ComponentType>) => page(Screen, true);

/** Every screen of the app: in a history router in the app (main.tsx), in a memory history in tests. */
export function AppRoutes() {
  return (
    // Errors outside the app shell: a page of its own.
    <RouteErrorBoundary>
      <Routes>
        {/* The session (spec §4) wraps every page: it decides who may see what, and keeps the page chrome. */}
        <Route element={page(SessionRoot)}>
          <Route path="auth/login" element={page(SignInView)} />
          <Route path="auth/signup" element={page(SignUpView)} />
          <Route path="auth/logout" element={page(LogoutPage)} />
          {/* Open to signed-out visitors (spec §4 exempt paths). */}
          <Route path="appsumo/activate" element={page(AppSumoActivateView)} />
          <Route path="auth/federate" element={page(FederateView)} />
          <Route path="bff" element={page(BffView)} />
          {/* Open to signed-out visitors (it says so and links to sign-in); a finished user goes on to /. */}
          <Route path="onboarding" element={page(OnboardingView)} />
          {/* The app shell: navbar, switchers, trial banner and overlay around every page below. */}
          <Route element={page(AppShell)}>
            <Route element={<ShellPages />}>
              <Route index element={shellPage(DashboardView)} />
              <Route path="campaigns" element={shellPage(CampaignsView)} />
              <Route path="campaigns/:id" element={shellPage(CampaignView)} />
              <Route path="bookings" element={shellPage(BookingsView)} />
              <Route path="bookings/:id" element={shellPage(BookingView)} />
              <Route path="budgets" element={shellPage(BudgetsView)} />
              <Route path="budgets/new" element={shellPage(BudgetCreateView)} />
              <Route path="budgets/:id" element={shellPage(BudgetView)} />
              <Route path="budgets/:id/edit" element={shellPage(BudgetEditView)} />
              {/* Open when the trial has expired (a `reports` segment is exempt: contract/billing.ts). */}
              <Route path="reports" element={shellPage(ReportsView)} />
              <Route path="customers" element={shellPage(CustomersView)} />
              {/* The planning wizard: /planning/wizard/new/overview (a new plan, `campaignId` = 'new'),
                  /planning/wizard/{campaignId}/{step}, and /planning/wizard/{campaignId} (resumes). */}
              <Route path="planning/wizard/:campaignId/:step?" element={shellPage(WizardView)} />
              {/* Open even when the trial has expired (contract/billing TRIAL_EXEMPT_SEGMENTS). */}
              <Route path="platforms" element={shellPage(PlatformsView)} />
              {/* Settings pages (organizations, accounts, billing, white-label, security). */}
              <Route path="organizations" element={shellPage(OrganizationsView)} />
              <Route path="accounts" element={shellPage(AccountsView)} />
              <Route path="billing" element={shellPage(BillingView)} />
              <Route path="billing/plans" element={shellPage(PlansView)} />
              {/* The Settings tab: its pages share the /settings prefix, so the tab stays current on each. */}
              <Route path="settings" element={<Navigate to="/settings/white-label" replace />} />
              <Route path="settings/white-label" element={shellPage(WhiteLabelView)} />
              <Route path="settings/security" element={shellPage(SecurityView)} />
              {/* Any path no page claims: the error screen's "Not found", inside the app. */}
              <Route path="*" element={<ErrorCard status={404} inline />} />
            </Route>
          </Route>
        </Route>
      </Routes>
    </RouteErrorBoundary>
  );
}

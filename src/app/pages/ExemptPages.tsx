import { useSession } from '@src/api/session';
import { AuthLayout } from '@src/ui/AuthLayout';
import * as page from '@src/ui/authPage.css';
import { button } from '@src/ui/button.css';
import { Link } from 'react-router-dom';

/** Where to go from a page outside the app: into it when signed in, to sign in otherwise. */
function Onward() {
  const { isSignedIn } = useSession();
  return (
    <div className={page.actionRow}>
      {isSignedIn ? (
        <Link to="/" className={button.primary}>
          Go to the dashboard
        </Link>
      ) : (
        <>
          <Link to="/auth/login" className={button.primary}>
            Sign in
          </Link>
          <Link to="/auth/signup" className={button.secondary}>
            Create an account
          </Link>
        </>
      )}
    </div>
  );
}

/** /appsumo/activate: open to signed-out visitors (spec §4). This installation sells no AppSumo codes. */
export function AppSumoActivateView() {
  return (
    <AuthLayout
      title="Activate an AppSumo code"
      subtitle="AppSumo codes cannot be redeemed on this installation of Flightplan. Every new organization starts with a 7-day trial instead; choose a plan from Billing whenever you are ready."
    >
      <Onward />
    </AuthLayout>
  );
}

/** /bff: the backend-for-frontend's entry, open to signed-out visitors; nothing to show a person. */
export function BffView() {
  return (
    <AuthLayout
      title="Nothing to see here"
      subtitle="This address belongs to the app's server side and has no page of its own."
    >
      <Onward />
    </AuthLayout>
  );
}

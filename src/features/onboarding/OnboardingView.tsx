import { type SignedInUser, useCurrentUser } from '@src/api/session';
import { loginPathFor } from '@src/lib/returnUrl';
import { AlertRegion } from '@src/ui/Alert';
import { AuthLayout } from '@src/ui/AuthLayout';
import * as page from '@src/ui/authPage.css';
import { Button } from '@src/ui/Button';
import { TextField } from '@src/ui/TextField';
import type { FormEvent } from 'react';
import { Link, Navigate } from 'react-router-dom';
import * as styles from './onboarding.css';
import { useOnboarding } from './useOnboarding';

function OnboardingForm({ user }: { user: SignedInUser }) {
  const { view, fieldRef, changeField, submit } = useOnboarding(user);
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    submit();
  };
  return (
    <>
      <form className={page.form} onSubmit={onSubmit} noValidate aria-busy={view.isSubmitting}>
        <AlertRegion message={view.formError} />
        <fieldset className={styles.group}>
          <legend className={styles.legend}>About you</legend>
          <div className={page.row}>
            <TextField
              label="First name"
              name="firstName"
              autoComplete="given-name"
              value={view.values.firstName}
              onValueChange={(value) => changeField('firstName', value)}
              error={view.fieldErrors.firstName}
              readOnly={view.isLocked}
              inputRef={fieldRef('firstName')}
            />
            <TextField
              label="Last name"
              name="lastName"
              autoComplete="family-name"
              value={view.values.lastName}
              onValueChange={(value) => changeField('lastName', value)}
              error={view.fieldErrors.lastName}
              readOnly={view.isLocked}
              inputRef={fieldRef('lastName')}
            />
          </div>
        </fieldset>
        <fieldset className={styles.group}>
          <legend className={styles.legend}>Your workspace</legend>
          <TextField
            label="Organization name"
            name="organizationName"
            autoComplete="organization"
            placeholder="Your agency or company"
            value={view.values.organizationName}
            onValueChange={(value) => changeField('organizationName', value)}
            error={view.fieldErrors.organizationName}
            readOnly={view.isLocked}
            inputRef={fieldRef('organizationName')}
          />
          <TextField
            label="First account (client) name"
            name="accountName"
            autoComplete="off"
            placeholder="A client or brand you plan campaigns for"
            value={view.values.accountName}
            onValueChange={(value) => changeField('accountName', value)}
            error={view.fieldErrors.accountName}
            readOnly={view.isLocked}
            inputRef={fieldRef('accountName')}
          />
          <p className={styles.hint}>You can add more accounts, and more organizations, later.</p>
        </fieldset>
        <Button type="submit" variant="primary" block disabled={view.isLocked}>
          {view.submitLabel}
        </Button>
      </form>
      <p className={page.footer}>
        {`Signed in as ${user.email}. `}
        <Link to="/auth/logout" className={page.link}>
          Sign out
        </Link>
      </p>
    </>
  );
}

/**
 * /onboarding: “Set up your workspace” for a signed-in user who has none yet. The page is open to
 * signed-out visitors (spec §4) and says they must sign in; a user who finished onboarding goes on to /.
 */
export function OnboardingView() {
  const user = useCurrentUser();
  if (user && !user.requiresOnboarding) return <Navigate to="/" replace />;
  if (!user) {
    return (
      <AuthLayout
        title="Set up your workspace"
        subtitle="Sign in first, then name your organization and its first account."
      >
        <div className={page.actions}>
          <Link to={loginPathFor('/onboarding')} className={styles.signInLink}>
            Sign in
          </Link>
        </div>
        <p className={page.footer}>
          New to Flightplan?{' '}
          <Link to="/auth/signup" className={page.link}>
            Create an account
          </Link>
        </p>
      </AuthLayout>
    );
  }
  return (
    <AuthLayout
      title="Set up your workspace"
      subtitle="Tell us your name, then name your organization and the first client or brand you work for."
    >
      <OnboardingForm user={user} />
    </AuthLayout>
  );
}

export default OnboardingView;

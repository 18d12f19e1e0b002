import { useSession } from '@src/api/session';
import { AlertRegion } from '@src/ui/Alert';
import { AuthLayout } from '@src/ui/AuthLayout';
import * as page from '@src/ui/authPage.css';
import { Button } from '@src/ui/Button';
import { Notice } from '@src/ui/settings/Notice';
import { TextField } from '@src/ui/TextField';
import type { FormEvent } from 'react';
import { Link, useParams } from 'react-router-dom';
import { useInvitation } from './useInvitation';

/** `/auth/invitation/:token`: the invitation e-mail's link, open to signed-out visitors. */
export function InvitationView() {
  const { token = '' } = useParams();
  const { user } = useSession();
  // Another token or another signed-in user is another page: its own chart.
  const email = user?.email ?? null;
  return <InvitationPage key={`${token}|${email ?? ''}`} token={token} signedInEmail={email} />;
}

function InvitationPage({ token, signedInEmail }: { token: string; signedInEmail: string | null }) {
  const view = useInvitation(token, signedInEmail);
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    view.submit();
  };
  return (
    <AuthLayout title={view.title} subtitle={view.summary ?? undefined}>
      {view.phase === 'loading' ? (
        <p className={page.subtitle} aria-busy="true">
          Checking your invitation…
        </p>
      ) : null}
      {view.loadError ? (
        <Notice
          tone="error"
          actions={
            <Button variant="secondary" onClick={view.retry}>
              Try again
            </Button>
          }
        >
          {view.loadError}
        </Notice>
      ) : null}
      {view.endedMessage ? (
        <div className={page.actions}>
          <Notice tone="warning">{view.endedMessage}</Notice>
          <p className={page.footer}>
            <Link to="/auth/login" className={page.link}>
              Sign in
            </Link>
          </p>
        </div>
      ) : null}
      {view.form ? (
        <form className={page.form} onSubmit={onSubmit} noValidate aria-busy={view.isBusy}>
          <AlertRegion message={view.formError} />
          {view.form === 'signUp' ? (
            <div className={page.row}>
              <TextField
                label="First name"
                name="firstName"
                autoComplete="given-name"
                value={view.values.firstName}
                onValueChange={(value) => view.changeField('firstName', value)}
                error={view.fieldErrors.firstName}
                readOnly={view.isBusy}
              />
              <TextField
                label="Last name"
                name="lastName"
                autoComplete="family-name"
                value={view.values.lastName}
                onValueChange={(value) => view.changeField('lastName', value)}
                error={view.fieldErrors.lastName}
                readOnly={view.isBusy}
              />
            </div>
          ) : null}
          <TextField
            label="E-mail address"
            type="email"
            name="email"
            autoComplete="username"
            value={view.email}
            onValueChange={() => undefined}
            readOnly
          />
          <TextField
            label="Password"
            type="password"
            name="password"
            autoComplete={view.form === 'signUp' ? 'new-password' : 'current-password'}
            placeholder={view.form === 'signUp' ? 'At least 8 characters' : undefined}
            value={view.values.password}
            onValueChange={(value) => view.changeField('password', value)}
            error={view.fieldErrors.password}
            readOnly={view.isBusy}
          />
          <Button type="submit" variant="primary" block disabled={view.isBusy}>
            {view.submitLabel}
          </Button>
        </form>
      ) : null}
      {view.canJoin ? (
        <div className={page.form}>
          <AlertRegion message={view.formError} />
          <Button variant="primary" block disabled={view.isBusy} onClick={view.join}>
            {view.joinLabel}
          </Button>
        </div>
      ) : null}
      {view.wrongAddress ? (
        <div className={page.form}>
          <AlertRegion message={view.formError} />
          <Notice tone="warning">{view.wrongAddress}</Notice>
          <Button variant="secondary" block disabled={view.isBusy} onClick={view.signOut}>
            {view.isBusy ? 'Signing out…' : 'Sign out'}
          </Button>
        </div>
      ) : null}
    </AuthLayout>
  );
}

export default InvitationView;

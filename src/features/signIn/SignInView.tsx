import { AlertRegion } from '@src/ui/Alert';
import { AuthLayout } from '@src/ui/AuthLayout';
import * as page from '@src/ui/authPage.css';
import { Button } from '@src/ui/Button';
import { TextField } from '@src/ui/TextField';
import type { FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { useSignIn } from './useSignIn';
import { useSignInBrand } from './useSignInBrand';

export function SignInView() {
  const { view, signUpHref, fieldRef, changeField, submit, startSingleSignOn } = useSignIn();
  const brand = useSignInBrand();
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    submit();
  };
  return (
    <AuthLayout
      title="Sign in"
      subtitle="Welcome back. Sign in to plan and run your campaigns."
      brand={brand}
    >
      <form className={page.form} onSubmit={onSubmit} noValidate aria-busy={view.isSubmitting}>
        <AlertRegion message={view.formError} />
        <TextField
          label="E-mail address"
          type="email"
          name="email"
          autoComplete="username"
          inputMode="email"
          spellCheck={false}
          value={view.values.email}
          onValueChange={(value) => changeField('email', value)}
          error={view.fieldErrors.email}
          readOnly={view.isLocked}
          inputRef={fieldRef('email')}
        />
        <TextField
          label="Password"
          type="password"
          name="password"
          autoComplete="current-password"
          value={view.values.password}
          onValueChange={(value) => changeField('password', value)}
          error={view.fieldErrors.password}
          readOnly={view.isLocked}
          inputRef={fieldRef('password')}
        />
        <Button type="submit" variant="primary" block disabled={view.isLocked}>
          {view.submitLabel}
        </Button>
        <Button type="button" variant="secondary" block disabled={view.isLocked} onClick={startSingleSignOn}>
          {view.ssoLabel}
        </Button>
      </form>
      <p className={page.footer}>
        New to {brand?.brandName ?? 'Flightplan'}?{' '}
        <Link to={signUpHref} className={page.link}>
          Create an account
        </Link>
      </p>
    </AuthLayout>
  );
}

export default SignInView;

import { AlertRegion } from '@src/ui/Alert';
import { AuthLayout } from '@src/ui/AuthLayout';
import * as page from '@src/ui/authPage.css';
import { Button } from '@src/ui/Button';
import { TextField } from '@src/ui/TextField';
import type { FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { useSignUp } from './useSignUp';

export function SignUpView() {
  const { view, signInHref, fieldRef, changeField, submit } = useSignUp();
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    submit();
  };
  return (
    <AuthLayout title="Create your account" subtitle="Plan campaigns across every ad platform in one place.">
      <form className={page.form} onSubmit={onSubmit} noValidate aria-busy={view.isSubmitting}>
        <AlertRegion message={view.formError} />
        <div className={page.row}>
          <TextField
            label="First name"
            name="firstName"
            autoComplete="given-name"
            optional
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
            optional
            value={view.values.lastName}
            onValueChange={(value) => changeField('lastName', value)}
            error={view.fieldErrors.lastName}
            readOnly={view.isLocked}
            inputRef={fieldRef('lastName')}
          />
        </div>
        <TextField
          label="E-mail address"
          type="email"
          name="email"
          autoComplete="email"
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
          autoComplete="new-password"
          placeholder="At least 8 characters"
          value={view.values.password}
          onValueChange={(value) => changeField('password', value)}
          error={view.fieldErrors.password}
          readOnly={view.isLocked}
          inputRef={fieldRef('password')}
        />
        <Button type="submit" variant="primary" block disabled={view.isLocked}>
          {view.submitLabel}
        </Button>
      </form>
      <p className={page.footer}>
        Already have an account?{' '}
        <Link to={signInHref} className={page.link}>
          Sign in
        </Link>
      </p>
    </AuthLayout>
  );
}

export default SignUpView;

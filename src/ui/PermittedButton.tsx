import type { Action } from '@contract/policy';
import { usePermission } from '@src/api/session';
import { useId } from 'react';
import * as a11y from './a11y.css';
import { Button, type ButtonProps } from './Button';

/**
 * A button for an action the member's role may take; otherwise disabled, with the reason in its tooltip and
 * read with it by screen readers ("Clients can't change the organization or its accounts").
 */
export function PermittedButton({ action, ...props }: ButtonProps & { action: Action }) {
  const { allowed, reason } = usePermission(action);
  const reasonId = useId();
  if (allowed) return <Button {...props} />;
  return (
    <>
      <Button
        {...props}
        onClick={undefined}
        disabled
        title={reason ?? undefined}
        aria-describedby={reasonId}
      />
      <span id={reasonId} className={a11y.visuallyHidden}>
        {reason}
      </span>
    </>
  );
}

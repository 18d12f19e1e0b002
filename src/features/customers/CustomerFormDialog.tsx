import { Dialog } from '@ark-ui/react/dialog';
import { Portal } from '@ark-ui/react/portal';
import { type FormEvent, type ReactNode, useId } from 'react';
import { CUSTOMER_NOT_FOUND_MESSAGE } from '../../../contract/campaigns';
import { AlertRegion } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import { hint as hintClass } from '../../ui/field.css';
import * as styles from '../../ui/settings/settings.css';
import { TextField } from '../../ui/TextField';
import { useCustomerForm } from './useCustomerForm';

/**
 * “Create customer” (?modal=create-customer) and “Rename customer” (?renameCustomer=true&customerId=…):
 * open while their parameters are present, over the `customerForm` chart.
 */
export function CustomerFormDialog() {
  const { view, changeName, submit, cancel, retry } = useCustomerForm();
  const hintId = useId();
  if (!view.isOpen) return null;

  const cancelButton = (
    <Button variant="secondary" onClick={cancel}>
      Cancel
    </Button>
  );
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    submit();
  };

  let body: ReactNode;
  if (view.phase === 'loading') {
    body = (
      <div className={styles.dialogBody} aria-busy="true">
        <Dialog.Title className={styles.dialogTitle}>{view.title}</Dialog.Title>
        <Dialog.Description className={styles.dialogText}>Loading…</Dialog.Description>
        <div className={styles.dialogFooter}>{cancelButton}</div>
      </div>
    );
  } else if (view.phase === 'notFound') {
    body = (
      <div className={styles.dialogBody}>
        <Dialog.Title className={styles.dialogTitle}>{view.title}</Dialog.Title>
        <Dialog.Description className={styles.dialogText}>{CUSTOMER_NOT_FOUND_MESSAGE}</Dialog.Description>
        <div className={styles.dialogFooter}>{cancelButton}</div>
      </div>
    );
  } else if (view.phase === 'loadFailed') {
    body = (
      <div className={styles.dialogBody}>
        <Dialog.Title className={styles.dialogTitle}>{view.title}</Dialog.Title>
        <AlertRegion message={view.formError} />
        <div className={styles.dialogFooter}>
          {cancelButton}
          <Button variant="primary" onClick={retry}>
            Try again
          </Button>
        </div>
      </div>
    );
  } else {
    body = (
      <form className={styles.dialogBody} onSubmit={onSubmit} noValidate aria-busy={view.isSubmitting}>
        <Dialog.Title className={styles.dialogTitle}>{view.title}</Dialog.Title>
        <TextField
          label="Customer name"
          name="name"
          autoComplete="off"
          value={view.name}
          onValueChange={changeName}
          error={view.fieldError}
          readOnly={view.isLocked}
          {...(view.fieldError ? {} : { 'aria-describedby': hintId })}
        />
        {view.fieldError ? null : (
          <p id={hintId} className={hintClass}>
            {view.isRename
              ? 'Leave it empty to show the customer as “Unnamed customer”.'
              : 'You can leave it empty and name the customer later.'}
          </p>
        )}
        <AlertRegion message={view.formError} />
        <div className={styles.dialogFooter}>
          {cancelButton}
          <Button type="submit" variant="primary" disabled={view.isLocked}>
            {view.submitLabel}
          </Button>
        </div>
      </form>
    );
  }

  return (
    <Dialog.Root
      open
      onOpenChange={(details) => {
        if (!details.open) cancel();
      }}
    >
      <Portal>
        <Dialog.Backdrop className={styles.backdrop} />
        <Dialog.Positioner className={styles.positioner}>
          <Dialog.Content className={styles.dialog}>{body}</Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

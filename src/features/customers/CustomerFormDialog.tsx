import { Dialog } from '@ark-ui/react/dialog';
import { Portal } from '@ark-ui/react/portal';
import { CUSTOMER_NOT_FOUND_MESSAGE } from '@contract/campaigns';
import { AlertRegion } from '@src/ui/Alert';
import { Button } from '@src/ui/Button';
import * as dialogCss from '@src/ui/dialog.css';
import { hint as hintClass } from '@src/ui/field.css';
import { TextField } from '@src/ui/TextField';
import { type FormEvent, type ReactNode, useId } from 'react';
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
      <div className={dialogCss.dialogBody} aria-busy="true">
        <Dialog.Title className={dialogCss.dialogTitle}>{view.title}</Dialog.Title>
        <Dialog.Description className={dialogCss.dialogText}>Loading…</Dialog.Description>
        <div className={dialogCss.dialogFooter}>{cancelButton}</div>
      </div>
    );
  } else if (view.phase === 'notFound') {
    body = (
      <div className={dialogCss.dialogBody}>
        <Dialog.Title className={dialogCss.dialogTitle}>{view.title}</Dialog.Title>
        <Dialog.Description className={dialogCss.dialogText}>{CUSTOMER_NOT_FOUND_MESSAGE}</Dialog.Description>
        <div className={dialogCss.dialogFooter}>{cancelButton}</div>
      </div>
    );
  } else if (view.phase === 'loadFailed') {
    body = (
      <div className={dialogCss.dialogBody}>
        <Dialog.Title className={dialogCss.dialogTitle}>{view.title}</Dialog.Title>
        <AlertRegion message={view.formError} />
        <div className={dialogCss.dialogFooter}>
          {cancelButton}
          <Button variant="primary" onClick={retry}>
            Try again
          </Button>
        </div>
      </div>
    );
  } else {
    body = (
      <form className={dialogCss.dialogBody} onSubmit={onSubmit} noValidate aria-busy={view.isSubmitting}>
        <Dialog.Title className={dialogCss.dialogTitle}>{view.title}</Dialog.Title>
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
        <div className={dialogCss.dialogFooter}>
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
        <Dialog.Backdrop className={dialogCss.backdrop} />
        <Dialog.Positioner className={dialogCss.positioner}>
          <Dialog.Content className={dialogCss.dialog}>{body}</Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

import { Dialog } from '@ark-ui/react/dialog';
import { Portal } from '@ark-ui/react/portal';
import type { CreatedRecord } from '@machines/createRecord';
import type { FormEvent } from 'react';
import { AlertRegion } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import { linkButton } from '../../ui/button.css';
import * as dialogCss from '../../ui/dialog.css';
import { TextField } from '../../ui/TextField';
import { type CreatableResource, useCreateRecord } from './useCreateRecord';

export interface CreateRecordCopy {
  /** “Create organization” */
  title: string;
  description: string;
  /** “Organization name” */
  label: string;
  placeholder: string;
  requiredMessage: string;
  /** Text under the success title, e.g. “Switch to it to add its first account.” */
  createdText: string;
  /** “Switch to Northwind Media” */
  openLabel: (record: CreatedRecord) => string;
}

function CheckIcon() {
  return (
    <svg width="20" height="20" viewBox="0 0 20 20" aria-hidden="true">
      <path
        d="m5 10.5 3.2 3.2L15 7"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
      />
    </svg>
  );
}

function CreateRecordForm({
  resource,
  copy,
  openHref,
  onCreated,
  onClose,
}: {
  resource: CreatableResource;
  copy: CreateRecordCopy;
  openHref: (record: CreatedRecord) => string;
  onCreated: (record: CreatedRecord) => void;
  onClose: () => void;
}) {
  const { view, inputRef, changeName, submit } = useCreateRecord({
    resource,
    requiredMessage: copy.requiredMessage,
    onCreated,
  });
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    submit();
  };

  if (view.created) {
    const record = view.created;
    return (
      <div className={dialogCss.dialogBody}>
        <span className={dialogCss.successMark}>
          <CheckIcon />
        </span>
        <Dialog.Title className={dialogCss.dialogTitle}>{`${record.name} is ready`}</Dialog.Title>
        <Dialog.Description className={dialogCss.dialogText}>{copy.createdText}</Dialog.Description>
        <div className={dialogCss.dialogFooter}>
          <Button variant="secondary" onClick={onClose}>
            Stay here
          </Button>
          {/* A server route (it switches the session, then redirects): a full page load, not the router. */}
          <a href={openHref(record)} className={linkButton.primary}>
            {copy.openLabel(record)}
          </a>
        </div>
      </div>
    );
  }

  return (
    <form className={dialogCss.dialogBody} onSubmit={onSubmit} noValidate aria-busy={view.isSubmitting}>
      <Dialog.Title className={dialogCss.dialogTitle}>{copy.title}</Dialog.Title>
      <Dialog.Description className={dialogCss.dialogText}>{copy.description}</Dialog.Description>
      <AlertRegion message={view.formError} />
      <TextField
        label={copy.label}
        name="name"
        autoComplete="off"
        placeholder={copy.placeholder}
        value={view.name}
        onValueChange={changeName}
        error={view.fieldError}
        readOnly={view.isLocked}
        inputRef={inputRef}
      />
      <div className={dialogCss.dialogFooter}>
        <Dialog.CloseTrigger asChild>
          <Button variant="secondary">Cancel</Button>
        </Dialog.CloseTrigger>
        <Button type="submit" variant="primary" disabled={view.isLocked}>
          {view.submitLabel}
        </Button>
      </div>
    </form>
  );
}

/**
 * The “Create organization” / “Create account” dialog. The page decides whether it is open (a query
 * parameter); the `createRecord` chart inside decides its phase. Closing it unmounts the form, so the next
 * opening starts afresh.
 */
export function CreateRecordDialog(props: {
  open: boolean;
  resource: CreatableResource;
  copy: CreateRecordCopy;
  openHref: (record: CreatedRecord) => string;
  onCreated: (record: CreatedRecord) => void;
  onClose: () => void;
}) {
  return (
    <Dialog.Root
      open={props.open}
      onOpenChange={(details) => {
        if (!details.open) props.onClose();
      }}
      lazyMount
      unmountOnExit
      initialFocusEl={() => document.querySelector<HTMLInputElement>('[data-create-record] input')}
    >
      <Portal>
        <Dialog.Backdrop className={dialogCss.backdrop} />
        <Dialog.Positioner className={dialogCss.positioner}>
          <Dialog.Content className={dialogCss.dialog} data-create-record="">
            <CreateRecordForm {...props} />
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

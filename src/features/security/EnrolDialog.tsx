import { Dialog } from '@ark-ui/react/dialog';
import { Portal } from '@ark-ui/react/portal';
import type { EnrolAuthenticatorView } from '@machines/enrolAuthenticator';
import { AlertRegion } from '@src/ui/Alert';
import { Button } from '@src/ui/Button';
import * as dialogCss from '@src/ui/dialog.css';
import { TextField } from '@src/ui/TextField';
import { type FormEvent, useCallback, useEffect, useRef, useState } from 'react';
import { CodeField } from './CodeField';
import { ChevronRightIcon, CloseIcon, MethodIcon } from './icons';
import { QrCode } from './QrCode';
import * as styles from './security.css';
import { type EnrolmentRef, useConfirmCodeRef, useEnrolment } from './useSecuritySettings';

/** “JBSW Y3DP EHPK 3PXP”: the secret in groups of four, easier to type by hand. */
export const groupSecret = (secret: string) => secret.replace(/(.{4})(?=.)/g, '$1 ');

function Waiting({ children }: { children: string }) {
  return (
    <div className={styles.waiting} role="status">
      <span className={styles.spinner} aria-hidden="true" />
      <span>{children}</span>
    </div>
  );
}

function Chooser({ view }: { view: EnrolAuthenticatorView }) {
  return (
    <>
      <p className={styles.text} id="enrol-chooser-text">
        Choose how you want to confirm it’s you before risky actions, such as launching or deleting a
        campaign.
      </p>
      <ul className={styles.choiceList} aria-labelledby="enrol-chooser-text">
        {view.choices.map((choice) => (
          <li key={choice.method}>
            <button
              type="button"
              className={styles.choiceButton}
              onClick={() => view.selectMethod(choice.method)}
            >
              <span className={styles.methodIcon}>
                <MethodIcon method={choice.method} />
              </span>
              <span className={styles.choiceText}>
                <span className={styles.choiceLabel}>{choice.label}</span>
                <span className={styles.choiceDescription}>{choice.description}</span>
              </span>
              <ChevronRightIcon className={styles.chevron} />
            </button>
          </li>
        ))}
      </ul>
    </>
  );
}

/** Anything that emits: the dialog's chart, or the code view's chart it runs. */
type Emitter = { on: (type: string, handler: () => void) => { unsubscribe: () => void } };

/** Registers `focus` for an event the chart emits (`address.focus`, or the code view's `code.focus`). */
function useFocusSignal(emitter: Emitter | undefined, type: 'address.focus' | 'code.focus') {
  return useCallback(
    (focus: () => void) => {
      const subscription = emitter?.on(type, () => focus());
      return () => subscription?.unsubscribe();
    },
    [emitter, type],
  );
}

function AddressStep({ view, actorRef }: { view: EnrolAuthenticatorView; actorRef: EnrolmentRef }) {
  const inputRef = useRef<HTMLInputElement | null>(null);
  const subscribeFocus = useFocusSignal(actorRef as unknown as Emitter, 'address.focus');
  useEffect(() => subscribeFocus(() => inputRef.current?.focus()), [subscribeFocus]);
  const isPhone = view.method === 'SMS';
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    view.submitAddress();
  };
  return (
    <form className={dialogCss.dialogBody} onSubmit={onSubmit} noValidate aria-busy={view.isSending}>
      <DialogHeading title={view.title} />
      <p className={styles.text}>
        {isPhone
          ? 'We’ll text a six-digit code to this number. Include the country code.'
          : 'We’ll send a message to this address to check it’s yours.'}
      </p>
      <TextField
        label={view.addressLabel}
        name={isPhone ? 'phoneNumber' : 'email'}
        type={isPhone ? 'tel' : 'email'}
        inputMode={isPhone ? 'tel' : 'email'}
        autoComplete={isPhone ? 'tel' : 'email'}
        placeholder={isPhone ? '+14155550123' : 'you@example.com'}
        value={view.address}
        onValueChange={view.changeAddress}
        error={view.addressError}
        readOnly={view.isSending}
        inputRef={inputRef}
        autoFocus
      />
      {view.delivery ? (
        <fieldset className={styles.fieldset} disabled={view.isSending}>
          <legend className={styles.legend}>Confirm it’s you with</legend>
          <label className={styles.radioRow}>
            <input
              type="radio"
              className={styles.radio}
              name="delivery"
              checked={view.delivery === 'code'}
              onChange={() => view.selectDelivery('code')}
            />
            A six-digit code
          </label>
          <label className={styles.radioRow}>
            <input
              type="radio"
              className={styles.radio}
              name="delivery"
              checked={view.delivery === 'link'}
              onChange={() => view.selectDelivery('link')}
            />
            A link to click
          </label>
        </fieldset>
      ) : null}
      <div className={dialogCss.dialogFooter}>
        <Button variant="secondary" onClick={view.chooseAnotherMethod}>
          Choose another method
        </Button>
        <Button type="submit" variant="primary" disabled={view.isSending}>
          {view.isSending ? 'Sending…' : view.delivery === 'link' ? 'Send link' : 'Send code'}
        </Button>
      </div>
    </form>
  );
}

function SecretBox({ secret }: { secret: string }) {
  const [copied, setCopied] = useState(false);
  const canCopy = typeof navigator !== 'undefined' && Boolean(navigator.clipboard);
  return (
    <div className={styles.secretBox}>
      <code className={styles.secret} data-testid="totp-secret">
        {groupSecret(secret)}
      </code>
      {canCopy ? (
        <Button
          variant="ghost"
          className={styles.smallButton}
          onClick={() =>
            void navigator.clipboard.writeText(secret).then(
              () => setCopied(true),
              () => setCopied(false),
            )
          }
        >
          {copied ? 'Copied' : 'Copy'}
        </Button>
      ) : null}
    </div>
  );
}

function ConfirmStep({ view, actorRef }: { view: EnrolAuthenticatorView; actorRef: EnrolmentRef }) {
  // The code field is the code view's chart (codeEntry): it asks for the focus after a wrong code.
  const subscribeFocus = useFocusSignal(useConfirmCodeRef(actorRef) as Emitter | undefined, 'code.focus');
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    view.submitCode();
  };
  return (
    <form className={dialogCss.dialogBody} onSubmit={onSubmit} noValidate aria-busy={view.isVerifying}>
      <DialogHeading title={view.title} />
      {view.app ? (
        <>
          <p className={styles.text}>
            Scan this QR code with your authenticator app, such as Google Authenticator, Microsoft
            Authenticator or 1Password.
          </p>
          <div className={styles.appSetup}>
            <span className={styles.qrFrame}>
              <QrCode
                value={view.app.uri}
                label="QR code to scan with your authenticator app"
                className={styles.qr}
              />
            </span>
            <div className={styles.manualEntry}>
              <p className={styles.text}>Can’t scan it? Enter this key in the app instead:</p>
              <SecretBox secret={view.app.secret} />
              <a className={styles.appLink} href={view.app.uri}>
                Open in an authenticator app on this device
              </a>
            </div>
          </div>
          <p className={styles.text}>{view.prompt}</p>
        </>
      ) : (
        <p className={styles.text}>{view.prompt}</p>
      )}
      <CodeField
        code={view.code}
        error={view.codeError}
        invalid={view.isCodeInvalid}
        readOnly={view.isVerifying}
        onChange={view.changeCode}
        subscribeFocus={subscribeFocus}
      />
      <ResendLinks view={view} />
      <AlertRegion message={view.error} />
      <div className={dialogCss.dialogFooter}>
        <Button type="submit" variant="primary" disabled={view.isVerifying}>
          {view.isVerifying ? 'Verifying…' : 'Verify'}
        </Button>
      </div>
    </form>
  );
}

function ResendLinks({ view }: { view: EnrolAuthenticatorView }) {
  if (!view.canResend && !view.canEditAddress) return null;
  return (
    <div className={styles.resend}>
      <p className={styles.text} role="status">
        {view.isResending ? 'Sending…' : view.notice}
      </p>
      <div className={styles.links}>
        {view.canResend ? (
          <button
            type="button"
            className={styles.linkButton}
            disabled={view.isResending}
            onClick={view.resend}
          >
            {view.resendLabel}
          </button>
        ) : null}
        {view.canEditAddress ? (
          <button type="button" className={styles.linkButton} onClick={view.editAddress}>
            {view.editAddressLabel}
          </button>
        ) : null}
      </div>
    </div>
  );
}

function DialogHeading({ title }: { title: string }) {
  return (
    <div className={styles.dialogHeader}>
      <Dialog.Title className={`${dialogCss.dialogTitle} ${styles.title}`} tabIndex={-1} data-enrol-title="">
        {title}
      </Dialog.Title>
      <Dialog.CloseTrigger className={styles.closeButton} aria-label="Close">
        <CloseIcon />
      </Dialog.CloseTrigger>
    </div>
  );
}

const WAITING_TEXT = {
  PASSKEY: 'Follow your browser’s prompt to create a passkey on this device…',
  SECURITY_KEY: 'Insert your security key and touch it when it blinks…',
} as const;

/**
 * When a step replaces the control that had the focus (the chosen method, “Send link”, “Try again”), the
 * focus goes to the new step's title, so it is read out and the keyboard stays in the dialog. Steps with a
 * field or a main button focus that themselves (autoFocus).
 */
function useStepFocus(step: string) {
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on purpose after every change of step.
  useEffect(() => {
    const active = document.activeElement;
    const dialog = document.querySelector('[data-testid="enrol-dialog"]');
    if (!dialog || (active && active !== document.body && dialog.contains(active))) return;
    dialog.querySelector<HTMLElement>('[data-enrol-title]')?.focus();
  }, [step]);
}

function EnrolBody({ actorRef }: { actorRef: EnrolmentRef }) {
  const view = useEnrolment(actorRef);
  useStepFocus(view.step);
  switch (view.step) {
    case 'address':
      return <AddressStep view={view} actorRef={actorRef} />;
    case 'confirming':
      return <ConfirmStep view={view} actorRef={actorRef} />;
    default:
      break;
  }
  const ceremony = view.method === 'PASSKEY' || view.method === 'SECURITY_KEY' ? view.method : null;
  return (
    <div className={dialogCss.dialogBody}>
      <DialogHeading title={view.title} />
      {view.step === 'choosing' ? <Chooser view={view} /> : null}
      {view.step === 'registering' && ceremony ? <Waiting>{WAITING_TEXT[ceremony]}</Waiting> : null}
      {view.step === 'preparingApp' ? <Waiting>Preparing your secret key…</Waiting> : null}
      {view.step === 'waitingForLink' || view.step === 'linkFailed' ? (
        <>
          <p className={styles.text}>{view.prompt}</p>
          {view.step === 'waitingForLink' ? <Waiting>Waiting for you to click the link…</Waiting> : null}
          <ResendLinks view={view} />
        </>
      ) : null}
      <AlertRegion message={view.error} />
      {view.step === 'registerFailed' || view.step === 'prepareFailed' ? (
        <div className={dialogCss.dialogFooter}>
          <Button variant="secondary" onClick={view.chooseAnotherMethod}>
            Choose another method
          </Button>
          <Button variant="primary" onClick={view.retry} autoFocus>
            Try again
          </Button>
        </div>
      ) : null}
    </div>
  );
}

/**
 * “Add a sign-in method”: a dialog over the `enrolAuthenticator` chart, open while the page's chart has it
 * running. Closing it (Escape, ×, outside) cancels.
 */
export function EnrolDialog({ actorRef, onClose }: { actorRef: EnrolmentRef | null; onClose: () => void }) {
  return (
    <Dialog.Root
      open={actorRef !== null}
      onOpenChange={(details) => {
        if (!details.open) onClose();
      }}
      lazyMount
      unmountOnExit
    >
      <Portal>
        <Dialog.Backdrop className={dialogCss.backdrop} />
        <Dialog.Positioner className={dialogCss.positioner}>
          <Dialog.Content className={dialogCss.dialog} data-testid="enrol-dialog">
            {actorRef ? <EnrolBody actorRef={actorRef} /> : null}
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

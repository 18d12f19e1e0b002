import { PinInput, usePinInput } from '@ark-ui/react/pin-input';
import { type CodeEntryMachine, connectCodeEntry } from '@machines/codeEntry';
import { CODE_LENGTH } from '@machines/delays';
import { visuallyHidden } from '@src/ui/a11y.css';
import { Button } from '@src/ui/Button';
import { useSelector } from '@xstate/react';
import { type FormEvent, useEffect, useId, useRef } from 'react';
import type { ActorRefFrom } from 'xstate';
import * as styles from './challenge.css';

const DELIVERY_TEXT = {
  sending: 'Sending a code…',
  coolingDown: 'Code sent. You can ask for a new one in 30 seconds.',
  ready: 'Didn’t get it?',
  failed: null,
  none: null,
} as const;

/** Authenticator app, e-mail code and text-message code: the `codeEntry` chart's view. */
export function CodeView({ actorRef, prompt }: { actorRef: ActorRefFrom<CodeEntryMachine>; prompt: string }) {
  const view = useSelector(actorRef, (snapshot) => connectCodeEntry(snapshot, actorRef.send));
  const errorId = useId();
  const pinInput = usePinInput({
    count: CODE_LENGTH,
    otp: true,
    type: 'numeric',
    required: true,
    placeholder: '',
    invalid: view.isInvalid,
    readOnly: view.isReadOnly,
    translations: { inputLabel: (index, length) => `Digit ${index + 1} of ${length}` },
    // A view mounted again (the dialog turned into the drawer, or back, as the window crossed 768 px) starts
    // from the digits the chart holds.
    defaultValue: actorRef.getSnapshot().context.code.split(''),
    // Only real changes: the chart's own reset (code cleared, then the slots) must not count as typing,
    // which would also wipe the wrong-code message ("… 4 attempts left.") 500 ms after it appeared.
    onValueChange: ({ valueAsString }) => {
      if (valueAsString !== actorRef.getSnapshot().context.code) view.changeCode(valueAsString);
    },
  });
  // The field keeps its own digits (controlling them per keystroke fights its focus handling); every change
  // goes to the chart, and the chart's reset after an error clears the slots and refocuses the first.
  const pinRef = useRef(pinInput);
  pinRef.current = pinInput;
  useEffect(() => {
    const subscription = actorRef.on('code.focus', () => {
      pinRef.current.clearValue();
      pinRef.current.focus();
    });
    return () => subscription.unsubscribe();
  }, [actorRef]);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    view.submit();
  };

  return (
    <form className={styles.body} onSubmit={onSubmit} noValidate aria-busy={view.phase === 'loading'}>
      <p className={styles.text}>{prompt}</p>
      <PinInput.RootProvider value={pinInput}>
        <PinInput.Label className={visuallyHidden}>Verification code</PinInput.Label>
        <PinInput.Control
          className={view.isInvalid ? `${styles.pinControl} ${styles.pinControlShaking}` : styles.pinControl}
        >
          {Array.from({ length: CODE_LENGTH }, (_, index) => (
            <PinInput.Input
              // biome-ignore lint/suspicious/noArrayIndexKey: the slots are positions.
              key={index}
              index={index}
              className={styles.pinInput}
              aria-describedby={view.fieldError ? errorId : undefined}
            />
          ))}
        </PinInput.Control>
        <PinInput.HiddenInput name="code" />
      </PinInput.RootProvider>
      <p id={errorId} role="alert" className={styles.fieldError}>
        {view.fieldError}
      </p>
      <Button type="submit" variant="primary" block disabled={view.isReadOnly}>
        {view.phase === 'loading' ? 'Verifying…' : 'Verify'}
      </Button>
      {view.showsResend ? (
        <div className={styles.actions}>
          {view.deliveryError ? (
            <p role="alert" className={styles.errorText}>
              {view.deliveryError}
            </p>
          ) : (
            <p className={styles.text} aria-live="polite">
              {DELIVERY_TEXT[view.delivery]}
            </p>
          )}
          <button
            type="button"
            className={styles.linkButton}
            disabled={!view.canResend}
            onClick={view.resend}
          >
            Send a new code
          </button>
        </div>
      ) : null}
    </form>
  );
}

import { PinInput, usePinInput } from '@ark-ui/react/pin-input';
import { CODE_LENGTH } from '@machines/delays';
import { useEffect, useId, useRef } from 'react';
import * as styles from './security.css';

/**
 * Six digit slots (Ark PinInput, one-time-code autofill). The sixth digit submits (the chart decides); a
 * wrong code shakes the slots and the message under them is announced. `focusSignal` changing moves the
 * focus back to the first slot (after a wrong code is cleared).
 */
export function CodeField({
  code,
  error,
  invalid,
  readOnly,
  onChange,
  subscribeFocus,
}: {
  code: string;
  error: string | null;
  invalid: boolean;
  readOnly: boolean;
  onChange: (value: string) => void;
  /** Registers a callback the chart calls when the field should take the focus again. */
  subscribeFocus: (focus: () => void) => () => void;
}) {
  const labelId = useId();
  const errorId = useId();
  // The slots keep their own digits (controlling them per keystroke loses fast typing); every change goes to
  // the chart, and when the chart clears a wrong code, the slots are cleared here and take the focus again.
  const codeRef = useRef(code);
  codeRef.current = code;
  const pinInput = usePinInput({
    count: CODE_LENGTH,
    otp: true,
    type: 'numeric',
    placeholder: '',
    invalid: Boolean(error) || invalid,
    readOnly,
    translations: { inputLabel: (index, length) => `Digit ${index + 1} of ${length}` },
    onValueChange: ({ valueAsString }) => {
      if (valueAsString !== codeRef.current) onChange(valueAsString);
    },
  });
  const pinRef = useRef(pinInput);
  pinRef.current = pinInput;
  useEffect(
    () =>
      subscribeFocus(() => {
        pinRef.current.clearValue();
        pinRef.current.focus();
      }),
    [subscribeFocus],
  );
  // The chart emptied the code another way (a new code was sent): empty the slots too.
  useEffect(() => {
    if (code === '' && pinRef.current.valueAsString !== '') pinRef.current.clearValue();
  }, [code]);

  return (
    <div className={styles.codeField}>
      <PinInput.RootProvider value={pinInput}>
        <PinInput.Label className={styles.codeLabel} id={labelId}>
          Verification code
        </PinInput.Label>
        <PinInput.Control
          className={invalid ? `${styles.pinControl} ${styles.pinControlShaking}` : styles.pinControl}
          role="group"
          aria-labelledby={labelId}
        >
          {Array.from({ length: CODE_LENGTH }, (_, index) => (
            <PinInput.Input
              // biome-ignore lint/suspicious/noArrayIndexKey: the slots are positions.
              key={index}
              index={index}
              className={styles.pinInput}
              aria-describedby={error ? errorId : undefined}
            />
          ))}
        </PinInput.Control>
        <PinInput.HiddenInput name="code" />
      </PinInput.RootProvider>
      <p id={errorId} role="alert" className={styles.codeError}>
        {error}
      </p>
    </div>
  );
}

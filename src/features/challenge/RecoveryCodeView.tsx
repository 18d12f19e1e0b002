import { connectRecoveryCodeEntry, type RecoveryCodeEntryMachine } from '@machines/recoveryCodeEntry';
import { Button } from '@src/ui/Button';
import { useSelector } from '@xstate/react';
import { type FormEvent, useId } from 'react';
import type { ActorRefFrom } from 'xstate';
import * as styles from './challenge.css';

/** Recovery codes: the `recoveryCodeEntry` chart's view (markup only; the chart decides every phase). */
export function RecoveryCodeView({
  actorRef,
  prompt,
}: {
  actorRef: ActorRefFrom<RecoveryCodeEntryMachine>;
  prompt: string;
}) {
  const view = useSelector(actorRef, (snapshot) => connectRecoveryCodeEntry(snapshot, actorRef.send));
  const fieldId = useId();
  const errorId = useId();

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    view.submit();
  };

  return (
    <form className={styles.body} onSubmit={onSubmit} noValidate aria-busy={view.phase === 'checking'}>
      <p className={styles.text}>{prompt}</p>
      <label htmlFor={fieldId} className={styles.subtitle}>
        Recovery code
      </label>
      <input
        id={fieldId}
        name="recoveryCode"
        className={styles.recoveryInput}
        value={view.code}
        onChange={(event) => view.changeCode(event.target.value)}
        readOnly={view.isReadOnly}
        autoComplete="one-time-code"
        autoCapitalize="none"
        spellCheck={false}
        placeholder="xxxxx-xxxxx"
        aria-invalid={view.isInvalid}
        aria-describedby={view.fieldError ? errorId : undefined}
      />
      <p id={errorId} role="alert" className={styles.fieldError}>
        {view.fieldError}
      </p>
      <Button type="submit" variant="primary" block disabled={view.isReadOnly}>
        {view.submitLabel}
      </Button>
    </form>
  );
}

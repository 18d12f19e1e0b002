import { connectWebAuthnCeremony, type WebAuthnCeremonyMachine } from '@machines/webauthnCeremony';
import { Button } from '@src/ui/Button';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import * as styles from './challenge.css';

/** Passkey and security key: the `webauthnCeremony` chart's view. */
export function WebAuthnView({ actorRef }: { actorRef: ActorRefFrom<WebAuthnCeremonyMachine> }) {
  const { phase, texts, reason, start, retry } = useSelector(actorRef, (snapshot) =>
    connectWebAuthnCeremony(snapshot, actorRef.send),
  );
  switch (phase) {
    case 'notSupported':
      return (
        <div className={styles.body} role="alert">
          <h3 className={styles.subtitle}>{texts.notSupportedTitle}</h3>
          <p className={styles.text}>{texts.notSupportedText}</p>
        </div>
      );
    case 'awaitingClick':
      return (
        <div className={styles.body}>
          <p className={styles.text}>{texts.authenticating}</p>
          {/* The ceremony starts inside this click handler: Safari in a frame needs the click's activation. */}
          <Button variant="primary" block onClick={start}>
            Continue
          </Button>
        </div>
      );
    case 'error':
      return (
        <div className={styles.body}>
          <div role="alert">
            <p className={styles.errorText}>{texts.error}</p>
            {reason ? <p className={styles.text}>{reason}</p> : null}
          </div>
          <Button variant="primary" block onClick={retry}>
            Try again
          </Button>
        </div>
      );
    default:
      return (
        <div className={styles.body} aria-busy="true">
          <p className={styles.status}>
            <span className={styles.spinner} aria-hidden="true" />
            {texts.authenticating}
          </p>
        </div>
      );
  }
}

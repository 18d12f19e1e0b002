import { connectMagicLink, type MagicLinkMachine } from '@machines/magicLink';
import { useSelector } from '@xstate/react';
import { useEffect } from 'react';
import type { ActorRefFrom } from 'xstate';
import * as styles from './challenge.css';

/** E-mail magic link: the `magicLink` chart's view. */
export function MagicLinkView({
  actorRef,
  prompt,
}: {
  actorRef: ActorRefFrom<MagicLinkMachine>;
  prompt: string;
}) {
  const view = useSelector(actorRef, (snapshot) => connectMagicLink(snapshot, actorRef.send));
  // Polling pauses while the page is hidden and checks at once when it is shown again.
  useEffect(() => {
    // Not a gesture: the command of the chart as it is now (the effect lives as long as the actor).
    const report = () =>
      connectMagicLink(actorRef.getSnapshot(), actorRef.send).reportVisibility(
        document.visibilityState === 'hidden',
      );
    if (document.visibilityState === 'hidden') report();
    document.addEventListener('visibilitychange', report);
    return () => document.removeEventListener('visibilitychange', report);
  }, [actorRef]);
  return (
    <div className={styles.body}>
      <p className={styles.text}>{prompt}</p>
      {view.error ? (
        <p role="alert" className={styles.errorText}>
          {view.error}
        </p>
      ) : (
        <p className={styles.status} aria-live="polite">
          <span className={styles.spinner} aria-hidden="true" />
          {view.phase === 'sending' ? 'Sending the link…' : 'Waiting for you to click the link…'}
        </p>
      )}
      <div className={styles.actions}>
        <button type="button" className={styles.linkButton} disabled={!view.canResend} onClick={view.resend}>
          Send a new link
        </button>
      </div>
    </div>
  );
}

import { Dialog } from '@ark-ui/react/dialog';
import { Drawer } from '@ark-ui/react/drawer';
import { Portal } from '@ark-ui/react/portal';
import { CHALLENGE_TEXTS, type ChallengeView, connectChallenge } from '@machines/challenge';
import type { CodeEntryMachine } from '@machines/codeEntry';
import type { MagicLinkMachine } from '@machines/magicLink';
import type { RecoveryCodeEntryMachine } from '@machines/recoveryCodeEntry';
import type { WebAuthnCeremonyMachine } from '@machines/webauthnCeremony';
import { setElementVars, type ThemeValues } from '@src/theme/whiteLabel';
import { useSelector } from '@xstate/react';
import { type ReactNode, useCallback } from 'react';
import type { ActorRefFrom, AnyActorRef } from 'xstate';
import { CodeView } from './CodeView';
import * as styles from './challenge.css';
import { MagicLinkView } from './MagicLinkView';
import { RecoveryCodeView } from './RecoveryCodeView';
import type { StepUp } from './stepUp';
import { DESKTOP_QUERY, useMediaQuery } from './useMediaQuery';
import { useSwipeCloseThreshold } from './useSwipeCloseThreshold';
import { WebAuthnView } from './WebAuthnView';

/** Focus goes to the view's first field or action, not the close button (the code can be typed at once). */
const initialFocus = () =>
  document.querySelector<HTMLElement>(
    '[data-challenge-body] input:not([type="hidden"]), [data-challenge-body] button',
  );

/**
 * Spec section 9: a drawer swiped down by a quarter of its height closes, whatever the pointer. Ark's
 * `closeThreshold` only governs swiping a drawer open (its release closes past half the height, or on a
 * flick), so `useSwipeCloseThreshold` applies it; it is passed to Ark too, for the opening swipe.
 */
const DRAWER_CLOSE_THRESHOLD = 0.25;

function CloseIcon() {
  return (
    <svg width="16" height="16" viewBox="0 0 16 16" aria-hidden="true">
      <path d="M4 4l8 8M12 4l-8 8" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" />
    </svg>
  );
}

function MethodBody({ view, child }: { view: ChallengeView; child: AnyActorRef | undefined }) {
  if (view.view === 'chooser') {
    return (
      <div className={styles.body}>
        <p className={styles.text} id="challenge-chooser-title">
          {CHALLENGE_TEXTS.chooser}
        </p>
        <ul className={styles.methodList} aria-labelledby="challenge-chooser-title">
          {view.choices.map((choice) => (
            <li key={choice.method}>
              <button
                type="button"
                className={styles.methodButton}
                onClick={() => view.selectMethod(choice.method)}
              >
                {choice.label}
              </button>
            </li>
          ))}
        </ul>
      </div>
    );
  }
  if (!child || !view.view) return null;
  const prompt = view.prompt ?? '';
  switch (view.view) {
    case 'PASSKEY':
    case 'SECURITY_KEY':
      return <WebAuthnView key={child.sessionId} actorRef={child as ActorRefFrom<WebAuthnCeremonyMachine>} />;
    case 'EMAIL_MAGIC_LINK':
      return (
        <MagicLinkView
          key={child.sessionId}
          actorRef={child as ActorRefFrom<MagicLinkMachine>}
          prompt={prompt}
        />
      );
    case 'RECOVERY_CODE':
      return (
        <RecoveryCodeView
          key={child.sessionId}
          actorRef={child as ActorRefFrom<RecoveryCodeEntryMachine>}
          prompt={prompt}
        />
      );
    default:
      return (
        <CodeView key={child.sessionId} actorRef={child as ActorRefFrom<CodeEntryMachine>} prompt={prompt} />
      );
  }
}

/**
 * The step-up dialog “Confirm it's you” (spec section 2): a modal from 768 px wide, a bottom drawer below.
 * It renders the `challenge` chart of `stepUp`; closing it (button, Escape, backdrop, swipe) cancels.
 */
export default function ChallengeDialog({
  stepUp,
  appearance,
}: {
  stepUp: StepUp;
  appearance?: ThemeValues;
}) {
  const view = useSelector(stepUp.actor, (snapshot) => connectChallenge(snapshot, stepUp.actor.send));
  const child = useSelector(
    stepUp.actor,
    (snapshot) => snapshot.children.methodView as AnyActorRef | undefined,
  );
  const isDesktop = useMediaQuery(DESKTOP_QUERY);
  const onOpenChange = ({ open }: { open: boolean }) => {
    if (!open) view.close();
  };
  const swipeClose = useSwipeCloseThreshold(DRAWER_CLOSE_THRESHOLD, view.close);
  // The provider's appearance variables, set through CSSOM (allowed by a strict CSP).
  const applyAppearance = useCallback(
    (element: HTMLElement | null) => {
      if (element && appearance) setElementVars(element, appearance);
    },
    [appearance],
  );

  const content = (title: ReactNode, close: ReactNode, description: ReactNode) => (
    <>
      <div className={`${styles.body} ${styles.headerBody}`}>
        <div className={styles.header}>
          {title}
          {close}
        </div>
        {description}
      </div>
      <div data-challenge-body>
        <MethodBody view={view} child={child} />
      </div>
      {view.switchLink ? (
        <div className={styles.footer}>
          <button type="button" className={styles.linkButton} onClick={view.followSwitchLink}>
            {view.switchLink.label}
          </button>
        </div>
      ) : null}
    </>
  );

  if (isDesktop) {
    return (
      <Dialog.Root
        open={view.isOpen}
        onOpenChange={onOpenChange}
        initialFocusEl={initialFocus}
        lazyMount
        unmountOnExit
      >
        <Portal>
          <Dialog.Backdrop className={styles.backdrop} />
          <Dialog.Positioner className={styles.dialogPositioner}>
            <Dialog.Content
              ref={applyAppearance}
              className={`${styles.appearanceDefaults} ${styles.dialogContent}`}
            >
              {content(
                <Dialog.Title className={styles.title}>{CHALLENGE_TEXTS.title}</Dialog.Title>,
                <Dialog.CloseTrigger className={styles.closeButton} aria-label="Close">
                  <CloseIcon />
                </Dialog.CloseTrigger>,
                view.description ? (
                  <Dialog.Description className={styles.description}>{view.description}</Dialog.Description>
                ) : null,
              )}
            </Dialog.Content>
          </Dialog.Positioner>
        </Portal>
      </Dialog.Root>
    );
  }
  return (
    <Drawer.Root
      open={view.isOpen}
      onOpenChange={onOpenChange}
      swipeDirection="down"
      closeThreshold={DRAWER_CLOSE_THRESHOLD}
      initialFocusEl={initialFocus}
      lazyMount
      unmountOnExit
    >
      <Portal>
        <Drawer.Backdrop className={styles.backdrop} />
        <Drawer.Positioner className={styles.drawerPositioner}>
          <Drawer.Content
            ref={applyAppearance}
            className={`${styles.appearanceDefaults} ${styles.drawerContent}`}
            onPointerDownCapture={swipeClose.onPointerDownCapture}
          >
            <Drawer.Grabber className={styles.grabber}>
              <Drawer.GrabberIndicator className={styles.grabberIndicator} />
            </Drawer.Grabber>
            {content(
              <Drawer.Title className={styles.title}>{CHALLENGE_TEXTS.title}</Drawer.Title>,
              <Drawer.CloseTrigger className={styles.closeButton} aria-label="Close">
                <CloseIcon />
              </Drawer.CloseTrigger>,
              view.description ? (
                <Drawer.Description className={styles.description}>{view.description}</Drawer.Description>
              ) : null,
            )}
          </Drawer.Content>
        </Drawer.Positioner>
      </Portal>
    </Drawer.Root>
  );
}

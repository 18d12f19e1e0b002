import { Dialog } from '@ark-ui/react/dialog';
import { Portal } from '@ark-ui/react/portal';
import type { RecoveryCodesMachine } from '@machines/recoveryCodes';
import { downloadText } from '@src/lib/download';
import { AlertRegion } from '@src/ui/Alert';
import { Button } from '@src/ui/Button';
import * as dialogCss from '@src/ui/dialog.css';
import type { ActorRefFrom } from 'xstate';
import { CloseIcon } from './icons';
import * as styles from './security.css';
import { useRecoveryCodes } from './useSecuritySettings';

type CodesRef = ActorRefFrom<RecoveryCodesMachine>;

function CodesBody({ actorRef }: { actorRef: CodesRef }) {
  const view = useRecoveryCodes(actorRef);
  const canCopy = typeof navigator !== 'undefined' && Boolean(navigator.clipboard);
  return (
    <div className={dialogCss.dialogBody} aria-busy={view.phase === 'generating'}>
      <div className={styles.dialogHeader}>
        <Dialog.Title className={`${dialogCss.dialogTitle} ${styles.title}`}>{view.title}</Dialog.Title>
        {view.canClose ? (
          <Dialog.CloseTrigger className={styles.closeButton} aria-label="Close">
            <CloseIcon />
          </Dialog.CloseTrigger>
        ) : null}
      </div>
      <Dialog.Description className={styles.text}>{view.text}</Dialog.Description>
      {view.phase === 'generating' ? (
        <div className={styles.waiting} role="status">
          <span className={styles.spinner} aria-hidden="true" />
          <span>Generating…</span>
        </div>
      ) : null}
      {view.codes.length > 0 ? (
        <ul className={styles.codeList} aria-label="Recovery codes" data-testid="recovery-codes">
          {view.codes.map((code) => (
            <li key={code}>{code}</li>
          ))}
        </ul>
      ) : null}
      <AlertRegion message={view.error} />
      {view.download ? (
        <div className={styles.codeActions}>
          {canCopy && view.clipboardText !== null ? (
            <Button
              variant="secondary"
              onClick={() =>
                void navigator.clipboard.writeText(view.clipboardText ?? '').then(view.copied, () => {})
              }
            >
              {view.isCopied ? 'Copied' : 'Copy'}
            </Button>
          ) : null}
          <Button
            variant="secondary"
            onClick={() => view.download && downloadText(view.download.fileName, view.download.text)}
          >
            Download (.txt)
          </Button>
        </div>
      ) : null}
      <div className={dialogCss.dialogFooter}>
        {view.phase === 'failed' ? (
          <>
            <Button variant="secondary" onClick={view.close}>
              Cancel
            </Button>
            <Button variant="primary" onClick={view.retry} autoFocus>
              Try again
            </Button>
          </>
        ) : null}
        {view.phase === 'showing' ? (
          <Button variant="primary" onClick={view.acknowledge}>
            I saved them
          </Button>
        ) : null}
      </div>
    </div>
  );
}

/**
 * “Generate recovery codes”: the dialog over the `recoveryCodes` chart once the step-up is done. While the
 * codes show it cannot be dismissed (Escape and the backdrop do nothing): they are shown this once, so only
 * “I saved them” ends it. Before that, closing gives up.
 */
export function RecoveryCodesDialog({ actorRef }: { actorRef: CodesRef | null }) {
  return actorRef ? <OpenDialog actorRef={actorRef} /> : null;
}

function OpenDialog({ actorRef }: { actorRef: CodesRef }) {
  const view = useRecoveryCodes(actorRef);
  return (
    <Dialog.Root
      open={view.isOpen}
      role="alertdialog"
      closeOnEscape={view.canClose}
      closeOnInteractOutside={view.canClose}
      onOpenChange={(details) => {
        if (!details.open && view.canClose) view.close();
      }}
      lazyMount
      unmountOnExit
    >
      <Portal>
        <Dialog.Backdrop className={dialogCss.backdrop} />
        <Dialog.Positioner className={dialogCss.positioner}>
          <Dialog.Content className={dialogCss.dialog} data-testid="recovery-codes-dialog">
            <CodesBody actorRef={actorRef} />
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

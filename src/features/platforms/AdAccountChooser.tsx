import { Dialog } from '@ark-ui/react/dialog';
import { Portal } from '@ark-ui/react/portal';
import { Button } from '@src/ui/Button';
import { Choices } from '@src/ui/Choices';
import * as dialogCss from '@src/ui/dialog.css';
import { Notice } from '@src/ui/settings/Notice';
import * as stateCss from '@src/ui/state.css';
import { useAdAccountChoice } from './useAdAccountChoice';

/**
 * The ad-account chooser (chart `adAccountChoice`): opened by the return URL's
 * `?chooseAdAccount=<id>&platform=<key>` when a platform's login reaches several ad accounts.
 */
export function AdAccountChooser({
  platform,
  choiceId,
  onConnected,
  onClosed,
}: {
  platform: string;
  choiceId: string;
  onConnected: (platform: string) => void;
  onClosed: () => void;
}) {
  const view = useAdAccountChoice({ platform, choiceId }, { onConnected, onClosed });
  return (
    <Dialog.Root
      open={view.isOpen}
      onOpenChange={(details) => {
        if (!details.open && !view.isConnecting) view.cancel();
      }}
    >
      <Portal>
        <Dialog.Backdrop className={dialogCss.backdrop} />
        <Dialog.Positioner className={dialogCss.positioner}>
          <Dialog.Content className={dialogCss.dialog} aria-busy={view.isLoading || view.isConnecting}>
            <form
              className={dialogCss.dialogBody}
              noValidate
              onSubmit={(event) => {
                event.preventDefault();
                view.submit();
              }}
            >
              <Dialog.Title className={dialogCss.dialogTitle}>{view.title}</Dialog.Title>
              {view.isLoading ? (
                <p className={stateCss.stateText}>Loading the ad accounts…</p>
              ) : view.text ? (
                <Dialog.Description className={dialogCss.dialogText}>{view.text}</Dialog.Description>
              ) : null}
              {view.options.length > 0 ? (
                <Choices
                  legend="Ad account"
                  type="radio"
                  disabled={view.isConnecting}
                  error={view.fieldError}
                  options={view.options.map((option) => ({
                    key: option.id,
                    label: option.name,
                    hint: option.detail,
                    checked: option.isSelected,
                    onChange: (checked) => {
                      if (checked) view.select(option.id);
                    },
                  }))}
                />
              ) : null}
              {view.error ? <Notice tone="error">{view.error}</Notice> : null}
              <div className={dialogCss.dialogFooter}>
                <Button type="button" variant="secondary" onClick={view.cancel} disabled={view.isConnecting}>
                  {view.canSubmit || view.isConnecting || view.isLoading ? 'Cancel' : 'Close'}
                </Button>
                {view.canRetry ? (
                  <Button type="button" variant="primary" onClick={view.retry}>
                    Try again
                  </Button>
                ) : view.options.length > 0 ? (
                  <Button type="submit" variant="primary" disabled={!view.canSubmit}>
                    {view.submitLabel}
                  </Button>
                ) : null}
              </div>
            </form>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

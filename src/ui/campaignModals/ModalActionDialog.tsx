import { Dialog } from '@ark-ui/react/dialog';
import { Portal } from '@ark-ui/react/portal';
import { CAMPAIGN_NOT_FOUND_MESSAGE, CUSTOMER_NOT_FOUND_MESSAGE } from '@contract/campaigns';
import type { DoneFlag, ModalActionInput, ModalActionView } from '@machines/modalAction';
import type { FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { AlertRegion } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import { button } from '../../ui/button.css';
import * as dialogCss from '../../ui/dialog.css';
import { finishPlanLink } from './finishPlan';
import { useModalAction } from './useModalAction';

const TITLES: Record<ModalActionInput['kind'], string> = {
  deleteCampaign: 'Delete campaign',
  launchCampaign: 'Launch campaign',
  pauseCampaign: 'Pause campaign',
  resumeCampaign: 'Resume campaign',
  deleteCustomer: 'Delete customer',
};

const listFormat = new Intl.ListFormat('en', { style: 'long', type: 'conjunction' });

const onPlatforms = (view: ModalActionView) =>
  view.platformNames.length > 0 ? ` on ${listFormat.format(view.platformNames)}` : '';

/**
 * The question the modal asks (spec section 2, word for word; pause and resume are ours). The duplicate
 * dialog is DuplicateCampaignDialog (its own chart).
 */
export function confirmationText(view: ModalActionView): string {
  switch (view.kind) {
    case 'deleteCampaign': {
      const platforms =
        view.platformNames.length > 0
          ? ` This will delete ad campaigns on ${listFormat.format(view.platformNames)}.`
          : '';
      return `Are you sure you want to delete ${view.name}?${platforms} It might take a few minutes.`;
    }
    case 'launchCampaign':
      return 'Are you sure?';
    case 'pauseCampaign':
      return `Pause ${view.name}? Its ads stop delivering${onPlatforms(view)} until you resume it.`;
    case 'resumeCampaign':
      return `Resume ${view.name}? Its ads start delivering and spending again${onPlatforms(view)}.`;
    case 'deleteCustomer':
      return `Are you sure you want to delete ${view.name.trim() || 'this customer'}?`;
  }
}

function ModalBody({
  id,
  view,
  actions,
}: {
  id: string;
  view: ModalActionView;
  actions: Omit<ReturnType<typeof useModalAction>, 'view'>;
}) {
  const cancel = (
    <Button variant="secondary" onClick={actions.cancel}>
      Cancel
    </Button>
  );

  if (view.phase === 'loading') {
    return (
      <div className={dialogCss.dialogBody} aria-busy="true">
        <Dialog.Title className={dialogCss.dialogTitle}>{TITLES[view.kind]}</Dialog.Title>
        {/* A description from the first render on, so Ark links aria-describedby to the question that follows. */}
        <Dialog.Description className={dialogCss.dialogText}>Loading…</Dialog.Description>
        <div className={dialogCss.dialogFooter}>{cancel}</div>
      </div>
    );
  }
  if (view.phase === 'notFound') {
    return (
      <div className={dialogCss.dialogBody}>
        <Dialog.Title className={dialogCss.dialogTitle}>{TITLES[view.kind]}</Dialog.Title>
        <Dialog.Description className={dialogCss.dialogText}>
          {view.kind === 'deleteCustomer' ? CUSTOMER_NOT_FOUND_MESSAGE : CAMPAIGN_NOT_FOUND_MESSAGE}
        </Dialog.Description>
        <div className={dialogCss.dialogFooter}>{cancel}</div>
      </div>
    );
  }
  if (view.phase === 'loadFailed') {
    return (
      <div className={dialogCss.dialogBody}>
        <Dialog.Title className={dialogCss.dialogTitle}>{TITLES[view.kind]}</Dialog.Title>
        <AlertRegion message={view.businessError} />
        <div className={dialogCss.dialogFooter}>
          {cancel}
          <Button variant="primary" onClick={actions.retry}>
            Try again
          </Button>
        </div>
      </div>
    );
  }

  if (view.launchBlocker && view.phase === 'idle') {
    // The launch would be refused: say why now, and offer what fixes it instead of "Are you sure?".
    const next = finishPlanLink(id, view.launchBlocker);
    return (
      <div className={dialogCss.dialogBody}>
        <Dialog.Title className={dialogCss.dialogTitle}>{TITLES[view.kind]}</Dialog.Title>
        <Dialog.Description className={dialogCss.dialogText}>
          {view.name} cannot launch yet: {view.launchBlocker.message}
        </Dialog.Description>
        <div className={dialogCss.dialogFooter}>
          {cancel}
          <Link to={next.to} className={button.primary}>
            {next.label}
          </Link>
        </div>
      </div>
    );
  }

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    actions.submit();
  };
  // The delete-customer modal says the server's refusal instead of its question.
  const replacesText = view.kind === 'deleteCustomer' && view.businessError !== null;
  return (
    <form className={dialogCss.dialogBody} onSubmit={onSubmit} noValidate aria-busy={view.isSubmitting}>
      <Dialog.Title className={dialogCss.dialogTitle}>{TITLES[view.kind]}</Dialog.Title>
      {replacesText ? (
        <p role="alert" className={dialogCss.dialogText}>
          {view.businessError}
        </p>
      ) : (
        <>
          <Dialog.Description className={dialogCss.dialogText}>{confirmationText(view)}</Dialog.Description>
          <AlertRegion message={view.businessError} />
        </>
      )}
      <div className={dialogCss.dialogFooter}>
        {cancel}
        <Button type="submit" variant="primary" disabled={view.isLocked}>
          {view.submitLabel}
        </Button>
      </div>
    </form>
  );
}

/**
 * One campaign or customer modal. The page mounts it while its query parameters are present (so each
 * opening starts afresh); the `modalAction` chart inside decides its phase.
 */
export function ModalActionDialog(props: {
  input: ModalActionInput;
  onSucceeded: (flag: DoneFlag) => void;
  onClose: () => void;
}) {
  const { view, ...actions } = useModalAction(props.input, props);
  return (
    <Dialog.Root
      open
      onOpenChange={(details) => {
        if (!details.open) actions.cancel();
      }}
    >
      <Portal>
        <Dialog.Backdrop className={dialogCss.backdrop} />
        <Dialog.Positioner className={dialogCss.positioner}>
          <Dialog.Content className={dialogCss.dialog}>
            <ModalBody id={props.input.id} view={view} actions={actions} />
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

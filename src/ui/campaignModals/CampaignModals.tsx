import type { Action } from '@contract/policy';
import type { CampaignAction } from '@machines/campaignLifecycle';
import type { DoneFlag, ModalActionKind } from '@machines/modalAction';
import { useSearchParams } from 'react-router-dom';
import { COPY_PARAM } from '../successFlags/useSuccessFlags';
import { ModalActionDialog } from './ModalActionDialog';

/** A campaign action of the lifecycle chart, the modal that performs it and its button's label, in order. */
export const CAMPAIGN_ACTION_LINKS = [
  { action: 'launch', kind: 'launchCampaign', label: 'Launch', permission: 'campaigns.launch' },
  { action: 'pause', kind: 'pauseCampaign', label: 'Pause', permission: 'campaigns.pause' },
  { action: 'resume', kind: 'resumeCampaign', label: 'Resume', permission: 'campaigns.pause' },
  { action: 'duplicate', kind: 'duplicateCampaign', label: 'Duplicate', permission: 'campaigns.plan' },
  { action: 'delete', kind: 'deleteCampaign', label: 'Delete', permission: 'campaigns.delete' },
] as const satisfies readonly {
  action: Exclude<CampaignAction, 'edit'>;
  kind: ModalActionKind;
  label: string;
  /** What the member's role must be allowed (contract/policy.ts). */
  permission: Action;
}[];

/** Which query parameters open which modal: `?deleteCampaign=true&campaignId=…` and so on. */
const ID_PARAMS: Record<ModalActionKind, 'campaignId' | 'customerId'> = {
  deleteCampaign: 'campaignId',
  duplicateCampaign: 'campaignId',
  launchCampaign: 'campaignId',
  pauseCampaign: 'campaignId',
  resumeCampaign: 'campaignId',
  deleteCustomer: 'customerId',
};

/** The search that opens `kind` for `id`, on top of `search` (for row buttons and links). */
export function searchOpening(search: URLSearchParams, kind: ModalActionKind, id: string): string {
  const next = new URLSearchParams(search);
  next.set(kind, 'true');
  next.set(ID_PARAMS[kind], id);
  return `?${next.toString()}`;
}

/**
 * The modals of `kinds` driven by the URL: open while their parameters are present; closing removes them
 * (replacing the history entry), success also sets the done flag (e.g. campaignDeleted=true).
 */
export function ActionModals({
  kinds,
  onSucceeded,
}: {
  kinds: readonly ModalActionKind[];
  onSucceeded?: (flag: DoneFlag) => void;
}) {
  const [searchParams, setSearchParams] = useSearchParams();
  const kind = kinds.find((k) => searchParams.has(k) && searchParams.get(ID_PARAMS[k]));
  if (!kind) return null;
  const id = searchParams.get(ID_PARAMS[kind])!;

  const close = (flag?: DoneFlag, createdId?: string) =>
    setSearchParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        next.delete(kind);
        next.delete(ID_PARAMS[kind]);
        if (flag) next.set(flag, 'true');
        // The duplicate's copy, for the notice's "Open the copy".
        if (flag && createdId) next.set(COPY_PARAM, createdId);
        return next;
      },
      { replace: true },
    );

  return (
    <ModalActionDialog
      key={`${kind}:${id}`}
      input={{ kind, id }}
      onSucceeded={(flag, createdId) => {
        close(flag, createdId);
        onSucceeded?.(flag);
      }}
      onClose={() => close()}
    />
  );
}

const CAMPAIGN_KINDS = [
  'deleteCampaign',
  'duplicateCampaign',
  'launchCampaign',
  'pauseCampaign',
  'resumeCampaign',
] as const;

/** The campaign modals (delete, duplicate, launch, pause, resume) of the campaigns and campaign pages. */
export function CampaignModals({ onSucceeded }: { onSucceeded?: (flag: DoneFlag) => void }) {
  return <ActionModals kinds={CAMPAIGN_KINDS} onSucceeded={onSucceeded} />;
}

/** The delete-customer modal of the customers page. */
export function CustomerModals({ onSucceeded }: { onSucceeded?: (flag: DoneFlag) => void }) {
  return <ActionModals kinds={['deleteCustomer']} onSucceeded={onSucceeded} />;
}

import type { Action } from '@contract/policy';
import type { CampaignAction } from '@machines/campaignLifecycle';
import type { DoneFlag, ModalActionKind } from '@machines/modalAction';
import { useSearchParams } from 'react-router-dom';
import { COPY_BUDGET_PARAM, COPY_PARAM } from '../successFlags/useSuccessFlags';
import { DuplicateCampaignDialog } from './DuplicateCampaignDialog';
import { ModalActionDialog } from './ModalActionDialog';

/** Every modal the URL opens: the confirmations (`modalAction`) and the duplicate dialog (its own chart). */
export type CampaignModalKind = ModalActionKind | 'duplicateCampaign';
export type CampaignDoneFlag = DoneFlag | 'campaignDuplicated';

/** A campaign action of the lifecycle chart, the modal that performs it and its button's label, in order. */
export const CAMPAIGN_ACTION_LINKS = [
  { action: 'launch', kind: 'launchCampaign', label: 'Launch', permission: 'campaigns.launch' },
  { action: 'pause', kind: 'pauseCampaign', label: 'Pause', permission: 'campaigns.pause' },
  { action: 'resume', kind: 'resumeCampaign', label: 'Resume', permission: 'campaigns.pause' },
  { action: 'duplicate', kind: 'duplicateCampaign', label: 'Duplicate', permission: 'campaigns.plan' },
  { action: 'delete', kind: 'deleteCampaign', label: 'Delete', permission: 'campaigns.delete' },
] as const satisfies readonly {
  action: Exclude<CampaignAction, 'edit'>;
  kind: CampaignModalKind;
  label: string;
  /** What the member's role must be allowed (contract/policy.ts). */
  permission: Action;
}[];

/** Which query parameters open which modal: `?deleteCampaign=true&campaignId=…` and so on. */
const ID_PARAMS: Record<CampaignModalKind, 'campaignId' | 'customerId'> = {
  deleteCampaign: 'campaignId',
  duplicateCampaign: 'campaignId',
  launchCampaign: 'campaignId',
  pauseCampaign: 'campaignId',
  resumeCampaign: 'campaignId',
  deleteCustomer: 'customerId',
};

/** The search that opens `kind` for `id`, on top of `search` (for row buttons and links). */
export function searchOpening(search: URLSearchParams, kind: CampaignModalKind, id: string): string {
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
  kinds: readonly CampaignModalKind[];
  onSucceeded?: (flag: CampaignDoneFlag) => void;
}) {
  const [searchParams, setSearchParams] = useSearchParams();
  const kind = kinds.find((k) => searchParams.has(k) && searchParams.get(ID_PARAMS[k]));
  if (!kind) return null;
  const id = searchParams.get(ID_PARAMS[kind])!;

  const close = (flag?: CampaignDoneFlag, copy?: { id: string; budgetName: string | null }) =>
    setSearchParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        next.delete(kind);
        next.delete(ID_PARAMS[kind]);
        if (flag) next.set(flag, 'true');
        // The duplicate's copy, for the notice's "Open the copy", and the budget it draws on ('' for none).
        if (flag && copy) {
          next.set(COPY_PARAM, copy.id);
          next.set(COPY_BUDGET_PARAM, copy.budgetName ?? '');
        }
        return next;
      },
      { replace: true },
    );

  if (kind === 'duplicateCampaign')
    return (
      <DuplicateCampaignDialog
        key={`${kind}:${id}`}
        input={{ id }}
        onSucceeded={({ flag, createdId, budget }) => {
          close(flag, { id: createdId, budgetName: budget?.name ?? null });
          onSucceeded?.(flag);
        }}
        onClose={() => close()}
      />
    );
  return (
    <ModalActionDialog
      key={`${kind}:${id}`}
      input={{ kind, id }}
      onSucceeded={(flag) => {
        close(flag);
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
export function CampaignModals({ onSucceeded }: { onSucceeded?: (flag: CampaignDoneFlag) => void }) {
  return <ActionModals kinds={CAMPAIGN_KINDS} onSucceeded={onSucceeded} />;
}

/** The delete-customer modal of the customers page. */
export function CustomerModals({ onSucceeded }: { onSucceeded?: (flag: CampaignDoneFlag) => void }) {
  return <ActionModals kinds={['deleteCustomer']} onSucceeded={onSucceeded} />;
}

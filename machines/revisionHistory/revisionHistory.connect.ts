import type { RevisionStatus } from '@contract/revisionStatus';
import { signOffLine } from '@contract/revisions';
import type { SnapshotFrom } from 'xstate';
import { draftOf, type RevisionHistoryMachine } from './revisionHistory.machine';
import type { RevisionHistoryEvent, RevisionNotice, RevisionSummary } from './revisionHistory.types';

export type RevisionHistorySnapshot = SnapshotFrom<RevisionHistoryMachine>;

/** A revision's status as the page says it. */
export const REVISION_STATUS_LABELS: Readonly<Record<RevisionStatus, string>> = {
  draft: 'Draft',
  in_review: 'Waiting for approval',
  approved: 'Approved',
  changes_requested: 'Changes requested',
  superseded: 'Superseded',
};

/** How an approver confirmed it was them (the step-up method, contract/provider.ts), in words. */
const METHOD_WORDS: Readonly<Record<string, string>> = {
  PASSKEY: 'passkey',
  SECURITY_KEY: 'security key',
  EMAIL_OTP: 'e-mail code',
  EMAIL_MAGIC_LINK: 'e-mail link',
  AUTHENTICATOR_APP: 'authenticator app',
  SMS: 'text message code',
  RECOVERY_CODE: 'recovery code',
};

/** "authenticator app" for `AUTHENTICATOR_APP`; an unknown method as it came, lower case. */
export const methodInWords = (method: string) =>
  METHOD_WORDS[method] ?? method.toLowerCase().replaceAll('_', ' ');

export type RevisionDecision =
  | { kind: 'approved'; by: string; typedName: string | null; method: string | null; at: string | null }
  | { kind: 'changesRequested'; by: string; comment: string | null; at: string | null };

export interface RevisionRow {
  number: number;
  status: RevisionStatus;
  statusLabel: string;
  /** The draft: the plan as it is now, not sent yet. */
  isDraft: boolean;
  /** Who sent it (null for the draft). */
  sentBy: string | null;
  /** When it was sent (the draft: when it started). */
  createdAt: string;
  approvers: string[];
  decision: RevisionDecision | null;
  /** The review page of this revision. */
  openHref: string;
  /** The comparison with the revision before it; null for revision 1. */
  compareHref: string | null;
}

export interface SendDialogApprover {
  id: string;
  name: string;
  email: string;
  role: string;
  checked: boolean;
}

export interface SendDialogView {
  /** The draft's number: “Send revision 3 for approval”. */
  number: number;
  isLoading: boolean;
  /** Why the approvers could not be listed (with “Try again”). */
  loadError: string | null;
  approvers: SendDialogApprover[];
  approverIdsError: string | null;
  error: string | null;
  isSending: boolean;
  sendLabel: 'Send' | 'Sending…';
}

/** Everything the “Revisions” tab (and the header's sign-off line) shows, commands included. */
export interface RevisionHistoryView {
  isLoading: boolean;
  loadError: string | null;
  rows: RevisionRow[];
  /** The revisions as the server answered them, newest first (the campaign page's approval record). */
  revisions: readonly RevisionSummary[];
  /** "Revision 3 approved · revision 4 in draft"; null before the first revision. */
  signOffLine: string | null;
  /** “Send for approval” is shown (there is a draft). */
  showSend: boolean;
  /** The dialog, when open. */
  dialog: SendDialogView | null;
  notice: RevisionNotice | null;
  retry: () => void;
  openSend: () => void;
  cancelSend: () => void;
  toggleApprover: (id: string) => void;
  confirmSend: () => void;
  retryApprovers: () => void;
  dismissNotice: () => void;
}

function decisionOf(revision: RevisionSummary): RevisionDecision | null {
  const by = revision.decidedBy?.name ?? 'an approver';
  const at = revision.decidedAt ?? null;
  const superseded = revision.status === 'superseded';
  if (revision.status === 'changes_requested' || (superseded && !revision.decidedName && revision.comment))
    return { kind: 'changesRequested', by, comment: revision.comment ?? null, at };
  if (revision.status === 'approved' || (superseded && revision.decidedName))
    return {
      kind: 'approved',
      by,
      typedName: revision.decidedName ?? null,
      method: revision.decidedMethod ? methodInWords(revision.decidedMethod) : null,
      at,
    };
  return null;
}

export function revisionRows(campaignId: string, revisions: readonly RevisionSummary[]): RevisionRow[] {
  const base = `/campaigns/${encodeURIComponent(campaignId)}/revisions`;
  return revisions.map((revision) => ({
    number: revision.number,
    status: revision.status,
    statusLabel: REVISION_STATUS_LABELS[revision.status],
    isDraft: revision.status === 'draft',
    sentBy: revision.status === 'draft' ? null : (revision.createdBy?.name ?? null),
    createdAt: revision.createdAt,
    approvers: revision.approvers.map((a) => a.name),
    decision: decisionOf(revision),
    openHref: `${base}/${revision.number}`,
    compareHref: revision.number > 1 ? `${base}/${revision.number - 1}/compare/${revision.number}` : null,
  }));
}

export function connectRevisionHistory(
  snapshot: RevisionHistorySnapshot,
  send: (event: RevisionHistoryEvent) => void,
): RevisionHistoryView {
  const { context } = snapshot;
  const inDialog = snapshot.matches('sendDialog');
  const isSending = snapshot.matches({ sendDialog: 'sending' });
  const draft = draftOf(context.revisions);
  return {
    isLoading: snapshot.matches('loading'),
    loadError: snapshot.matches('failed') ? context.loadError : null,
    rows: revisionRows(context.campaignId, context.revisions),
    revisions: context.revisions,
    signOffLine: signOffLine(context.revisions),
    showSend: draft !== undefined,
    dialog: inDialog
      ? {
          number: draft?.number ?? 0,
          isLoading: snapshot.matches({ sendDialog: 'loadingApprovers' }),
          loadError: snapshot.matches({ sendDialog: 'approversFailed' }) ? context.approversError : null,
          approvers: context.approvers.map((a) => ({
            id: a.id,
            name: a.name,
            email: a.email,
            role: a.role,
            checked: context.chosen.includes(a.id),
          })),
          approverIdsError: context.approverIdsError,
          error: context.sendError,
          isSending,
          sendLabel: isSending ? 'Sending…' : 'Send',
        }
      : null,
    notice: context.notice,
    retry: () => send({ type: 'retry' }),
    openSend: () => send({ type: 'send.open' }),
    cancelSend: () => send({ type: 'send.cancel' }),
    toggleApprover: (id) => send({ type: 'approver.toggle', id }),
    confirmSend: () => send({ type: 'send.confirm' }),
    retryApprovers: () => send({ type: 'approvers.retry' }),
    dismissNotice: () => send({ type: 'notice.dismiss' }),
  };
}

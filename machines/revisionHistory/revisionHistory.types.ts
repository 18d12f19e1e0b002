import type { ApproverCandidate, RevisionSummary } from '@contract/revisions';

/**
 * Types of the campaign page's “Revisions” tab (`revisionHistory`, issue 27): the plan's revisions newest
 * first, and “Send for approval”, which freezes the draft and asks the chosen approvers.
 */

export type { ApproverCandidate, RevisionSummary };

export interface RevisionHistoryInput {
  campaignId: string;
  /** The member's role may send plans for approval (`revisions.submit`). */
  canSubmit: boolean;
  /** Why not, as the policy says it; null when allowed. */
  submitRefusal: string | null;
}

export interface RevisionNotice {
  tone: 'success' | 'info';
  text: string;
}

export interface RevisionHistoryContext extends RevisionHistoryInput {
  revisions: RevisionSummary[];
  loadError: string | null;
  /** Who may be asked (the dialog's checkboxes). */
  approvers: ApproverCandidate[];
  /** The ids ticked in the dialog. */
  chosen: string[];
  /** Why the approvers could not be listed. */
  approversError: string | null;
  /** The message under the approvers (none chosen, or the server's `validationErrors.approverIds`). */
  approverIdsError: string | null;
  /** A refusal of the dialog naming no field, or no answer. */
  sendError: string | null;
  /** “Revision 2 sent to Cleo Client for approval” (or the server's “nothing changed”) until dismissed. */
  notice: RevisionNotice | null;
}

/** The submit actor's input. */
export interface SubmitInput {
  campaignId: string;
  approverIds: string[];
}

export type RevisionHistoryEvent =
  | { type: 'retry' }
  /** “Send for approval”: opens the dialog. */
  | { type: 'send.open' }
  /** A checkbox of the dialog. */
  | { type: 'approver.toggle'; id: string }
  /** “Send” in the dialog. */
  | { type: 'send.confirm' }
  /** “Cancel”, Escape or a click outside the dialog. */
  | { type: 'send.cancel' }
  /** “Try again” when the approvers could not be listed. */
  | { type: 'approvers.retry' }
  | { type: 'notice.dismiss' };

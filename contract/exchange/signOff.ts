import * as v from 'valibot';
import { REVISION_STATUSES, type RevisionStatus } from '../revisionStatus';
import { type RevisionSummary, signOffLine } from '../revisions';
import { VERIFICATION_METHOD_NAMES } from '../securityNotices';

/**
 * A campaign's sign-off as the exported documents carry it (issue 27): the MediaPlan document's meta and
 * workflow status, and the approval record printed on the insertion order and shown on the campaign.
 *
 * The standard (MediaPlan Schema v3.0) has room for the revision chain in `meta` (`id`, `parent_id`,
 * `is_current`) and for the workflow state in `campaign` (`workflow_status_id`, `workflow_status_name`,
 * free text); it has no field for who approved, when, the hash or the confirmation: those go to
 * `meta.custom_properties` (`flightplan_revision`, `flightplan_parent_revision`), the standard's own place
 * for what does not fit elsewhere (its example keeps an `approval_date` there too).
 */

/** The revisions an export is made with: the newest (a draft when the plan changed since) and the one before. */
export interface SignOff {
  campaignId: string;
  current: RevisionSummary;
  previous: RevisionSummary | null;
}

/** `campaign.workflow_status_name` per revision status (the standard's examples: Draft, Approved, Live…). */
export const WORKFLOW_STATUS_NAMES: Readonly<Record<RevisionStatus, string>> = {
  draft: 'Draft',
  in_review: 'In review',
  approved: 'Approved',
  changes_requested: 'Changes requested',
  superseded: 'Superseded',
};

/** `campaign.workflow_status_id`: our status key, prefixed so another tool can tell whose it is. */
export const workflowStatusId = (status: RevisionStatus) => `flightplan_${status}`;

/** `meta.id` of a revision's document; the previous revision's is the `parent_id`. */
export const revisionDocumentId = (campaignId: string, number: number) =>
  `flightplan-${campaignId}-r${number}`;

export const REVISION_PROPERTY = 'flightplan_revision';
export const PARENT_REVISION_PROPERTY = 'flightplan_parent_revision';

/** One revision in `meta.custom_properties`, snake_case like the standard's own fields. */
export const RevisionMetaSchema = v.object({
  number: v.pipe(v.number(), v.integer(), v.minValue(1)),
  status: v.picklist(REVISION_STATUSES),
  hash: v.string(),
  created_at: v.optional(v.string()),
  created_by_name: v.optional(v.string()),
  decided_at: v.optional(v.string()),
  decided_by_name: v.optional(v.string()),
  decided_by_email: v.optional(v.string()),
  /** The full name the approver typed when approving. */
  typed_name: v.optional(v.string()),
  /** How the approver confirmed it was them (passkey, authenticator app, e-mail code…). */
  confirmed_with: v.optional(v.string()),
  comment: v.optional(v.string()),
  approvers: v.optional(v.array(v.string())),
});
export type RevisionMeta = v.InferOutput<typeof RevisionMetaSchema>;

/** "Passkey" for `PASSKEY`; a method we do not know is shown as written. */
export const confirmationLabel = (method: string) =>
  (VERIFICATION_METHOD_NAMES as Record<string, string>)[method] ?? method;

export function revisionMetaOf(revision: RevisionSummary): RevisionMeta {
  const meta: RevisionMeta = {
    number: revision.number,
    status: revision.status,
    hash: revision.hash,
    created_at: revision.createdAt,
  };
  if (revision.createdBy) meta.created_by_name = revision.createdBy.name || revision.createdBy.email;
  if (revision.decidedAt) meta.decided_at = revision.decidedAt;
  if (revision.decidedBy) {
    meta.decided_by_name = revision.decidedBy.name || revision.decidedBy.email;
    meta.decided_by_email = revision.decidedBy.email;
  }
  if (revision.decidedName) meta.typed_name = revision.decidedName;
  if (revision.decidedMethod) meta.confirmed_with = confirmationLabel(revision.decidedMethod);
  if (revision.comment) meta.comment = revision.comment;
  if (revision.approvers.length > 0) meta.approvers = revision.approvers.map((a) => a.name || a.email);
  return meta;
}

/** "2099-01-12 14:03 UTC" of an ISO timestamp (the documents are read anywhere: UTC, unambiguous). */
export function utcMinute(timestamp: string): string {
  const date = new Date(timestamp);
  if (Number.isNaN(date.getTime())) return timestamp;
  return `${date.toISOString().slice(0, 10)} ${date.toISOString().slice(11, 16)} UTC`;
}

/**
 * The approval record in words (the insertion order prints these lines; the campaign shows them): the
 * sign-off line, then who approved which revision, when, the name they typed, how they confirmed and the
 * revision's hash. Without an approved revision, what the newest one waits for.
 */
export function approvalRecordLines(signOff: Pick<SignOff, 'current' | 'previous'>): string[] {
  const { current, previous } = signOff;
  const revisions = previous ? [current, previous] : [current];
  const lines: string[] = [];
  const summary = signOffLine(revisions);
  if (summary) lines.push(summary);
  const approved = revisions.find((r) => r.status === 'approved');
  if (approved) {
    const who = approved.decidedBy
      ? `${approved.decidedBy.name || approved.decidedBy.email} (${approved.decidedBy.email})`
      : 'an approver';
    lines.push(
      `Revision ${approved.number} approved by ${who}${approved.decidedAt ? ` on ${utcMinute(approved.decidedAt)}` : ''}`,
    );
    const typed = approved.decidedName ? `Typed name “${approved.decidedName}”` : null;
    const method = approved.decidedMethod
      ? `confirmed with ${confirmationLabel(approved.decidedMethod)}`
      : null;
    const confirmation = [typed, method].filter(Boolean).join(', ');
    if (confirmation) lines.push(confirmation.charAt(0).toUpperCase() + confirmation.slice(1));
    if (approved.comment) lines.push(`Comment: “${approved.comment}”`);
    lines.push(`Content hash (SHA-256) of revision ${approved.number}: ${approved.hash}`);
    if (approved !== current)
      lines.push(
        `The plan has changed since revision ${approved.number} was approved (revision ${current.number}, ${WORKFLOW_STATUS_NAMES[current.status].toLowerCase()})`,
      );
    return lines;
  }
  const latest = current;
  if (latest.status === 'changes_requested') {
    const who = latest.decidedBy ? latest.decidedBy.name || latest.decidedBy.email : 'an approver';
    lines.push(
      `Changes requested on revision ${latest.number} by ${who}${latest.decidedAt ? ` on ${utcMinute(latest.decidedAt)}` : ''}${latest.comment ? `: “${latest.comment}”` : ''}`,
    );
  } else if (latest.status === 'in_review') {
    const approvers = latest.approvers.map((a) => a.name || a.email).join(', ');
    lines.push(
      `Revision ${latest.number} is waiting for approval${approvers ? ` by ${approvers}` : ''} since ${utcMinute(latest.createdAt)}`,
    );
  } else lines.push('Not approved yet: the plan has not been sent for approval');
  lines.push(`Content hash (SHA-256) of revision ${latest.number}: ${latest.hash}`);
  return lines;
}

/**
 * The sign-off of a campaign from its revisions as `GET /api/campaigns/{id}/revisions` lists them (newest
 * first, the draft first of all): the newest and the one before; null without any.
 */
export function signOffOfRevisions(
  campaignId: string,
  revisions: readonly RevisionSummary[],
): SignOff | null {
  const [current, previous] = revisions;
  return current ? { campaignId, current, previous: previous ?? null } : null;
}

/**
 * The statuses of a plan revision (issue 27). The working revision is a `draft` (the plan as it is now,
 * never stored); sending it for approval freezes it `in_review`; the approvers decide (`approved`,
 * `changes_requested`); a later revision sent for approval (or approved) makes it `superseded`.
 * machines/revisionLifecycle is the chart of these moves; the server runs it inside the transaction.
 */
export const REVISION_STATUSES = [
  'draft',
  'in_review',
  'approved',
  'changes_requested',
  'superseded',
] as const;
export type RevisionStatus = (typeof REVISION_STATUSES)[number];

/** The statuses a stored (frozen) revision may have: a draft is never stored. */
export const FROZEN_REVISION_STATUSES = REVISION_STATUSES.filter((status) => status !== 'draft');

/** The kinds of in-app notification (issue 27); each member chooses per kind whether e-mail is sent too. */
export const NOTIFICATION_KINDS = [
  'approval_requested',
  'plan_approved',
  'changes_requested',
  'platform_failed',
  'connection_needs_reconnect',
  'budget_off_pace',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

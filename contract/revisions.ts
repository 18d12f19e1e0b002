import * as v from 'valibot';
import { AssetSchema } from './creative/assets';
import { REVISION_STATUSES } from './revisionStatus';

/**
 * Plan revisions and sign-off (issue 27): the wire format of `/api/campaigns/{id}/revisions…`.
 * The snapshot, its hash and the comparison are contract/planning/revisionSnapshot.ts.
 */

export const RevisionPersonSchema = v.object({ id: v.string(), email: v.string(), name: v.string() });
export type RevisionPerson = v.InferOutput<typeof RevisionPersonSchema>;

/** One revision in `GET /api/campaigns/{id}/revisions` (newest first; the draft, if any, first of all). */
export const RevisionSummarySchema = v.object({
  number: v.number(),
  status: v.picklist(REVISION_STATUSES),
  /** The content hash (hex SHA-256) of the snapshot; the draft's is the plan's as it is now. */
  hash: v.string(),
  createdAt: v.string(),
  createdBy: v.nullable(RevisionPersonSchema),
  decidedAt: v.optional(v.nullable(v.string())),
  decidedBy: v.optional(v.nullable(RevisionPersonSchema)),
  /** The full name the approver typed. */
  decidedName: v.optional(v.nullable(v.string())),
  /** How the approver confirmed it was them: the step-up method (passkey, authenticator app, e-mail code…). */
  decidedMethod: v.optional(v.nullable(v.string())),
  /** The approver's comment; always there when they asked for changes. */
  comment: v.optional(v.nullable(v.string())),
  approvers: v.array(RevisionPersonSchema),
});
export type RevisionSummary = v.InferOutput<typeof RevisionSummarySchema>;
export const RevisionListSchema = v.array(RevisionSummarySchema);

/** `POST /api/campaigns/{id}/revisions/submit` */
export const SubmitRevisionRequestSchema = v.object({
  approverIds: v.optional(
    v.pipe(
      v.array(v.pipe(v.string(), v.uuid('That is not a member id')), 'Choose approvers as a list'),
      v.maxLength(50, 'Choose at most 50 approvers'),
    ),
  ),
});
export const SubmitRevisionResultSchema = v.object({ number: v.number(), hash: v.string() });

/** `POST /api/campaigns/{id}/revisions/{n}/approve` */
export const ApproveRevisionRequestSchema = v.object({
  name: v.pipe(
    v.string('Type your full name'),
    v.trim(),
    v.nonEmpty('Type your full name to approve'),
    v.maxLength(200, 'That name is too long'),
  ),
});

/** `POST /api/campaigns/{id}/revisions/{n}/request-changes` */
export const RequestChangesRequestSchema = v.object({
  comment: v.pipe(
    v.string('Say what should change'),
    v.trim(),
    v.nonEmpty('Say what should change'),
    v.maxLength(4000, 'Keep the comment under 4,000 characters'),
  ),
});

const STATUS_WORDS: Readonly<Record<RevisionSummary['status'], string>> = {
  draft: 'in draft',
  in_review: 'waiting for approval',
  approved: 'approved',
  changes_requested: 'changes requested',
  superseded: 'superseded',
};

/**
 * "Revision 3 approved · revision 4 in draft": the campaign's sign-off state in one line, from the revisions
 * newest first (the last two that still count). Null before the first revision.
 */
export function signOffLine(revisions: readonly Pick<RevisionSummary, 'number' | 'status'>[]): string | null {
  const shown = revisions
    .filter((r) => r.status !== 'superseded')
    .slice(0, 2)
    .reverse();
  if (shown.length === 0) return null;
  const text = shown.map((r) => `revision ${r.number} ${STATUS_WORDS[r.status]}`).join(' · ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** `GET|PUT /api/organizations/{orgId}/sign-off` */
export const SignOffSettingSchema = v.object({
  launchNeedsSignOff: v.boolean('Say whether launching needs sign-off (true or false)'),
});

/** `GET /api/campaigns/{id}/approvers`: who may be asked to approve; clients are asked by default. */
export const ApproverCandidateSchema = v.object({
  ...RevisionPersonSchema.entries,
  role: v.string(),
  isDefault: v.boolean(),
});
export type ApproverCandidate = v.InferOutput<typeof ApproverCandidateSchema>;

const RevisionCampaignSchema = v.object({ id: v.string(), name: v.string(), currency: v.string() });
const SnapshotSchema = v.record(v.string(), v.unknown());
/** The names the platforms gave the interests (platform → id → name), frozen beside the snapshot. */
const InterestNamesSchema = v.record(v.string(), v.record(v.string(), v.string()));

/** `GET /api/campaigns/{id}/revisions/{n}`: one revision and its snapshot (contract/planning/revisionSnapshot.ts). */
export const RevisionDetailSchema = v.object({
  campaign: RevisionCampaignSchema,
  revision: RevisionSummarySchema,
  snapshot: SnapshotSchema,
  /** Read live beside the frozen snapshot: names, the budget and what is left, the ads' assets. */
  context: v.object({
    customerName: v.nullable(v.string()),
    objective: v.nullable(v.string()),
    budget: v.nullable(
      v.object({
        name: v.string(),
        amountMinor: v.number(),
        currency: v.string(),
        leftAfterMinor: v.number(),
      }),
    ),
    assets: v.array(AssetSchema),
    /** This revision is the plan as it is now (its insertion order is the current export). */
    isCurrent: v.boolean(),
    /** Its interests' names (an interest without one shows as its id). */
    interestNames: InterestNamesSchema,
  }),
  /**
   * What changed since the last approved revision before this one (issue 27's review): its number and the
   * comparison (`RevisionDiff`, as `…/diff/{a}/{b}` answers it); null when none before it is approved.
   */
  sinceApproved: v.optional(
    v.nullable(v.object({ number: v.number(), diff: SnapshotSchema, interestNames: InterestNamesSchema })),
  ),
});
export type RevisionDetail = v.InferOutput<typeof RevisionDetailSchema>;

/** `GET /api/campaigns/{id}/revisions/{a}/diff/{b}`: what changed from A to B (`RevisionDiff`). */
export const RevisionComparisonSchema = v.object({
  campaign: RevisionCampaignSchema,
  from: RevisionSummarySchema,
  to: RevisionSummarySchema,
  diff: SnapshotSchema,
  /** Both revisions' interest names, for reading the interests' changes. */
  interestNames: InterestNamesSchema,
});

/** The answer of approve and request-changes. */
export const RevisionDecisionSchema = v.object({
  number: v.number(),
  status: v.picklist(['approved', 'changes_requested']),
});

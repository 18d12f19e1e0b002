import type { SignOff } from '@contract/exchange/signOff';
import {
  diffSnapshots,
  type InterestNames,
  mergeInterestNames,
  type RevisionSnapshot,
} from '@contract/planning';
import { type Action, can, type Role } from '@contract/policy';
import type { RevisionStatus } from '@contract/revisionStatus';
import type { RevisionPerson, RevisionSummary } from '@contract/revisions';
import type { StepUpTarget } from '@contract/stepUp';
import { nextRevisionStatus, type RevisionEvent } from '@machines/revisionLifecycle';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { MAY_WORK_IN_ACCOUNT } from '../auth/sessions';
import { businessError } from '../campaignRules/lifecycle';
import { campaignNotFound, lockCampaign } from '../campaigns/store';
import type { ScopeContext } from '../data/define';
import type { Database } from '../db/connect';
import type { CampaignRow } from '../db/rows';
import * as t from '../db/schema';
import { inTransaction, type TxDatabase } from '../db/transaction';
import type { StepUpProof } from '../http/env';
import { HttpError } from '../http/errors';
import { assetFactsOf } from '../planning/ads';
import { budgetFitOf } from '../planning/budgets';
import { draftOf } from '../planning/snapshot';

/**
 * Plan revisions and sign-off (issue 27, docs/revisions.md). Only frozen revisions are stored; the draft is
 * the plan as it is now, listed while it differs from the last frozen one (its hash is another). Every
 * status change goes through machines/revisionLifecycle inside the transaction; the database refuses any
 * change to a frozen snapshot (migration 0027).
 */

type RevisionRow = typeof t.planRevisions.$inferSelect;
type Db = Database | TxDatabase;

export const REVISION_ERRORS = {
  unchanged: 'REVISION_UNCHANGED',
  notAwaiting: 'REVISION_NOT_AWAITING_DECISION',
  signOffRequired: 'SIGN_OFF_REQUIRED',
} as const;

const revisionNotFound = () => new HttpError(404, 'Revision not found');

/** A revision number from the path: a positive whole number, else not found. */
export function parseRevisionNumber(raw: string): number {
  if (!/^[1-9]\d{0,8}$/.test(raw)) throw revisionNotFound();
  return Number(raw);
}

async function frozenRevisions(db: Db, campaignId: string): Promise<RevisionRow[]> {
  return db
    .select()
    .from(t.planRevisions)
    .where(eq(t.planRevisions.campaignId, campaignId))
    .orderBy(desc(t.planRevisions.number));
}

async function peopleByIds(db: Db, ids: readonly (string | null)[]): Promise<Map<string, RevisionPerson>> {
  const wanted = [...new Set(ids.filter((id): id is string => id !== null))];
  if (wanted.length === 0) return new Map();
  const rows = await db
    .select({
      id: t.users.id,
      email: t.users.email,
      firstName: t.users.firstName,
      lastName: t.users.lastName,
    })
    .from(t.users)
    .where(inArray(t.users.id, wanted));
  return new Map(
    rows.map((u) => [
      u.id,
      { id: u.id, email: u.email, name: `${u.firstName} ${u.lastName}`.trim() || u.email },
    ]),
  );
}

async function approversOf(db: Db, revisionIds: readonly string[]): Promise<Map<string, string[]>> {
  if (revisionIds.length === 0) return new Map();
  const rows = await db
    .select()
    .from(t.planRevisionApprovers)
    .where(inArray(t.planRevisionApprovers.revisionId, [...revisionIds]));
  const byRevision = new Map<string, string[]>();
  for (const row of rows)
    byRevision.set(row.revisionId, [...(byRevision.get(row.revisionId) ?? []), row.userId]);
  return byRevision;
}

/** The revisions of a campaign, newest first, the draft (when the plan differs from the last frozen one) first. */
async function summariesOf(tx: TxDatabase, campaign: CampaignRow): Promise<RevisionSummary[]> {
  const rows = await frozenRevisions(tx, campaign.id);
  const approvers = await approversOf(
    tx,
    rows.map((r) => r.id),
  );
  const people = await peopleByIds(tx, [
    ...rows.flatMap((r) => [r.createdBy, r.decidedBy]),
    ...[...approvers.values()].flat(),
  ]);
  const person = (id: string | null) => (id ? (people.get(id) ?? null) : null);
  const frozen: RevisionSummary[] = rows.map((row) => ({
    number: row.number,
    status: row.status as RevisionStatus,
    hash: row.hash,
    createdAt: row.createdAt.toISOString(),
    createdBy: person(row.createdBy),
    decidedAt: row.decidedAt?.toISOString() ?? null,
    decidedBy: person(row.decidedBy),
    decidedName: row.decidedName,
    decidedMethod: row.decidedMethod,
    comment: row.comment,
    approvers: (approvers.get(row.id) ?? []).map((id) => person(id)).filter((p) => p !== null),
  }));
  const draft = await draftOf(tx, campaign);
  // No draft while the plan is exactly a frozen revision (the last one, or one it went back to).
  if (rows.some((row) => row.hash === draft.hash)) return frozen;
  return [
    {
      number: (rows[0]?.number ?? 0) + 1,
      status: 'draft',
      hash: draft.hash,
      createdAt: campaign.updatedAt.toISOString(),
      createdBy: null,
      approvers: [],
    },
    ...frozen,
  ];
}

async function lockedCampaign(
  tx: TxDatabase,
  scope: ScopeContext,
  campaignId: string,
  strength: 'update' | 'share',
) {
  const campaign = await lockCampaign(tx, scope, campaignId, strength);
  if (!campaign) throw campaignNotFound();
  return campaign;
}

export async function listRevisions(db: Database, scope: ScopeContext, campaignId: string) {
  return inTransaction(db, async (tx) =>
    summariesOf(tx, await lockedCampaign(tx, scope, campaignId, 'share')),
  );
}

/** One revision with its snapshot (the draft: the plan as it is now), for the review page and comparisons. */
async function revisionWithSnapshot(tx: TxDatabase, campaign: CampaignRow, number: number) {
  const summaries = await summariesOf(tx, campaign);
  const summary = summaries.find((s) => s.number === number);
  if (!summary) throw revisionNotFound();
  if (summary.status === 'draft') {
    const draft = await draftOf(tx, campaign);
    return { summary, snapshot: draft.snapshot, interestNames: draft.interestNames };
  }
  const [row] = await tx
    .select({ snapshot: t.planRevisions.snapshot, interestNames: t.planRevisions.interestNames })
    .from(t.planRevisions)
    .where(and(eq(t.planRevisions.campaignId, campaign.id), eq(t.planRevisions.number, number)));
  if (!row) throw revisionNotFound();
  return { summary, snapshot: row.snapshot as RevisionSnapshot, interestNames: row.interestNames };
}

export async function revisionDetail(db: Database, scope: ScopeContext, campaignId: string, number: number) {
  return inTransaction(db, async (tx) => {
    const campaign = await lockedCampaign(tx, scope, campaignId, 'share');
    const { summary, snapshot, interestNames } = await revisionWithSnapshot(tx, campaign, number);
    return {
      campaign: { id: campaign.id, name: campaign.name, currency: campaign.currency },
      revision: summary,
      snapshot,
      context: { ...(await reviewContext(tx, campaign, snapshot, summary.hash)), interestNames },
      sinceApproved: await sinceApproved(tx, campaign, number, snapshot, interestNames),
    };
  });
}

/**
 * What changed since the last approved revision before `number` (the comparison of the two, as
 * `GET …/diff/{a}/{b}` answers it), for the approver's review; null when no earlier revision is approved.
 */
async function sinceApproved(
  tx: TxDatabase,
  campaign: CampaignRow,
  number: number,
  snapshot: RevisionSnapshot,
  interestNames: InterestNames,
) {
  const [approved] = await tx
    .select({
      number: t.planRevisions.number,
      snapshot: t.planRevisions.snapshot,
      interestNames: t.planRevisions.interestNames,
    })
    .from(t.planRevisions)
    .where(
      and(
        eq(t.planRevisions.campaignId, campaign.id),
        eq(t.planRevisions.status, 'approved'),
        sql`${t.planRevisions.number} < ${number}`,
      ),
    )
    .orderBy(desc(t.planRevisions.number))
    .limit(1);
  return approved
    ? {
        number: approved.number,
        diff: diffSnapshots(approved.snapshot as RevisionSnapshot, snapshot),
        interestNames: mergeInterestNames(approved.interestNames, interestNames),
      }
    : null;
}

/**
 * What the review shows beside the frozen snapshot, read live: names (customer, objective), the budget and
 * what is left of it (other campaigns change that, not this plan), the ads' assets from the account's
 * library, and whether this revision is the plan as it is now (its insertion order is then the current one).
 */
async function reviewContext(
  tx: TxDatabase,
  campaign: CampaignRow,
  snapshot: RevisionSnapshot,
  hash: string,
) {
  const customerId = snapshot.overview.customerId;
  const [customer] =
    typeof customerId === 'string'
      ? await tx.select({ name: t.customers.name }).from(t.customers).where(eq(t.customers.id, customerId))
      : [];
  const objectiveId = snapshot.overview.objectiveId;
  const [objective] =
    typeof objectiveId === 'number'
      ? await tx
          .select({ label: t.objectives.label })
          .from(t.objectives)
          .where(eq(t.objectives.id, objectiveId))
      : [];
  const fit = await budgetFitOf(tx, campaign);
  const budget =
    fit && fit.budget.id === snapshot.budget.budgetId
      ? {
          name: fit.budget.name,
          amountMinor: fit.budget.amountMinor,
          currency: fit.budget.currency,
          leftAfterMinor: fit.leftAfterMinor,
        }
      : null;
  const assetIds = snapshot.ads.flatMap((ad) =>
    Array.isArray(ad.assets) ? ad.assets.map((use) => (use as { assetId?: string }).assetId ?? '') : [],
  );
  const assets = Object.values(await assetFactsOf(tx, campaign.accountId, assetIds.filter(Boolean)));
  return {
    customerName: customer?.name ?? null,
    objective: objective?.label ?? null,
    budget,
    assets,
    isCurrent: (await draftOf(tx, campaign)).hash === hash,
  };
}

export async function revisionPair(
  db: Database,
  scope: ScopeContext,
  campaignId: string,
  numbers: [number, number],
) {
  return inTransaction(db, async (tx) => {
    const campaign = await lockedCampaign(tx, scope, campaignId, 'share');
    const from = await revisionWithSnapshot(tx, campaign, numbers[0]);
    const to = await revisionWithSnapshot(tx, campaign, numbers[1]);
    return { campaign: { id: campaign.id, name: campaign.name, currency: campaign.currency }, from, to };
  });
}

/** Moves a stored revision through the chart; a move the chart refuses is a 409 naming the status. */
async function moveRevision(
  tx: TxDatabase,
  row: RevisionRow,
  event: RevisionEvent,
  set: Partial<RevisionRow> = {},
) {
  const next = nextRevisionStatus(row.status as RevisionStatus, event);
  if (next === null) throw notAwaiting(row);
  await tx
    .update(t.planRevisions)
    .set({ ...set, status: next })
    .where(eq(t.planRevisions.id, row.id));
  return next;
}

const STATUS_PHRASES: Record<RevisionStatus, string> = {
  draft: 'is a draft',
  in_review: 'is waiting for approval',
  approved: 'is already approved',
  changes_requested: 'was sent back for changes',
  superseded: 'was replaced by a later revision',
};

const notAwaiting = (row: Pick<RevisionRow, 'number' | 'status'>) =>
  businessError(
    409,
    REVISION_ERRORS.notAwaiting,
    `Revision ${row.number} ${STATUS_PHRASES[row.status as RevisionStatus]}: it can't be decided now`,
  );

/** The members of the account's organization who may work in it, with their roles. */
async function accountMembers(db: Db, campaign: CampaignRow) {
  const { rows } = await db.execute<{ user_id: string; role: Role }>(sql`
    SELECT m.user_id, m.role FROM memberships m JOIN accounts a ON a.organization_id = m.organization_id
    WHERE a.id = ${campaign.accountId}::uuid AND ${sql.raw(MAY_WORK_IN_ACCOUNT)}`);
  return rows;
}

const DECIDE: Action = 'revisions.decide';

/**
 * "Send for approval": freezes the plan as the next revision, naming its approvers (the account's client
 * members by default). Earlier revisions still waiting or sent back are superseded.
 */
export async function submitRevision(
  db: Database,
  scope: ScopeContext,
  campaignId: string,
  approverIds: readonly string[] | undefined,
) {
  return inTransaction(db, async (tx) => {
    const campaign = await lockedCampaign(tx, scope, campaignId, 'update');
    const revisions = await frozenRevisions(tx, campaign.id);
    const [latest] = revisions;
    const draft = await draftOf(tx, campaign);
    const same = revisions.find((row) => row.hash === draft.hash);
    if (same) {
      throw businessError(
        409,
        REVISION_ERRORS.unchanged,
        `Nothing changed since revision ${same.number}, which ${STATUS_PHRASES[same.status as RevisionStatus]}`,
      );
    }
    const members = await accountMembers(tx, campaign);
    const chosen = approverIds ?? members.filter((m) => m.role === 'client').map((m) => m.user_id);
    const field = (message: string) =>
      new HttpError(400, message, { validationErrors: { approverIds: { message } } });
    if (chosen.length === 0)
      throw field('Choose who approves: this account has no client members to ask by default');
    const eligible = new Map(members.filter((m) => can(m.role, DECIDE)).map((m) => [m.user_id, m]));
    const unknown = chosen.filter((id) => !eligible.has(id));
    if (unknown.length > 0)
      throw field('Choose approvers among the members who work in this account (analysts can’t approve)');
    for (const row of await frozenRevisions(tx, campaign.id))
      if (row.status === 'in_review' || row.status === 'changes_requested')
        await moveRevision(tx, row, { type: 'revision.supersede' });
    const number = (latest?.number ?? 0) + 1;
    if (nextRevisionStatus('draft', { type: 'revision.submit' }) !== 'in_review')
      throw new Error('chart changed');
    const [inserted] = await tx
      .insert(t.planRevisions)
      .values({
        campaignId: campaign.id,
        accountId: campaign.accountId,
        number,
        status: 'in_review',
        snapshot: draft.snapshot,
        hash: draft.hash,
        interestNames: draft.interestNames,
        createdBy: scope.userId,
      })
      .returning({ id: t.planRevisions.id });
    const approvers = [...new Set(chosen)];
    await tx
      .insert(t.planRevisionApprovers)
      .values(approvers.map((userId) => ({ revisionId: inserted!.id, userId })));
    return { number, hash: draft.hash, approvers, campaign };
  });
}

async function revisionToDecide(tx: TxDatabase, campaign: CampaignRow, number: number, userId: string) {
  const [row] = await tx
    .select()
    .from(t.planRevisions)
    .where(and(eq(t.planRevisions.campaignId, campaign.id), eq(t.planRevisions.number, number)))
    .for('update');
  if (!row) throw revisionNotFound();
  const [asked] = await tx
    .select()
    .from(t.planRevisionApprovers)
    .where(and(eq(t.planRevisionApprovers.revisionId, row.id), eq(t.planRevisionApprovers.userId, userId)));
  if (!asked)
    throw new HttpError(403, `You were not asked to approve revision ${number}`, { errorCode: 'FORBIDDEN' });
  if (nextRevisionStatus(row.status as RevisionStatus, { type: 'revision.approve' }) === null)
    throw notAwaiting(row);
  return row;
}

/** The step-up target of an approval: this revision and its content hash, as shown. */
export const approvalTarget = (
  campaign: CampaignRow,
  row: Pick<RevisionRow, 'id' | 'number' | 'hash'>,
): StepUpTarget => ({
  kind: 'planRevision',
  id: row.id,
  description: `Approve revision ${row.number} of ${campaign.name}`,
  params: { campaignId: campaign.id, number: row.number, hash: row.hash },
});

const normalName = (name: string) =>
  name.normalize('NFKC').trim().replace(/\s+/g, ' ').toLocaleLowerCase('en');

/**
 * Approves a revision: the approver types their full name (as on their account) and passes the step-up, bound
 * to the revision's hash. A later revision approved supersedes an earlier approved one.
 */
export async function approveRevision(
  db: Database,
  scope: ScopeContext,
  campaignId: string,
  number: number,
  typedName: string,
  confirm: (target: StepUpTarget) => Promise<void | StepUpProof>,
) {
  return inTransaction(db, async (tx) => {
    const campaign = await lockedCampaign(tx, scope, campaignId, 'update');
    const row = await revisionToDecide(tx, campaign, number, scope.userId);
    const [me] = await tx.select().from(t.users).where(eq(t.users.id, scope.userId));
    const fullName = `${me!.firstName} ${me!.lastName}`.trim();
    if (!fullName || normalName(typedName) !== normalName(fullName)) {
      const message = fullName
        ? `Type your full name as on your account (${fullName}) to approve`
        : 'Add your name to your profile, then type it here to approve';
      throw new HttpError(400, message, { validationErrors: { name: { message } } });
    }
    const proof = await confirm(approvalTarget(campaign, row));
    for (const earlier of await frozenRevisions(tx, campaign.id))
      if (earlier.number < number && earlier.status === 'approved')
        await moveRevision(tx, earlier, { type: 'revision.supersede' });
    await moveRevision(
      tx,
      row,
      { type: 'revision.approve' },
      {
        decidedAt: new Date(),
        decidedBy: scope.userId,
        decidedName: typedName.trim(),
        decidedMethod: proof?.method || null,
      },
    );
    return { campaign, createdBy: row.createdBy };
  });
}

/** Sends a revision back with the approver's comment. */
export async function requestChanges(
  db: Database,
  scope: ScopeContext,
  campaignId: string,
  number: number,
  comment: string,
) {
  return inTransaction(db, async (tx) => {
    const campaign = await lockedCampaign(tx, scope, campaignId, 'update');
    const row = await revisionToDecide(tx, campaign, number, scope.userId);
    await moveRevision(
      tx,
      row,
      { type: 'revision.requestChanges' },
      {
        decidedAt: new Date(),
        decidedBy: scope.userId,
        comment,
      },
    );
    return { campaign, createdBy: row.createdBy };
  });
}

/**
 * "Launch needs sign-off" (an organization setting): a launch waits until the plan as it is now is a revision
 * an approver approved. Runs on the locked campaign row, inside the launch's transaction.
 */
export async function assertSignedOff(tx: TxDatabase, campaign: CampaignRow): Promise<void> {
  const [organization] = await tx
    .select({ needed: t.organizations.launchNeedsSignOff })
    .from(t.organizations)
    .where(eq(t.organizations.id, campaign.organizationId));
  if (!organization?.needed) return;
  const revisions = await frozenRevisions(tx, campaign.id);
  const draft = await draftOf(tx, campaign);
  // The plan as it is now was approved (the latest revision, or an approved one it went back to).
  if (revisions.some((r) => r.status === 'approved' && r.hash === draft.hash)) return;
  const [latest] = revisions;
  if (latest && latest.hash === draft.hash) {
    throw businessError(
      409,
      REVISION_ERRORS.signOffRequired,
      `Launching needs sign-off: revision ${latest.number} ${STATUS_PHRASES[latest.status as RevisionStatus]}`,
    );
  }
  const number = (latest?.number ?? 0) + 1;
  throw businessError(
    409,
    REVISION_ERRORS.signOffRequired,
    `Launching needs sign-off: send revision ${number} for approval, then launch once it is approved`,
  );
}

/**
 * The sign-off the exports and the insertion order carry (server/exchange's `LoadSignOff` port): the newest
 * revision (the draft when the plan changed since the last one) and the one before; none before the first
 * revision was sent for approval. Called only with a campaign already read in the session's scope.
 */
export async function signOffOf(db: Database, campaignId: string): Promise<SignOff | null> {
  return inTransaction(db, async (tx) => {
    const [campaign] = await tx.select().from(t.campaigns).where(eq(t.campaigns.id, campaignId));
    if (!campaign) return null;
    const summaries = await summariesOf(tx, campaign);
    if (!summaries.some((s) => s.status !== 'draft')) return null;
    return { campaignId, current: summaries[0]!, previous: summaries[1] ?? null };
  });
}

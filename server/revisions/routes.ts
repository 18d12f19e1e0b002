import { diffSnapshots, mergeInterestNames } from '@contract/planning';
import {
  ApproveRevisionRequestSchema,
  RequestChangesRequestSchema,
  SignOffSettingSchema,
  SubmitRevisionRequestSchema,
} from '@contract/revisions';
import { STEP_UP_ACTIONS } from '@contract/stepUp';
import { eq } from 'drizzle-orm';
import { type Context, Hono } from 'hono';
import { requireAccount, requireSession, stepUpFor } from '../auth/sessions';
import { scopeOfSession } from '../data/scope';
import * as t from '../db/schema';
import type { AppEnv } from '../http/env';
import { HttpError, parseWith, readJsonObject } from '../http/errors';
import { allow } from '../http/policy';
import type { RevisionNotice } from '../notifications/revisionNotices';
import { approverCandidates } from './approvers';
import {
  approveRevision,
  listRevisions,
  parseRevisionNumber,
  requestChanges,
  revisionDetail,
  revisionPair,
  submitRevision,
} from './store';

/** What happened to a revision, for whoever tells people (notifications and e-mail; app.ts wires it). */
export type RevisionListener = (event: RevisionNotice) => Promise<void>;

const inOrg = { organizationParam: 'orgId' } as const;

/**
 * Plan revisions and sign-off (issue 27, docs/revisions.md): a campaign's revisions, sending the plan for
 * approval, approving (step-up `approvePlan`, bound to the revision's hash) or asking for changes, comparing
 * two revisions, and the organization's "Launch needs sign-off". Scoped to the session's current account;
 * another account's campaign answers 404 like a missing one.
 */
export function createRevisionRoutes({
  onEvent = async () => {},
}: {
  onEvent?: RevisionListener;
} = {}): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  const scopeOf = (c: Context<AppEnv>) => scopeOfSession(requireAccount(c));
  const number = (c: Context<AppEnv>, name: string) => parseRevisionNumber(c.req.param(name) ?? '');

  routes.get('/api/campaigns/:id/revisions', allow('campaigns.read'), async (c) =>
    c.json(await listRevisions(c.get('db'), scopeOf(c), c.req.param('id'))),
  );

  routes.get('/api/campaigns/:id/approvers', allow('revisions.submit'), async (c) =>
    c.json(await approverCandidates(c.get('db'), scopeOf(c), c.req.param('id'))),
  );

  routes.post('/api/campaigns/:id/revisions/submit', allow('revisions.submit'), async (c) => {
    const scope = scopeOf(c);
    const body = parseWith(SubmitRevisionRequestSchema, await readJsonObject(c));
    const result = await submitRevision(c.get('db'), scope, c.req.param('id'), body.approverIds);
    await onEvent({
      kind: 'submitted',
      campaignId: result.campaign.id,
      accountId: result.campaign.accountId,
      organizationId: result.campaign.organizationId,
      campaignName: result.campaign.name,
      number: result.number,
      approverIds: result.approvers,
      by: scope.userId,
    });
    return c.json({ number: result.number, hash: result.hash }, 201);
  });

  routes.get('/api/campaigns/:id/revisions/:n', allow('campaigns.read'), async (c) =>
    c.json(await revisionDetail(c.get('db'), scopeOf(c), c.req.param('id'), number(c, 'n'))),
  );

  routes.post('/api/campaigns/:id/revisions/:n/approve', allow('revisions.decide'), async (c) => {
    const scope = scopeOf(c);
    const body = parseWith(ApproveRevisionRequestSchema, await readJsonObject(c));
    const n = number(c, 'n');
    const { campaign, createdBy } = await approveRevision(
      c.get('db'),
      scope,
      c.req.param('id'),
      n,
      body.name,
      stepUpFor(c, STEP_UP_ACTIONS.approvePlan),
    );
    await onEvent({
      kind: 'approved',
      campaignId: campaign.id,
      accountId: campaign.accountId,
      organizationId: campaign.organizationId,
      campaignName: campaign.name,
      number: n,
      to: createdBy,
      by: scope.userId,
    });
    return c.json({ number: n, status: 'approved' as const });
  });

  routes.post('/api/campaigns/:id/revisions/:n/request-changes', allow('revisions.decide'), async (c) => {
    const scope = scopeOf(c);
    const body = parseWith(RequestChangesRequestSchema, await readJsonObject(c));
    const n = number(c, 'n');
    const { campaign, createdBy } = await requestChanges(
      c.get('db'),
      scope,
      c.req.param('id'),
      n,
      body.comment,
    );
    await onEvent({
      kind: 'changesRequested',
      campaignId: campaign.id,
      accountId: campaign.accountId,
      organizationId: campaign.organizationId,
      campaignName: campaign.name,
      number: n,
      to: createdBy,
      by: scope.userId,
      comment: body.comment,
    });
    return c.json({ number: n, status: 'changes_requested' as const });
  });

  routes.get('/api/campaigns/:id/revisions/:a/diff/:b', allow('campaigns.read'), async (c) => {
    const { campaign, from, to } = await revisionPair(c.get('db'), scopeOf(c), c.req.param('id'), [
      number(c, 'a'),
      number(c, 'b'),
    ]);
    return c.json({
      campaign,
      from: from.summary,
      to: to.summary,
      diff: diffSnapshots(from.snapshot, to.snapshot),
      interestNames: mergeInterestNames(from.interestNames, to.interestNames),
    });
  });

  /** The organization's "Launch needs sign-off". */
  routes.get('/api/organizations/:orgId/sign-off', allow('organization.read', inOrg), async (c) => {
    const [row] = await c
      .get('db')
      .select({ launchNeedsSignOff: t.organizations.launchNeedsSignOff })
      .from(t.organizations)
      .where(eq(t.organizations.id, c.req.param('orgId')));
    if (!row) throw new HttpError(404, 'Organization not found');
    return c.json(row);
  });

  routes.put('/api/organizations/:orgId/sign-off', allow('organization.manage', inOrg), async (c) => {
    requireSession(c);
    const body = parseWith(SignOffSettingSchema, await readJsonObject(c));
    const [row] = await c
      .get('db')
      .update(t.organizations)
      .set({ launchNeedsSignOff: body.launchNeedsSignOff })
      .where(eq(t.organizations.id, c.req.param('orgId')))
      .returning({ launchNeedsSignOff: t.organizations.launchNeedsSignOff });
    if (!row) throw new HttpError(404, 'Organization not found');
    return c.json(row);
  });

  return routes;
}

import { randomBytes } from 'node:crypto';
import type { AudienceEstimate, Interest, PlatformRules } from '@contract/planning';
import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { Database } from '../db/connect';
import { sandboxFailures, sandboxPlatformCampaigns } from '../db/schema';
import {
  type AudienceEstimateQuery,
  type CallOptions,
  type DeliveryReport,
  type DeliveryRequest,
  type PlatformCampaign,
  type PlatformCampaignRequest,
  type PlatformCampaignStatus,
  type PlatformConnector,
  PlatformError,
} from './connector';
import { adProblem } from './sandbox/adProblems';
import { adSetProblem } from './sandbox/adSetProblems';
import { estimateAudience } from './sandbox/audienceEstimate';
import { advanceSandboxClock, sandboxToday } from './sandbox/clock';
import { requireSandboxAccess } from './sandbox/credentials';
import { SANDBOX_PLATFORMS, type SandboxPlatform } from './sandbox/data';
import { sandboxDeliveryReport } from './sandbox/deliveryReport';
import { takeInjectedFailure } from './sandbox/failures';
import { searchTaxonomy } from './sandbox/interestSearch';
import { revokeSandboxGrants } from './sandbox/oauth/control';
import { updateWarnings } from './sandbox/updateWarnings';
import { sleep } from './sleep';

/**
 * A stand-in ad platform, the default connector of every platform key. It keeps its own records
 * (`sandbox_platform_campaigns`), answers after a delay, and moves campaigns like the real platforms:
 * `in_review` for `reviewMs` after creation, then `active`, or `rejected` with a policy reason.
 *
 * Deterministic rules, so demos and tests can drive every outcome:
 * - a campaign name containing `reject` is rejected by every platform; `reject-<platform key>`
 *   (e.g. "Summer reject-tiktok") only by that platform;
 * - validation refuses a budget share below 1.00, missing dates and an end date in the past, and, with
 *   the plan's ad set, whatever the platform's rules refuse (sandbox/adSetProblems.ts), and ads that break
 *   the platform's creative specs, with the first problem's message (sandbox/adProblems.ts);
 * - rules, interests and estimates come from the platform's data files (sandbox/data/);
 * - injected failures (`SandboxControl.injectFailure`, table `sandbox_failures`) answer the next calls.
 */

export interface SandboxOptions {
  /** How long every call takes, in ms. */
  delayMs: number;
  /** How long a review lasts after creation, in ms. */
  reviewMs: number;
  /** How long a `hang` failure waits (unless aborted) before answering `unavailable`. */
  hangMs?: number;
}

export const SANDBOX_FAILURE_KINDS = [
  'validation',
  'rate_limit',
  'expired_credential',
  'unavailable',
  /** The call does not answer until the caller aborts it (or `hangMs`): a worker killed mid-call. */
  'hang',
] as const;
export type SandboxFailureKind = (typeof SANDBOX_FAILURE_KINDS)[number];

export const SANDBOX_OPERATIONS = [
  'validate',
  'launch',
  'status',
  /** A change to a running campaign (issue 28). */
  'update',
  /**
   * Just after an update was applied, before it answers (named only, like the planning calls): a `hang`
   * here is a worker cut off between the platform taking the change and our write of it.
   */
  'updated',
  'pause',
  'resume',
  'delete',
  'find',
  /** Any of the calls above; never the planning calls below, which a failure must name. */
  'any',
  'rules',
  'interests',
  'estimate',
  /** The review's validate-only call (`validate` with purpose `preflight`). */
  'preflight',
  /** The delivery report a sync reads (named like the planning calls: a scheduled sync must not use up `any`). */
  'delivery',
] as const;
export type SandboxOperation = (typeof SANDBOX_OPERATIONS)[number];

const PLANNING_OPERATIONS: ReadonlySet<SandboxOperation> = new Set([
  'updated',
  'rules',
  'interests',
  'estimate',
  'preflight',
  'delivery',
]);

/**
 * The calls a platform answers without the ad account's token (its public reference, reach estimates, the
 * delivery report's stand-in). A validate-only pre-flight acts on the ad account, as the launch does.
 */
const NEEDS_NO_ACCESS: ReadonlySet<SandboxOperation> = new Set([
  'updated',
  'rules',
  'interests',
  'estimate',
  'delivery',
]);

type Row = typeof sandboxPlatformCampaigns.$inferSelect;

/** The platforms that `name` tells the sandbox to reject (see the rules above). */
export function rejectsOn(name: string, platformKey: string): boolean {
  for (const match of name.matchAll(/reject(?:-([a-z0-9]+))?/gi)) {
    if (!match[1] || match[1].toLowerCase() === platformKey) return true;
  }
  return false;
}

const today = () => new Date().toISOString().slice(0, 10);

export class SandboxConnector implements PlatformConnector {
  constructor(
    readonly key: string,
    readonly displayName: string,
    private readonly db: Database,
    private readonly options: SandboxOptions,
  ) {}

  // Platforms publish their rules and a real connector caches them for hours: no latency here, so every
  // step save that checks them stays quick; an injected `rules` failure still answers.
  async rules(options?: CallOptions): Promise<PlatformRules> {
    await this.answer('rules', { ...options, immediate: true });
    return this.data().rules;
  }

  async searchInterests(query: string, limit: number, options?: CallOptions): Promise<Interest[]> {
    await this.answer('interests', options);
    return searchTaxonomy(this.data().interests, query, limit);
  }

  /** The interests of `ids` the platform knows, in the order asked (unknown ids are left out). */
  async interestsByIds(ids: readonly string[], options?: CallOptions): Promise<Interest[]> {
    await this.answer('interests', { ...options, immediate: true });
    const known = this.data().interestsById;
    return ids.flatMap((id) => known.get(id) ?? []);
  }

  async estimateAudience(query: AudienceEstimateQuery, options?: CallOptions): Promise<AudienceEstimate> {
    await this.answer('estimate', options);
    const platform = this.data();
    const unknown = query.audience.interests.find((id) => !platform.interestsById.has(id));
    if (unknown !== undefined)
      throw new PlatformError(this.key, 'validation', `${this.displayName} has no interest ${unknown}.`);
    return estimateAudience(platform, query);
  }

  async validate(request: PlatformCampaignRequest, options?: CallOptions): Promise<void> {
    // The review's pre-flight answers its own injected failures, never a launch's.
    await this.answer(options?.purpose === 'preflight' ? 'preflight' : 'validate', options);
    const problem = this.problemWith(request);
    if (problem) throw new PlatformError(this.key, 'validation', problem);
  }

  async launch(request: PlatformCampaignRequest, options?: CallOptions): Promise<PlatformCampaign> {
    await this.answer('launch', options);
    const problem = this.problemWith(request);
    if (problem) throw new PlatformError(this.key, 'validation', problem);
    const [row] = await this.db
      .insert(sandboxPlatformCampaigns)
      .values({
        platformKey: this.key,
        externalId: `${this.key}_${randomBytes(8).toString('hex')}`,
        reference: request.reference,
        // The ad account the connection chose owns it: only that account is told its delivery.
        payload: { ...request, adAccountId: options?.credentials?.externalAccountId ?? null },
        status: 'in_review',
        statusHistory: [{ status: 'in_review', on: await sandboxToday(this.db) }],
      })
      .onConflictDoUpdate({
        target: [sandboxPlatformCampaigns.platformKey, sandboxPlatformCampaigns.reference],
        set: { launchRequests: sql`${sandboxPlatformCampaigns.launchRequests} + 1`, updatedAt: sql`now()` },
      })
      .returning();
    return toCampaign(row!);
  }

  async status(externalId: string, options?: CallOptions): Promise<PlatformCampaign> {
    await this.answer('status', options);
    const row = await this.settleReview(await this.find(externalId));
    return toCampaign(row);
  }

  async update(
    externalId: string,
    request: PlatformCampaignRequest,
    options?: CallOptions,
  ): Promise<PlatformCampaign> {
    await this.answer('update', options);
    const row = await this.updatable(externalId, request);
    // The update key: a retried update the platform already applied changes nothing (counted all the same).
    const applied = row.appliedUpdates.includes(request.reference);
    const [updated] = await this.db
      .update(sandboxPlatformCampaigns)
      .set({
        ...(applied
          ? {}
          : {
              payload: {
                ...request,
                reference: row.payload.reference ?? row.reference,
                adAccountId: row.payload.adAccountId ?? null,
              },
              appliedUpdates: sql`${sandboxPlatformCampaigns.appliedUpdates} || ${JSON.stringify([request.reference])}::jsonb`,
            }),
        updateRequests: sql`${sandboxPlatformCampaigns.updateRequests} + 1`,
        updatedAt: sql`now()`,
      })
      .where(eq(sandboxPlatformCampaigns.externalId, row.externalId))
      .returning();
    await this.answer('updated', { ...options, immediate: true });
    return toCampaign(updated!);
  }

  async validateUpdate(
    externalId: string,
    request: PlatformCampaignRequest,
    options?: CallOptions,
  ): Promise<string[]> {
    await this.answer('preflight', options);
    const row = await this.updatable(externalId, request);
    return updateWarnings(this.displayName, row.payload as Partial<PlatformCampaignRequest>, request);
  }

  /** The running campaign an update may change, or the refusal a platform gives. */
  private async updatable(externalId: string, request: PlatformCampaignRequest): Promise<Row> {
    const row = await this.settleReview(await this.find(externalId));
    if (row.status === 'rejected')
      throw new PlatformError(
        this.key,
        'validation',
        `${this.displayName} rejected this campaign: it cannot change.`,
      );
    const problem = this.problemWith(request);
    if (problem) throw new PlatformError(this.key, 'validation', problem);
    return row;
  }

  async pause(externalId: string, options?: CallOptions): Promise<PlatformCampaign> {
    await this.answer('pause', options);
    const row = await this.settleReview(await this.find(externalId));
    if (row.status !== 'active' && row.status !== 'paused') {
      throw new PlatformError(
        this.key,
        'validation',
        `Only an active campaign can be paused (it is ${row.status}).`,
      );
    }
    return toCampaign(await this.setStatus(row, 'paused'));
  }

  async resume(externalId: string, options?: CallOptions): Promise<PlatformCampaign> {
    await this.answer('resume', options);
    const row = await this.settleReview(await this.find(externalId));
    if (row.status !== 'active' && row.status !== 'paused') {
      throw new PlatformError(
        this.key,
        'validation',
        `Only a paused campaign can be resumed (it is ${row.status}).`,
      );
    }
    return toCampaign(await this.setStatus(row, 'active'));
  }

  async delete(externalId: string, options?: CallOptions): Promise<void> {
    await this.answer('delete', options);
    await this.setStatus(await this.find(externalId), 'deleted');
  }

  async findByReference(reference: string, options?: CallOptions): Promise<PlatformCampaign | null> {
    await this.answer('find', options);
    const [row] = await this.db
      .select()
      .from(sandboxPlatformCampaigns)
      .where(
        and(
          eq(sandboxPlatformCampaigns.platformKey, this.key),
          eq(sandboxPlatformCampaigns.reference, reference),
          ne(sandboxPlatformCampaigns.status, 'deleted'),
        ),
      );
    return row ? toCampaign(row) : null;
  }

  /** Delivery up to the sandbox's today (its clock: sandbox/clock.ts), computed by sandbox/deliveryReport.ts. */
  async delivery(request: DeliveryRequest, options?: CallOptions): Promise<DeliveryReport> {
    await this.answer('delivery', options);
    const report = await sandboxDeliveryReport(
      this.db,
      this.key,
      request,
      await sandboxToday(this.db),
      options?.credentials,
    );
    options?.signal?.throwIfAborted();
    return report;
  }

  private problemWith(request: PlatformCampaignRequest): string | null {
    if (!request.startDate || !request.endDate) return `${this.displayName} needs a start and an end date.`;
    if (request.endDate < today()) return `${this.displayName} cannot run a campaign that has already ended.`;
    if (request.budgetMinor < 100) {
      return `The budget for ${this.displayName} is below its minimum of 1.00 ${request.currency}.`;
    }
    const { adSet } = request;
    return (
      (adSet ? adSetProblem(this.data(), { ...request, adSet }) : null) ?? adProblem(this.data(), request)
    );
  }

  /** This platform's data files; a key without any has no planning data to answer with. */
  private data(): SandboxPlatform {
    const platform = SANDBOX_PLATFORMS.get(this.key);
    if (!platform)
      throw new PlatformError(
        this.key,
        'unavailable',
        `${this.displayName} has no sandbox rules or interests.`,
      );
    return platform;
  }

  /** The platform's latency, then an injected failure if one is waiting for this call. */
  private async answer(
    operation: SandboxOperation,
    options?: CallOptions & { immediate?: boolean },
  ): Promise<void> {
    if (!options?.immediate) await sleep(this.options.delayMs, options?.signal);
    // `any` means the campaign calls: a test injecting "the next call fails" before a launch must not
    // have it used up by the wizard reading the rules.
    const matches = PLANNING_OPERATIONS.has(operation) ? [operation] : [operation, 'any'];
    const failure = await takeInjectedFailure(this.db, this.key, matches);
    if (!failure) {
      // Campaign calls (and their pre-flight) act on the ad account the connection chose.
      if (!NEEDS_NO_ACCESS.has(operation))
        await requireSandboxAccess(this.db, this.key, this.displayName, options?.credentials);
      return;
    }
    const name = this.displayName;
    switch (failure.kind) {
      case 'validation':
        throw new PlatformError(
          this.key,
          'validation',
          failure.message ??
            `${name} refused the campaign: the ad does not meet the platform's requirements.`,
        );
      case 'rate_limit':
        throw new PlatformError(
          this.key,
          'rate_limited',
          failure.message ?? `${name} is limiting requests; retry after ${failure.retry_after_seconds} s.`,
          failure.retry_after_seconds,
        );
      case 'expired_credential':
        throw new PlatformError(
          this.key,
          'credentials_expired',
          failure.message ??
            `The connection to ${name} has expired. Reconnect the ad account, then try again.`,
        );
      case 'unavailable':
        throw new PlatformError(
          this.key,
          'unavailable',
          failure.message ?? `${name} did not answer in time.`,
        );
      case 'hang':
        await sleep(this.options.hangMs ?? 30_000, options?.signal);
        throw new PlatformError(
          this.key,
          'unavailable',
          failure.message ?? `${name} did not answer in time.`,
        );
    }
  }

  private async find(externalId: string): Promise<Row> {
    const [row] = await this.db
      .select()
      .from(sandboxPlatformCampaigns)
      .where(
        and(
          eq(sandboxPlatformCampaigns.platformKey, this.key),
          eq(sandboxPlatformCampaigns.externalId, externalId),
        ),
      );
    if (!row || row.status === 'deleted') {
      throw new PlatformError(this.key, 'not_found', `${this.displayName} has no campaign ${externalId}.`);
    }
    return row;
  }

  /** A review ends `reviewMs` after creation (database clock): active, or rejected by the name rule. */
  private async settleReview(row: Row): Promise<Row> {
    if (row.status !== 'in_review') return row;
    const rejected = rejectsOn(String(row.payload.name ?? ''), this.key);
    const [settled] = await this.db
      .update(sandboxPlatformCampaigns)
      .set({
        status: rejected ? 'rejected' : 'active',
        statusHistory: await this.historyWith(rejected ? 'rejected' : 'active'),
        reason: rejected
          ? `${this.displayName} rejected the ads: they do not comply with its advertising policies (sandbox rule: the campaign name contains "reject").`
          : null,
        updatedAt: sql`now()`,
      })
      .where(
        and(
          eq(sandboxPlatformCampaigns.externalId, row.externalId),
          eq(sandboxPlatformCampaigns.status, 'in_review'),
          sql`${sandboxPlatformCampaigns.createdAt} <= now() - make_interval(secs => ${this.options.reviewMs / 1000})`,
        ),
      )
      .returning();
    return settled ?? row;
  }

  private async setStatus(row: Row, status: PlatformCampaignStatus): Promise<Row> {
    const [updated] = await this.db
      .update(sandboxPlatformCampaigns)
      .set({ status, statusHistory: await this.historyWith(status), updatedAt: sql`now()` })
      .where(eq(sandboxPlatformCampaigns.externalId, row.externalId))
      .returning();
    return updated!;
  }

  /** The record's status history with `status` appended on the sandbox's today (what delivery follows). */
  private async historyWith(status: string) {
    return sql`${sandboxPlatformCampaigns.statusHistory} || ${JSON.stringify([{ status, on: await sandboxToday(this.db) }])}::jsonb`;
  }
}

function toCampaign(row: Row): PlatformCampaign {
  return { externalId: row.externalId, status: row.status as PlatformCampaignStatus, reason: row.reason };
}

/** Drives the sandbox platforms from tests, scripts and demos: failures to inject, records to inspect. */
export class SandboxControl {
  constructor(private readonly db: Database) {}

  /** The next `times` matching calls to `platformKey` fail with `kind`. */
  async injectFailure(
    platformKey: string,
    kind: SandboxFailureKind,
    options: {
      times?: number;
      operation?: SandboxOperation;
      retryAfterSeconds?: number;
      message?: string;
    } = {},
  ): Promise<void> {
    await this.db.insert(sandboxFailures).values({
      platformKey,
      kind,
      operation: options.operation ?? 'any',
      remaining: options.times ?? 1,
      retryAfterSeconds: options.retryAfterSeconds ?? 1,
      message: options.message ?? null,
    });
  }

  /** The sandbox platforms' today (YYYY-MM-DD): they report delivery for the days before it. */
  today(): Promise<string> {
    return sandboxToday(this.db);
  }

  /** Moves the sandbox platforms' clock `days` ahead, so they deliver (and restate) those days; the new today. */
  advanceClock(days: number): Promise<string> {
    return advanceSandboxClock(this.db, days);
  }

  /** The person removes the app's access on the platform: every grant for the ad account stops working. */
  revokeGrants(platformKey: string, externalAccountId: string): Promise<number> {
    return revokeSandboxGrants(this.db, platformKey, externalAccountId);
  }

  async clearFailures(): Promise<void> {
    await this.db.delete(sandboxFailures);
  }

  /** Injected failures not used up yet. */
  async pendingFailures() {
    return this.db
      .select()
      .from(sandboxFailures)
      .where(sql`${sandboxFailures.remaining} > 0`)
      .orderBy(asc(sandboxFailures.createdAt));
  }

  /** What the sandbox platforms hold, optionally for one platform. */
  async records(platformKey?: string) {
    return this.db
      .select()
      .from(sandboxPlatformCampaigns)
      .where(platformKey ? eq(sandboxPlatformCampaigns.platformKey, platformKey) : undefined)
      .orderBy(asc(sandboxPlatformCampaigns.createdAt));
  }
}

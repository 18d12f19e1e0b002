import * as v from 'valibot';
import type { Allocation, Flight } from './bodies';
import { addDays, formatMinor } from './calendar';
import type { PlanIssues } from './checks';

/**
 * What a change to a live campaign may not undo (issue 28), on top of the lifecycle chart's fields: days
 * already delivered stay as they ran, and no amount goes below what is already spent. The server checks
 * every step save of an active or paused campaign with these (server/planning/steps.ts); the wizard shows
 * the same messages under the fields.
 */

/** A flight as it is saved now (before the save being checked). */
export interface LiveFlight {
  id: string;
  platform: string;
  startDate: string;
  endDate: string;
  amountMinor: number;
}

export interface LiveContext {
  /**
   * The last day that counts as delivered: yesterday, or the last day a platform reported delivery for if
   * later (the sandbox's clock may run ahead). Days up to it are locked.
   */
  lockedThrough: string;
  /** Spend so far per saved flight id, in minor units of the campaign's currency. */
  spentByFlight: Readonly<Record<string, number>>;
  /** Spend so far per platform key. */
  spentByPlatform: Readonly<Record<string, number>>;
  currency: string;
  /** Display names by platform key. */
  names: Readonly<Record<string, string>>;
}

/** The last locked day: yesterday, or the last delivered day when that is later. */
export function lockedThroughOf(today: string, lastDelivered: string | null): string {
  const yesterday = addDays(today, -1);
  return lastDelivered && lastDelivered > yesterday ? lastDelivered : yesterday;
}

const nameOf = (ctx: LiveContext, key: string) => ctx.names[key] ?? key;
const range = (f: { startDate: string; endDate: string }) => `${f.startDate} to ${f.endDate}`;

/** The schedule step of a live campaign: delivered days and spent money stay. */
export function checkLiveSchedule(
  before: readonly LiveFlight[],
  body: { startDate: string; endDate: string; flights: readonly Flight[] },
  beforeEndDate: string | null,
  ctx: LiveContext,
): PlanIssues {
  const issues: PlanIssues = {};
  const locked = ctx.lockedThrough;
  const firstOpen = addDays(locked, 1);
  if (beforeEndDate && body.endDate < beforeEndDate && body.endDate < locked)
    issues.endDate = `Days up to ${locked} are delivered: end on ${locked} or later`;
  const byId = new Map(before.map((flight) => [flight.id, flight]));
  const kept = new Set<string>();
  body.flights.forEach((flight, index) => {
    const at = `flights.${index}`;
    const saved = flight.id ? byId.get(flight.id.toLowerCase()) : undefined;
    if (!saved) {
      if (flight.startDate <= locked)
        issues[`${at}.startDate`] ??= `Add flights from ${firstOpen}: the days before are delivered`;
      return;
    }
    kept.add(saved.id);
    const spent = ctx.spentByFlight[saved.id] ?? 0;
    if (saved.startDate <= locked) {
      if (flight.platform !== saved.platform)
        issues[`${at}.platform`] ??=
          `This flight has delivered on ${nameOf(ctx, saved.platform)}: it stays there`;
      if (flight.startDate !== saved.startDate)
        issues[`${at}.startDate`] ??= `This flight started on ${saved.startDate}: its start cannot move`;
      const earliestEnd = saved.endDate < locked ? saved.endDate : locked;
      if (flight.endDate < earliestEnd)
        issues[`${at}.endDate`] ??= `Days up to ${earliestEnd} are delivered: end on ${earliestEnd} or later`;
    }
    if (flight.amountMinor < spent)
      issues[`${at}.amountMinor`] ??=
        `This flight has spent ${formatMinor(spent, ctx.currency)}: plan at least that`;
  });
  const gone = before.filter((flight) => !kept.has(flight.id) && flight.startDate <= locked);
  const [first] = gone;
  if (first)
    issues.flights ??= `${nameOf(ctx, first.platform)}'s flight ${range(first)} has delivered: it cannot be removed`;
  return issues;
}

/** The platforms step of a live campaign: the same platforms, each planned at least what it spent. */
export function checkLivePlatforms(
  beforePlatforms: readonly string[],
  body: {
    platforms: readonly string[];
    budgetMinor: number;
    allocations: Readonly<Record<string, Allocation>>;
  },
  ctx: LiveContext,
): PlanIssues {
  const issues: PlanIssues = {};
  const same =
    body.platforms.length === beforePlatforms.length &&
    body.platforms.every((key) => beforePlatforms.includes(key));
  if (!same) {
    const names = beforePlatforms.map((key) => nameOf(ctx, key));
    const list = names.length > 1 ? `${names.slice(0, -1).join(', ')} and ${names.at(-1)}` : names[0];
    issues.platforms = `A running campaign keeps its platforms (${list}): plan another campaign for a new one`;
  }
  for (const key of body.platforms) {
    const spent = ctx.spentByPlatform[key] ?? 0;
    const amount = body.allocations[key]?.amountMinor ?? 0;
    if (amount < spent)
      issues[`allocations.${key}.amountMinor`] =
        `${nameOf(ctx, key)} has spent ${formatMinor(spent, ctx.currency)}: plan at least that`;
  }
  const total = Object.values(ctx.spentByPlatform).reduce((sum, spent) => sum + spent, 0);
  if (body.budgetMinor < total)
    issues.budgetMinor = `This campaign has spent ${formatMinor(total, ctx.currency)}: plan at least that`;
  return issues;
}

// --- The change's state: GET /planning/wizard/{id}/change ---------------------------------------------------

/**
 * - `none`: the plan is what runs everywhere;
 * - `draft`: edits since the last apply, to review and apply;
 * - `applying`: an applied change is on its way to some platform (nothing may change meanwhile);
 * - `refused`: what was applied did not reach every platform (their reasons show; Apply again retries).
 */
export const CHANGE_STATES = ['none', 'draft', 'applying', 'refused'] as const;
export type ChangeState = (typeof CHANGE_STATES)[number];

export const ChangePlatformSchema = v.object({
  platform: v.string(),
  displayName: v.string(),
  /** The placement's status (contract/campaigns CAMPAIGN_PLATFORM_STATUSES). */
  placementStatus: v.string(),
  /** It runs the newest applied plan. */
  upToDate: v.boolean(),
  /** The newest applied plan is on its way to it. */
  updating: v.boolean(),
  /** Why it refused the newest applied plan (it runs the one before). */
  error: v.nullable(v.string()),
});
export type ChangePlatform = v.InferOutput<typeof ChangePlatformSchema>;

export const PlanChangeSchema = v.object({
  campaignId: v.string(),
  state: v.picklist(CHANGE_STATES),
  /** The plan as it is now (the change Apply sends); the step-up is bound to it. */
  draftHash: v.string(),
  /** What was last applied (or launched); null before launch. */
  liveHash: v.nullable(v.string()),
  appliedAt: v.nullable(v.string()),
  appliedBy: v.nullable(v.string()),
  /** What runs → the draft (contract/planning/revisionSnapshot.ts RevisionDiff); null without a change. */
  diff: v.nullable(v.record(v.string(), v.unknown())),
  /** The interests' names on both sides (platform → id → name), so their changes read by name. */
  interestNames: v.record(v.string(), v.record(v.string(), v.string())),
  platforms: v.array(ChangePlatformSchema),
});
export type PlanChange = v.InferOutput<typeof PlanChangeSchema>;

/** `POST /planning/wizard/{id}/apply`: the draft's hash the planner reviewed (refused if it moved since). */
export const ApplyChangeBodySchema = v.object({
  hash: v.optional(
    v.pipe(v.string('hash must be a string'), v.regex(/^[0-9a-f]{64}$/, 'hash must be the change’s SHA-256')),
  ),
});

export const ApplyChangeResultSchema = v.object({
  status: v.literal('applying'),
  hash: v.string(),
});

export const CHANGE_ERROR_CODES = {
  nothingToApply: 'CHANGE_NOTHING_TO_APPLY',
  edited: 'CHANGE_EDITED_SINCE_REVIEW',
} as const;

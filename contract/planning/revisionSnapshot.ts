import type { Plan } from './plan';

/**
 * A plan revision's snapshot (issue 27): every step of the plan as the approvers saw it — overview, budget
 * choice, audience, platforms and their split, the line items (one per flight), the ads with their creative
 * references, and the totals — in a canonical form (collections sorted by key), so its hash says "this exact
 * plan" and two snapshots compare section by section. Pure: the server freezes and hashes it, the browser
 * shows it and its comparisons.
 */

export type Json = string | number | boolean | null | Json[] | { [key: string]: Json };

/** A flat section: field → value. A field that is missing is absent (an unsaved audience, no budget). */
export type SnapshotRecord = { [field: string]: Json };
/** One element of a collection: its `key` (a platform, a flight id, an ad id) and its fields. */
export type SnapshotItem = { key: string } & { [field: string]: Json };

export const RECORD_SECTIONS = ['overview', 'budget', 'audience', 'totals'] as const;
export const COLLECTION_SECTIONS = ['platforms', 'lineItems', 'ads'] as const;
export type RecordSection = (typeof RECORD_SECTIONS)[number];
export type CollectionSection = (typeof COLLECTION_SECTIONS)[number];

export type RevisionSnapshot = Record<RecordSection, SnapshotRecord> &
  Record<CollectionSection, SnapshotItem[]>;

const byKey = (a: SnapshotItem, b: SnapshotItem) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0);

/**
 * The plan's snapshot, as frozen at "Send for approval". Only what this plan decides: names of other
 * records (the customer's, the budget's) and what other campaigns leave of a budget change on their own, so
 * they are read live where shown, never a reason for a new revision.
 */
export function snapshotOf(plan: Plan): RevisionSnapshot {
  const { campaign } = plan;
  const plannedMinor = plan.flights.reduce((sum, flight) => sum + flight.amountMinor, 0);
  const totals: SnapshotRecord = { budgetMinor: campaign.budgetMinor, plannedMinor };
  for (const platform of plan.platforms)
    totals[`platform:${platform}`] = plan.flights
      .filter((flight) => flight.platform === platform)
      .reduce((sum, flight) => sum + flight.amountMinor, 0);
  return canonical({
    overview: {
      name: campaign.name,
      objectiveId: campaign.objectiveId,
      customerId: campaign.customerId,
      currency: campaign.currency,
      startDate: campaign.startDate,
      endDate: campaign.endDate,
      budgetMinor: campaign.budgetMinor,
      splitMode: campaign.splitMode,
    },
    budget: plan.budgetFit ? { budgetId: plan.budgetFit.budget.id } : {},
    audience: plan.audience ? (JSON.parse(JSON.stringify(plan.audience)) as SnapshotRecord) : {},
    totals,
    platforms: plan.platforms.map((platform, position) => {
      const allocation = plan.allocations[platform];
      return {
        key: platform,
        position,
        amountMinor: allocation?.amountMinor ?? 0,
        bidStrategy: allocation?.bidStrategy ?? null,
        costCapMinor: allocation?.costCapMinor ?? null,
      };
    }),
    lineItems: plan.flights.map((flight) => ({
      key: flight.id,
      platform: flight.platform,
      startDate: flight.startDate,
      endDate: flight.endDate,
      amountMinor: flight.amountMinor,
      pacing: flight.pacing,
    })),
    ads: plan.ads.map((ad) => {
      const { id, ...rest } = ad;
      return { ...(JSON.parse(JSON.stringify(rest)) as SnapshotRecord), key: id };
    }),
  });
}

/** Sorted keys everywhere and collections in key order: equal plans give equal JSON, hence equal hashes. */
export function canonical(snapshot: RevisionSnapshot): RevisionSnapshot {
  const sortKeys = (value: Json): Json => {
    if (Array.isArray(value)) return value.map(sortKeys);
    if (value && typeof value === 'object')
      return Object.fromEntries(
        Object.keys(value)
          .sort()
          .map((key) => [key, sortKeys((value as Record<string, Json>)[key] as Json)]),
      );
    return value;
  };
  const out = {} as RevisionSnapshot;
  for (const section of RECORD_SECTIONS) out[section] = sortKeys(snapshot[section]) as SnapshotRecord;
  for (const section of COLLECTION_SECTIONS)
    out[section] = snapshot[section].map((item) => sortKeys(item) as SnapshotItem).sort(byKey);
  return out;
}

/** The JSON the hash is taken of (the server hashes it with SHA-256). */
export const canonicalJson = (snapshot: RevisionSnapshot): string => JSON.stringify(canonical(snapshot));

// --- comparing two revisions ----------------------------------------------------------------------------

/** One field's change; `before`/`after` missing = the field was absent on that side. */
export interface FieldChange {
  field: string;
  before?: Json;
  after?: Json;
}
export interface ItemChange {
  key: string;
  before: SnapshotItem;
  after: SnapshotItem;
  changes: FieldChange[];
}
export interface CollectionDiff {
  added: SnapshotItem[];
  removed: SnapshotItem[];
  changed: ItemChange[];
}
/** What changed from revision A to revision B, section by section. */
export type RevisionDiff = Record<RecordSection, FieldChange[]> & Record<CollectionSection, CollectionDiff>;

const same = (a: Json | undefined, b: Json | undefined) => JSON.stringify(a) === JSON.stringify(b);

function diffRecord(a: SnapshotRecord, b: SnapshotRecord, skip: readonly string[] = []): FieldChange[] {
  const fields = [...new Set([...Object.keys(a), ...Object.keys(b)])].filter((f) => !skip.includes(f)).sort();
  const changes: FieldChange[] = [];
  for (const field of fields) {
    const inA = Object.hasOwn(a, field);
    const inB = Object.hasOwn(b, field);
    if (inA && inB && same(a[field], b[field])) continue;
    changes.push({ field, ...(inA ? { before: a[field] } : {}), ...(inB ? { after: b[field] } : {}) });
  }
  return changes;
}

function diffCollection(a: SnapshotItem[], b: SnapshotItem[]): CollectionDiff {
  const inA = new Map(a.map((item) => [item.key, item]));
  const inB = new Map(b.map((item) => [item.key, item]));
  const changed: ItemChange[] = [];
  for (const [key, before] of inA) {
    const after = inB.get(key);
    if (!after) continue;
    const changes = diffRecord(before, after, ['key']);
    if (changes.length > 0) changed.push({ key, before, after, changes });
  }
  return {
    added: b.filter((item) => !inA.has(item.key)),
    removed: a.filter((item) => !inB.has(item.key)),
    changed,
  };
}

/** The comparison of revision A (older) with revision B (newer). */
export function diffSnapshots(a: RevisionSnapshot, b: RevisionSnapshot): RevisionDiff {
  const ca = canonical(a);
  const cb = canonical(b);
  const diff = {} as RevisionDiff;
  for (const section of RECORD_SECTIONS) diff[section] = diffRecord(ca[section], cb[section]);
  for (const section of COLLECTION_SECTIONS) diff[section] = diffCollection(ca[section], cb[section]);
  return diff;
}

function applyFields<T extends SnapshotRecord>(record: T, changes: readonly FieldChange[]): T {
  const out: SnapshotRecord = { ...record };
  for (const change of changes) {
    if (Object.hasOwn(change, 'after')) out[change.field] = change.after as Json;
    else delete out[change.field];
  }
  return out as T;
}

/**
 * A's snapshot with the comparison applied: B's. The comparison's own test (a property over random plans)
 * holds it to that, so nothing a planner changed can be missing from what the approver is shown.
 */
export function applyDiff(a: RevisionSnapshot, diff: RevisionDiff): RevisionSnapshot {
  const base = canonical(a);
  const out = {} as RevisionSnapshot;
  for (const section of RECORD_SECTIONS) out[section] = applyFields(base[section], diff[section]);
  for (const section of COLLECTION_SECTIONS) {
    const { added, removed, changed } = diff[section];
    const gone = new Set(removed.map((item) => item.key));
    const changes = new Map(changed.map((change) => [change.key, change.changes]));
    out[section] = [
      ...base[section]
        .filter((item) => !gone.has(item.key))
        .map((item) => {
          const itemChanges = changes.get(item.key);
          return itemChanges ? applyFields(item, itemChanges) : item;
        }),
      ...added,
    ];
  }
  return canonical(out);
}

/** Whether the comparison found nothing. */
export function isEmptyDiff(diff: RevisionDiff): boolean {
  return (
    RECORD_SECTIONS.every((section) => diff[section].length === 0) &&
    COLLECTION_SECTIONS.every((section) => {
      const { added, removed, changed } = diff[section];
      return added.length + removed.length + changed.length === 0;
    })
  );
}

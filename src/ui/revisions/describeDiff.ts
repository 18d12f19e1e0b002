import { AD_FORMAT_LABELS, type AdFormat } from '@contract/creative/specs';
import { platformDisplayName } from '@contract/exchange/vehicles';
import { PACING_LABELS, type Pacing } from '@contract/planning/bodies';
import { BID_STRATEGY_LABELS, type BidStrategy } from '@contract/planning/platformRules';
import type {
  FieldChange,
  Json,
  RevisionDiff,
  SnapshotItem,
  SnapshotRecord,
} from '@contract/planning/revisionSnapshot';
import { OBJECTIVES } from '@contract/reference';

/**
 * A comparison of two revisions (contract/planning/revisionSnapshot.ts RevisionDiff) as people read a
 * re-issued insertion order: labels instead of keys, platform names, money in the campaign's currency,
 * dates as dates, and per total the difference ("+€1,200"). Pure: the formatting comes in as `Formats`.
 */

export interface Formats {
  money: (amountMinor: number) => string;
  /** 'YYYY-MM-DD' → "Mar 3, 2026". */
  day: (day: string) => string;
  /** Start and end → "Mar 1 – 31, 2027". */
  range: (start: string, end: string) => string;
  country: (code: string) => string;
  language: (code: string) => string;
  /** A platform's interest by the name it gave it (its id when the name is not known). */
  interest: (platform: string, id: string) => string;
}

/** One field, old → new; `delta` for amounts ("+€1,200", "−€300"). */
export interface Change {
  label: string;
  before: string;
  after: string;
  delta?: string;
}

export type Mark = 'added' | 'removed' | 'changed';
export const MARK_LABELS: Readonly<Record<Mark, string>> = {
  added: 'Added',
  removed: 'Removed',
  changed: 'Changed',
};

/** A cell that changed shows both values; one that did not, its value. */
export type Cell = { value: string } | { before: string; after: string };

export interface LineItemRow {
  key: string;
  mark: Mark;
  platform: Cell;
  dates: Cell;
  amount: Cell;
  /** The row's other changes (pacing). */
  other: Change[];
}

export interface ItemRow {
  key: string;
  mark: Mark;
  /** "Meta", "Spring hero (Meta)". */
  title: string;
  /** Added and removed: what it was; changed: each field old → new. */
  details: Change[];
}

export interface DescribedDiff {
  lineItems: LineItemRow[];
  totals: Change[];
  overview: Change[];
  budget: Change[];
  platforms: ItemRow[];
  audience: Change[];
  ads: ItemRow[];
}

const NONE = '—';
const str = (value: Json | undefined) => (typeof value === 'string' ? value : '');
const num = (value: Json | undefined) => (typeof value === 'number' ? value : 0);
const has = (change: FieldChange, side: 'before' | 'after') => Object.hasOwn(change, side);

/** "+€1,200" / "−€300" / "±€0". */
export function signedMoney(deltaMinor: number, formats: Formats): string {
  if (deltaMinor === 0) return `±${formats.money(0)}`;
  return `${deltaMinor > 0 ? '+' : '−'}${formats.money(Math.abs(deltaMinor))}`;
}

const labelOf = <K extends string>(labels: Readonly<Record<K, string>>, value: Json | undefined) =>
  typeof value === 'string' ? (labels[value as K] ?? value) : NONE;

function list(items: Json | undefined, name: (item: string) => string, empty: string): string {
  if (!Array.isArray(items) || items.length === 0) return empty;
  return items.map((item) => name(String(item))).join(', ');
}

/** How one field reads, per section. */
type FieldReader = {
  label: string;
  read: (value: Json | undefined, formats: Formats) => string;
  money?: boolean;
};

const money: FieldReader['read'] = (value, formats) =>
  typeof value === 'number' ? formats.money(value) : NONE;
const day: FieldReader['read'] = (value, formats) => (typeof value === 'string' ? formats.day(value) : NONE);
const text: FieldReader['read'] = (value) =>
  value === null || value === undefined || value === ''
    ? NONE
    : typeof value === 'string'
      ? value
      : JSON.stringify(value);

const OVERVIEW: Record<string, FieldReader> = {
  name: { label: 'Name', read: text },
  objectiveId: {
    label: 'Objective',
    read: (value) => OBJECTIVES.find((o) => o.id === value)?.label ?? text(value, {} as Formats),
  },
  customerId: { label: 'Customer', read: (value) => (value ? 'A customer' : 'No customer') },
  currency: { label: 'Currency', read: text },
  startDate: { label: 'Start date', read: day },
  endDate: { label: 'End date', read: day },
  budgetMinor: { label: 'Budget', read: money, money: true },
  splitMode: {
    label: 'Budget split',
    read: (value) => (value === 'percent' ? 'By percentage' : value === 'amount' ? 'By amount' : NONE),
  },
};

const LINE_ITEM: Record<string, FieldReader> = {
  platform: { label: 'Platform', read: (value) => (value ? platformDisplayName(str(value)) : NONE) },
  startDate: { label: 'Start date', read: day },
  endDate: { label: 'End date', read: day },
  amountMinor: { label: 'Amount', read: money, money: true },
  pacing: { label: 'Pacing', read: (value) => labelOf<Pacing>(PACING_LABELS, value) },
};

const PLATFORM: Record<string, FieldReader> = {
  amountMinor: { label: 'Amount', read: money, money: true },
  bidStrategy: { label: 'Bid strategy', read: (value) => labelOf<BidStrategy>(BID_STRATEGY_LABELS, value) },
  costCapMinor: { label: 'Cost cap', read: money },
  position: { label: 'Order', read: (value) => (typeof value === 'number' ? `${value + 1}` : NONE) },
};

const AGE_MAX = 65;
const age = (value: Json | undefined) =>
  typeof value === 'number' ? (value >= AGE_MAX ? `${AGE_MAX}+` : String(value)) : NONE;
const GENDER_LABELS: Record<string, string> = { female: 'Female', male: 'Male' };

const AUDIENCE: Record<string, FieldReader> = {
  locations: { label: 'Locations', read: (value, formats) => list(value, formats.country, NONE) },
  ageMin: { label: 'Youngest age', read: age },
  ageMax: { label: 'Oldest age', read: age },
  genders: { label: 'Genders', read: (value) => list(value, (g) => GENDER_LABELS[g] ?? g, 'Everyone') },
  languages: { label: 'Languages', read: (value, formats) => list(value, formats.language, 'Any language') },
};

const assetCount = (value: Json | undefined) => {
  const count = Array.isArray(value) ? value.length : 0;
  return count === 1 ? '1 asset' : `${count} assets`;
};

const AD: Record<string, FieldReader> = {
  name: { label: 'Name', read: text },
  platform: { label: 'Platform', read: (value) => (value ? platformDisplayName(str(value)) : NONE) },
  format: { label: 'Format', read: (value) => labelOf<AdFormat>(AD_FORMAT_LABELS, value) },
  assets: { label: 'Assets', read: assetCount },
  destinationUrl: { label: 'Destination URL', read: text },
  callToAction: { label: 'Call to action', read: text },
  utm: {
    label: 'UTM parameters',
    read: (value) =>
      value && typeof value === 'object' && !Array.isArray(value)
        ? Object.entries(value)
            .filter(([, v]) => v !== null && v !== '')
            .map(([k, v]) => `${k}=${String(v)}`)
            .join('&') || NONE
        : 'None',
  },
};

/** `field` as people read it; an unknown field keeps its key. */
function readChange(change: FieldChange, readers: Record<string, FieldReader>, formats: Formats): Change {
  const reader = readers[change.field] ?? { label: change.field, read: text };
  const before = has(change, 'before') ? reader.read(change.before, formats) : NONE;
  const after = has(change, 'after') ? reader.read(change.after, formats) : NONE;
  return reader.money
    ? {
        label: reader.label,
        before,
        after,
        delta: signedMoney(num(change.after) - num(change.before), formats),
      }
    : { label: reader.label, before, after };
}

/** Per text field of an ad ("headline", "primary_text"), its entries, old → new. */
function textChanges(change: FieldChange): Change[] {
  const before = (change.before ?? {}) as Record<string, Json>;
  const after = (change.after ?? {}) as Record<string, Json>;
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])].sort();
  const words = (value: Json | undefined) =>
    Array.isArray(value) && value.length > 0 ? value.map((v) => `“${String(v)}”`).join(', ') : NONE;
  return keys
    .filter((key) => JSON.stringify(before[key]) !== JSON.stringify(after[key]))
    .map((key) => ({
      label: `Text: ${key.replaceAll('_', ' ')}`,
      before: words(before[key]),
      after: words(after[key]),
    }));
}

/** Interests per platform, old → new, by name. */
function interestChanges(change: FieldChange, formats: Formats): Change[] {
  const before = (change.before ?? {}) as Record<string, Json>;
  const after = (change.after ?? {}) as Record<string, Json>;
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])].sort();
  return keys
    .filter((key) => JSON.stringify(before[key]) !== JSON.stringify(after[key]))
    .map((key) => ({
      label: `Interests on ${platformDisplayName(key)}`,
      before: list(before[key], (id) => formats.interest(key, id), 'None'),
      after: list(after[key], (id) => formats.interest(key, id), 'None'),
    }));
}

function describeRecord(
  changes: FieldChange[],
  readers: Record<string, FieldReader>,
  formats: Formats,
): Change[] {
  return changes.map((change) => readChange(change, readers, formats));
}

const lineDates = (item: SnapshotRecord, formats: Formats) =>
  formats.range(str(item.startDate), str(item.endDate));
const linePlatform = (item: SnapshotRecord) => platformDisplayName(str(item.platform));
const lineAmount = (item: SnapshotRecord, formats: Formats) => money(item.amountMinor, formats);

function cell(before: string, after: string): Cell {
  return before === after ? { value: after } : { before, after };
}

function describeLineItems(diff: RevisionDiff['lineItems'], formats: Formats): LineItemRow[] {
  const whole = (item: SnapshotItem, mark: Mark): LineItemRow => ({
    key: item.key,
    mark,
    platform: { value: linePlatform(item) },
    dates: { value: lineDates(item, formats) },
    amount: { value: lineAmount(item, formats) },
    other: [],
  });
  return [
    ...diff.changed.map(({ key, before, after, changes }) => ({
      key,
      mark: 'changed' as const,
      platform: cell(linePlatform(before), linePlatform(after)),
      dates: cell(lineDates(before, formats), lineDates(after, formats)),
      amount: cell(lineAmount(before, formats), lineAmount(after, formats)),
      other: changes
        .filter((c) => !['platform', 'startDate', 'endDate', 'amountMinor'].includes(c.field))
        .map((c) => readChange(c, LINE_ITEM, formats)),
    })),
    ...diff.added.map((item) => whole(item, 'added')),
    ...diff.removed.map((item) => whole(item, 'removed')),
  ];
}

function describeTotals(changes: FieldChange[], formats: Formats): Change[] {
  const labelOfTotal = (field: string) =>
    field === 'budgetMinor'
      ? 'Budget'
      : field === 'plannedMinor'
        ? 'Planned'
        : field.startsWith('platform:')
          ? platformDisplayName(field.slice('platform:'.length))
          : field;
  const order = (field: string) => (field === 'budgetMinor' ? 0 : field === 'plannedMinor' ? 1 : 2);
  return [...changes]
    .sort((a, b) => order(a.field) - order(b.field) || a.field.localeCompare(b.field))
    .map((change) => ({
      label: labelOfTotal(change.field),
      before: has(change, 'before') ? money(change.before, formats) : NONE,
      after: has(change, 'after') ? money(change.after, formats) : NONE,
      delta: signedMoney(num(change.after) - num(change.before), formats),
    }));
}

function describeBudget(changes: FieldChange[]): Change[] {
  return changes.map((change) => ({
    label: 'Budget chosen',
    before: has(change, 'before') ? 'A budget' : 'No budget',
    after: has(change, 'after') ? (has(change, 'before') ? 'Another budget' : 'A budget') : 'No budget',
  }));
}

function describeAudience(changes: FieldChange[], formats: Formats): Change[] {
  return changes.flatMap((change) =>
    change.field === 'interests' ? interestChanges(change, formats) : [readChange(change, AUDIENCE, formats)],
  );
}

function describeItems(
  diff: RevisionDiff['platforms'] | RevisionDiff['ads'],
  title: (item: SnapshotItem) => string,
  summary: (item: SnapshotItem) => Change[],
  changeOf: (change: FieldChange) => Change[],
): ItemRow[] {
  return [
    ...diff.changed.map(({ key, after, changes }) => ({
      key,
      mark: 'changed' as const,
      title: title(after),
      details: changes.flatMap(changeOf),
    })),
    ...diff.added.map((item) => ({
      key: item.key,
      mark: 'added' as const,
      title: title(item),
      details: summary(item),
    })),
    ...diff.removed.map((item) => ({
      key: item.key,
      mark: 'removed' as const,
      title: title(item),
      details: summary(item),
    })),
  ];
}

/** The whole comparison, section by section, in words. */
export function describeDiff(diff: RevisionDiff, formats: Formats): DescribedDiff {
  const adSummary = (item: SnapshotItem): Change[] =>
    ['format', 'assets'].map((field) => {
      const reader = AD[field]!;
      const value = reader.read(item[field], formats);
      return { label: reader.label, before: value, after: value };
    });
  return {
    lineItems: describeLineItems(diff.lineItems, formats),
    totals: describeTotals(diff.totals, formats),
    overview: describeRecord(diff.overview, OVERVIEW, formats),
    budget: describeBudget(diff.budget),
    platforms: describeItems(
      diff.platforms,
      (item) => platformDisplayName(item.key),
      (item) => [
        {
          label: 'Amount',
          before: money(item.amountMinor, formats),
          after: money(item.amountMinor, formats),
        },
      ],
      (change) => [readChange(change, PLATFORM, formats)],
    ),
    audience: describeAudience(diff.audience, formats),
    ads: describeItems(
      diff.ads,
      (item) => `${str(item.name) || 'Untitled ad'} (${platformDisplayName(str(item.platform))})`,
      adSummary,
      (change) => (change.field === 'texts' ? textChanges(change) : [readChange(change, AD, formats)]),
    ),
  };
}

import {
  applyDiff,
  canonical,
  diffSnapshots,
  isEmptyDiff,
  type Json,
  type RevisionSnapshot,
  type SnapshotItem,
} from '@contract/planning';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

/**
 * Issue 27: what the comparison of revisions A and B says, applied to A, gives B — so a change the planner
 * made can never be missing from what an approver is shown. Random snapshots share keys and fields often
 * (small alphabets), so added, removed, changed and absent fields all occur.
 */

const json: fc.Arbitrary<Json> = fc.letrec<{ value: Json }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small' },
    fc.constantFrom<Json>(null, true, false, 0, 1, 'a', 'b'),
    fc.integer({ min: -1_000_000, max: 1_000_000 }),
    fc.string({ maxLength: 6 }),
    fc.array(tie('value'), { maxLength: 3 }),
    fc.dictionary(fc.constantFrom('x', 'y', 'z'), tie('value'), { maxKeys: 3 }),
  ),
})).value;

const fields = fc.dictionary(
  fc.constantFrom('name', 'amountMinor', 'startDate', 'platform', 'pacing'),
  json,
  {
    maxKeys: 5,
  },
);
const items = fc
  .uniqueArray(fc.constantFrom('k1', 'k2', 'k3', 'k4', 'k5'), { maxLength: 5 })
  .chain((keys) =>
    fc.tuple(...keys.map((key) => fields.map((f): SnapshotItem => ({ ...f, key })))).map((list) => list),
  );
const snapshot: fc.Arbitrary<RevisionSnapshot> = fc
  .record({
    overview: fields,
    budget: fields,
    audience: fields,
    totals: fields,
    platforms: items,
    lineItems: items,
    ads: items,
  })
  .map(canonical);

describe('comparing two revisions', () => {
  it('applied to A, the comparison of A and B gives B', () => {
    fc.assert(
      fc.property(snapshot, snapshot, (a, b) => {
        expect(applyDiff(a, diffSnapshots(a, b))).toEqual(canonical(b));
      }),
      { numRuns: 500 },
    );
  });

  it('finds nothing between a revision and itself, and something between different ones', () => {
    fc.assert(
      fc.property(snapshot, snapshot, (a, b) => {
        expect(isEmptyDiff(diffSnapshots(a, a))).toBe(true);
        expect(isEmptyDiff(diffSnapshots(a, b))).toBe(JSON.stringify(a) === JSON.stringify(canonical(b)));
      }),
      { numRuns: 300 },
    );
  });
});

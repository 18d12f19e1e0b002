/**
 * Splitting a total across platforms in integer minor units. Every function here returns amounts that
 * add up to exactly the total (largest-remainder method, also called Hamilton's method): the floor of
 * each exact share, then the leftover units one each to the largest fractional parts (ties go to the
 * earlier entry, so the result is stable).
 */

/**
 * `total` split in proportion to `weights` (non-negative integers; all zero = evenly). Computed in
 * BigInt so a 13-digit total times a weight never loses a unit to floating point.
 */
export function splitByWeights(total: number, weights: readonly number[]): number[] {
  if (weights.length === 0) return [];
  if (!Number.isSafeInteger(total) || total < 0) throw new RangeError('total must be a non-negative integer');
  if (weights.some((w) => !Number.isSafeInteger(w) || w < 0))
    throw new RangeError('weights must be non-negative integers');
  const sum = weights.reduce((a, b) => a + b, 0);
  const big = (sum === 0 ? weights.map(() => 1) : weights).map(BigInt);
  const bigSum = big.reduce((a, b) => a + b, 0n);
  const bigTotal = BigInt(total);
  const floors = big.map((w) => (bigTotal * w) / bigSum);
  const remainders = big.map((w) => (bigTotal * w) % bigSum);
  let left = bigTotal - floors.reduce((a, b) => a + b, 0n);
  const order = remainders
    .map((remainder, index) => ({ index, remainder }))
    .sort((a, b) => (a.remainder === b.remainder ? a.index - b.index : a.remainder > b.remainder ? -1 : 1));
  for (const { index } of order) {
    if (left <= 0n) break;
    floors[index] = (floors[index] ?? 0n) + 1n;
    left -= 1n;
  }
  return floors.map(Number);
}

/** "Split evenly": the total in equal parts, the earlier entries taking the odd units. */
export function splitEvenly(total: number, count: number): number[] {
  return splitByWeights(
    total,
    Array.from({ length: count }, () => 1),
  );
}

/**
 * Percentages as typed (basis points: 2550 = 25.50 %) turned into amounts. When the percentages add up
 * to 100 % the amounts add up to the total exactly; otherwise each is its own share, rounded down, and
 * "left to allocate" shows the rest.
 */
export function amountsFromBasisPoints(total: number, basisPoints: readonly number[]): number[] {
  const sum = basisPoints.reduce((a, b) => a + b, 0);
  if (sum === 10_000) return splitByWeights(total, basisPoints);
  return basisPoints.map((bp) => Math.floor((total * Math.max(0, bp)) / 10_000));
}

/** An amount as a share of the total, in basis points (for the percentage view); 0 of 0 is 0. */
export function basisPointsOf(amount: number, total: number): number {
  return total <= 0 ? 0 : Math.round((amount * 10_000) / total);
}

/** What "left to allocate" shows: the total minus the amounts (negative = over-allocated). */
export function leftToAllocate(total: number, amounts: readonly number[]): number {
  return total - amounts.reduce((a, b) => a + b, 0);
}

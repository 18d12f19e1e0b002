/**
 * The campaigns list as people use it: a deterministic list of different queries, so every run and both
 * servers see the same traffic. 60 % of requests are among the first five pages, the rest anywhere up to
 * page 400; each sorts by one of the list's columns in either order; 40 % carry a filter (status, a name
 * fragment or a minimum budget). Page size 10, the list page's default.
 */
import { random } from '@server/seed/seed';

export const SORTS = ['createdAt', 'name', 'budgetMinor', 'startDate', 'status'] as const;
const STATUSES = ['draft', 'completed', 'active'];
const NAME_FRAGMENTS = ['sale', 'Spring', 'launch', 'school', 'Friday', 'gift', 'reset', '#12', 'ho', 'er'];

export function listQueries(count: number, seed = 20261124): string[] {
  const rnd = random(seed);
  const queries: string[] = [];
  for (let i = 0; i < count; i++) {
    const page = rnd.next() < 0.6 ? rnd.int(1, 5) : rnd.int(1, 400);
    const start = (page - 1) * 10;
    const params = new URLSearchParams({
      _start: String(start),
      _end: String(start + 10),
      _sort: rnd.pick(SORTS),
      _order: rnd.pick(['asc', 'desc'] as const),
    });
    if (rnd.next() < 0.4) {
      const kind = rnd.int(0, 2);
      if (kind === 0) params.set('status', rnd.pick(STATUSES));
      else if (kind === 1) params.set('name_like', rnd.pick(NAME_FRAGMENTS));
      else params.set('budgetMinor_gte', String(rnd.int(5, 500) * 10_000));
    }
    queries.push(params.toString());
  }
  return queries;
}

/** Latency percentile (ms) of a list of samples. */
export function percentile(samples: number[], p: number): number {
  if (samples.length === 0) return Number.NaN;
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

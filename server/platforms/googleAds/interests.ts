import type { Interest } from '@contract/planning';

/**
 * Google's affinity and in-market segments as the API offers them: the `user_interest` resource, read by GAQL
 * for a customer (docs/platforms/google-ads.md, "Interests"). The segments are Google's constants, the same
 * for every account, so one read serves an hour; the customer only opens the door (GAQL asks through one).
 */

/** What one GAQL read of the segments answers, in the REST interface's camelCase. */
export interface UserInterestRow {
  userInterestId?: string;
  name?: string;
  taxonomyType?: string;
  userInterestParent?: string;
  launchedToAll?: boolean;
}

export const USER_INTEREST_QUERY =
  'SELECT user_interest.user_interest_id, user_interest.name, user_interest.taxonomy_type, ' +
  'user_interest.user_interest_parent, user_interest.launched_to_all FROM user_interest ' +
  "WHERE user_interest.taxonomy_type IN ('AFFINITY', 'IN_MARKET')";

/** How Google Ads' own audience manager titles the two taxonomies: the first step of each segment's path. */
const TAXONOMY_TITLES: Record<string, string> = {
  AFFINITY: 'Affinity segments',
  IN_MARKET: 'In-market segments',
};

const CATALOG_TTL_MS = 60 * 60 * 1000;

/**
 * The segments as our interests: the id is Google's `user_interest_id` (what an ad group criterion's
 * `userInterests/<id>` names), the path the taxonomy's title and the parents' names. Google publishes no
 * segment sizes, so `audienceSize` is 0 (the audience step then shows none). Segments not launched to all
 * channels (some are Display-only or YouTube-only) are kept: the planner may still reach them.
 */
export function interestsFromRows(rows: readonly UserInterestRow[]): Interest[] {
  const byId = new Map<string, UserInterestRow>();
  for (const row of rows) if (row.userInterestId && row.name) byId.set(String(row.userInterestId), row);
  const parentOf = (row: UserInterestRow) => row.userInterestParent?.split('/').at(-1);
  const pathOf = (row: UserInterestRow): string[] => {
    const names: string[] = [];
    const seen = new Set<string>();
    for (let id = parentOf(row); id && !seen.has(id); id = parentOf(byId.get(id) ?? {})) {
      seen.add(id);
      const parent = byId.get(id);
      if (!parent?.name) break;
      names.unshift(parent.name);
    }
    return [TAXONOMY_TITLES[row.taxonomyType ?? ''] ?? 'Segments', ...names];
  };
  return [...byId.entries()].map(([id, row]) => ({
    id,
    name: String(row.name),
    path: pathOf(row),
    audienceSize: 0,
  }));
}

/** The segments of one customer's reads, kept an hour; a read in flight is shared by everyone asking. */
export class InterestCatalog {
  private readonly entries = new Map<
    string,
    { at: number; interests: Promise<{ list: Interest[]; byId: Map<string, Interest> }> }
  >();

  constructor(private readonly now: () => number = Date.now) {}

  get(
    customerId: string,
    read: () => Promise<readonly UserInterestRow[]>,
  ): Promise<{ list: Interest[]; byId: Map<string, Interest> }> {
    const cached = this.entries.get(customerId);
    if (cached && this.now() - cached.at < CATALOG_TTL_MS) return cached.interests;
    const interests = read().then((rows) => {
      const list = interestsFromRows(rows);
      return { list, byId: new Map(list.map((i) => [i.id, i])) };
    });
    // A failed read is not kept: the next search asks again (unless a newer read already took its place).
    interests.catch(() => {
      if (this.entries.get(customerId)?.interests === interests) this.entries.delete(customerId);
    });
    this.entries.set(customerId, { at: this.now(), interests });
    return interests;
  }
}

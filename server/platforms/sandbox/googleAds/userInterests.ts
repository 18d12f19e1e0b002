import type { Interest } from '@contract/planning';
import { SANDBOX_PLATFORMS } from '../data';

/**
 * The stand-in's `user_interest` resource: the sandbox's Google segments (server/platforms/sandbox/data/
 * interests/google.ts) shaped as Google's constants. The data file keeps each segment's place as a path of
 * names; Google keeps a parent per segment, so every step of a path becomes a parent segment of its own,
 * with an id of its own (from 90000000, clear of the data file's). Segments under "Shoppers" are in-market,
 * the rest affinity, as in Google's own taxonomy.
 */

export interface SandboxUserInterest {
  userInterestId: string;
  name: string;
  taxonomyType: 'AFFINITY' | 'IN_MARKET';
  /** The parent's id (the routes make it a resource name for the customer asking). */
  userInterestParent?: string;
  launchedToAll: boolean;
}

const FIRST_PARENT_ID = 90_000_000;

let built: SandboxUserInterest[] | null = null;

export function userInterests(): SandboxUserInterest[] {
  if (built) return built;
  const interests = SANDBOX_PLATFORMS.get('google')?.interests ?? [];
  const typeOf = (path: readonly string[]) =>
    path.some((step) => /shoppers/i.test(step)) ? ('IN_MARKET' as const) : ('AFFINITY' as const);
  // The data file's first step names the whole list ("Affinity and in-market segments"), not a segment.
  const stepsOf = (path: readonly string[]) => path.slice(1);
  const parents = new Map<string, SandboxUserInterest>();
  const keyOf = (type: string, steps: readonly string[]) => `${type}|${steps.join('\u0000')}`;
  const prefixes = new Set<string>();
  for (const interest of interests) {
    const type = typeOf(interest.path);
    const steps = stepsOf(interest.path);
    for (let depth = 1; depth <= steps.length; depth++) prefixes.add(keyOf(type, steps.slice(0, depth)));
  }
  [...prefixes].sort().forEach((key, index) => {
    const [type, joined] = key.split('|') as [SandboxUserInterest['taxonomyType'], string];
    const steps = joined.split('\u0000');
    parents.set(key, {
      userInterestId: String(FIRST_PARENT_ID + index),
      name: steps.at(-1)!,
      taxonomyType: type,
      launchedToAll: true,
    });
  });
  for (const [key, parent] of parents) {
    const [type, joined] = key.split('|') as [string, string];
    const steps = joined.split('\u0000');
    if (steps.length > 1)
      parent.userInterestParent = parents.get(keyOf(type, steps.slice(0, -1)))?.userInterestId;
  }
  const segments = interests.map((interest): SandboxUserInterest => {
    const type = typeOf(interest.path);
    const steps = stepsOf(interest.path);
    const parent = steps.length > 0 ? parents.get(keyOf(type, steps)) : undefined;
    return {
      userInterestId: interest.id,
      name: interest.name,
      taxonomyType: type,
      ...(parent ? { userInterestParent: parent.userInterestId } : {}),
      launchedToAll: true,
    };
  });
  built = [...segments, ...parents.values()];
  return built;
}

let withParents: ReadonlyMap<string, Interest> | null = null;

/**
 * Every segment a criterion may name: the data file's, and the parents above (Google targets a parent
 * segment as well as its children). A parent has no size of its own in the data file: 0, so it narrows no
 * estimate or delivery.
 */
export function targetableInterests(): ReadonlyMap<string, Interest> {
  if (withParents) return withParents;
  const platform = SANDBOX_PLATFORMS.get('google');
  const merged = new Map(platform?.interestsById ?? []);
  for (const segment of userInterests())
    if (!merged.has(segment.userInterestId))
      merged.set(segment.userInterestId, {
        id: segment.userInterestId,
        name: segment.name,
        path: [],
        audienceSize: 0,
      });
  withParents = merged;
  return merged;
}

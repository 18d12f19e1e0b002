import { dataProvider } from './dataProvider';

/** Names of the keys records carry (platforms, objectives, customers), for the tables and detail pages. */

let platformNames: Promise<Map<string, string>> | null = null;
let objectiveLabels: Promise<Map<number, string>> | null = null;

/** Platform key → display name, from GET /api/platforms (asked once per page load). */
export function loadPlatformNames(): Promise<Map<string, string>> {
  platformNames ??= dataProvider
    .getList({ resource: 'platforms', pagination: { mode: 'off' } })
    .then(({ data }) => new Map(data.map((p) => [p.key, p.displayName])))
    .catch((error: unknown) => {
      platformNames = null; // ask again next time
      throw error;
    });
  return platformNames;
}

/** Objective id → label, from GET /api/objectives (asked once per page load). */
export function loadObjectiveLabels(): Promise<Map<number, string>> {
  objectiveLabels ??= dataProvider
    .getList({ resource: 'objectives', pagination: { mode: 'off' } })
    .then(({ data }) => new Map(data.map((o) => [o.id, o.label])))
    .catch((error: unknown) => {
      objectiveLabels = null;
      throw error;
    });
  return objectiveLabels;
}

/** For tests: forget the cached platform names and objective labels. */
export function resetPlatformNames() {
  platformNames = null;
  objectiveLabels = null;
}

/** Reference data is a nicety on a detail page: without it, keys are shown instead of names. */
export const orEmpty = <K, V>(promise: Promise<Map<K, V>>) => promise.catch(() => new Map<K, V>());

/** A record's customer name, or null (no customer, or it was deleted). */
export async function customerName(customerId: string | null): Promise<string | null> {
  if (!customerId) return null;
  try {
    const { data } = await dataProvider.getOne({ resource: 'customers', id: customerId });
    return data.name || 'Unnamed customer';
  } catch {
    return null;
  }
}

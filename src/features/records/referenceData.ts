import { dataProvider } from '../../api/dataProvider';
import { loadPlatformNames } from '../campaigns/campaignRows';

export { loadPlatformNames };

let objectives: Promise<Map<number, string>> | null = null;

/** Objective id → label, from GET /api/objectives (asked once per page load). */
export function loadObjectiveLabels(): Promise<Map<number, string>> {
  objectives ??= dataProvider
    .getList({ resource: 'objectives', pagination: { mode: 'off' } })
    .then(({ data }) => new Map(data.map((o) => [o.id, o.label])))
    .catch((error: unknown) => {
      objectives = null;
      throw error;
    });
  return objectives;
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

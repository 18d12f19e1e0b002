import { dataProvider } from '../../api/dataProvider';
import { loadObjectiveLabels, loadPlatformNames } from '../campaigns/campaignRows';

export { loadObjectiveLabels, loadPlatformNames };

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

import { dataProvider } from '@src/api/dataProvider';
import type { CreatableResource } from './useCreateRecord';

/** No sorting or filtering on these short lists: the server's order (oldest first). */
export const NO_SORT: readonly string[] = [];
export const NO_FILTERS: readonly { field: string; operator: 'contains' }[] = [];

/** One page of organizations or accounts from the generic data provider. */
export function fetchRecordPage<R extends CreatableResource>(resource: R) {
  return (input: { page: number; pageSize: number }, signal: AbortSignal) =>
    dataProvider.getList({
      resource,
      pagination: { current: input.page, pageSize: input.pageSize },
      signal,
    });
}

import { assertEvent, assign, emit, fromPromise, setup } from 'xstate';
import { DEFAULT_PAGE_SIZE } from '../delays';
import { errorParams, type LoadDone, loadStates } from '../shared/loadStates';
import { FILTER_DEBOUNCE_MS } from './resourceList.delays';
import type {
  FetchPageInput,
  FetchPageOutput,
  ListError,
  ListFilter,
  ListParams,
  ListSorter,
  ResourceListContext,
  ResourceListEmitted,
  ResourceListEvent,
  ResourceListInput,
} from './resourceList.types';

/** Page numbers start at 1; anything else (NaN, 0, 2.5) means the first page. */
const toPage = (page: unknown) =>
  typeof page === 'number' && Number.isInteger(page) && page >= 1 ? page : 1;

/** Keeps the parameters canonical: whole pages, one sorter, no empty filters, filters in field order. */
export function normalizeParams(params: Partial<ListParams> = {}): ListParams {
  return {
    page: toPage(params.page),
    sorters: (params.sorters ?? []).filter((s) => s.field !== '').slice(0, 1),
    filters: (params.filters ?? [])
      .filter((f) => f.value.trim() !== '')
      .sort((a, b) => (a.field < b.field ? -1 : a.field > b.field ? 1 : 0)),
  };
}

const sameSorters = (a: readonly ListSorter[], b: readonly ListSorter[]) =>
  a.length === b.length && a.every((s, i) => s.field === b[i]?.field && s.order === b[i]?.order);
const sameFilters = (a: readonly ListFilter[], b: readonly ListFilter[]) =>
  a.length === b.length &&
  a.every((f, i) => f.field === b[i]?.field && f.operator === b[i]?.operator && f.value === b[i]?.value);

export function sameParams(a: ListParams, b: ListParams): boolean {
  return a.page === b.page && sameSorters(a.sorters, b.sorters) && sameFilters(a.filters, b.filters);
}

const paramsOf = (context: ResourceListContext): ListParams =>
  normalizeParams({ page: context.page, sorters: context.sorters, filters: context.filters });

/** asc → desc → unsorted on the same column; a different column starts at asc. */
export function nextSorters(sorters: readonly ListSorter[], field: string): ListSorter[] {
  const current = sorters.find((s) => s.field === field);
  if (!current) return [{ field, order: 'asc' }];
  if (current.order === 'asc') return [{ field, order: 'desc' }];
  return [];
}

function toListError(error: unknown): ListError {
  const { message, status } = (error ?? {}) as { message?: unknown; status?: unknown };
  return {
    message: typeof message === 'string' && message !== '' ? message : 'Sorry, something went wrong.',
    status: typeof status === 'number' ? status : null,
  };
}

/** Asking for the current page, and trying again when it failed. */
const pageLoad = loadStates({
  actor: 'fetchPage',
  input: (context: ResourceListContext): FetchPageInput => ({
    resource: context.resource,
    pageSize: context.pageSize,
    ...paramsOf(context),
  }),
  entry: 'clearError',
  descriptions: {
    loading:
      'Asking the server for the current page. The rows already on screen stay visible, dimmed, until the ' +
      'answer arrives. Changing the page, sort or filter meanwhile abandons this request for a new one. ' +
      'Choosing a filter value or “Clear filters” comes here at once, on the first page.',
    failed:
      'The page could not be loaded (the server refused or could not be reached). The message is shown ' +
      'with a “Try again” button.',
  },
  onDone: [
    {
      guard: {
        type: 'isBeyondLastPage',
        params: ({ event }: LoadDone<FetchPageOutput>) => ({ output: event.output }),
      },
      target: 'loading',
      reenter: true,
      actions: [
        {
          type: 'goToLastPage',
          params: ({ event }: LoadDone<FetchPageOutput>) => ({ output: event.output }),
        },
        'emitParams',
      ],
    },
    {
      target: 'ready',
      actions: {
        type: 'showPage',
        params: ({ event }: LoadDone<FetchPageOutput>) => ({ output: event.output }),
      },
    },
  ],
  failAction: { type: 'showError', params: errorParams },
  retry: { event: 'retry' },
});

export const resourceListMachine = setup({
  types: {
    context: {} as ResourceListContext,
    events: {} as ResourceListEvent,
    input: {} as ResourceListInput,
    emitted: {} as ResourceListEmitted,
  },
  actors: {
    /** Loads one page (rows + total) from the data provider; `src/` provides it. Rejects with an ApiError. */
    fetchPage: fromPromise<FetchPageOutput, FetchPageInput>(async () => {
      throw new Error('not provided: fetchPage');
    }),
  },
  delays: {
    filterDebounce: FILTER_DEBOUNCE_MS,
  },
  guards: {
    isOtherPage: ({ context, event }) => {
      assertEvent(event, 'page.change');
      return Number.isInteger(event.page) && event.page >= 1 && event.page !== context.page;
    },
    isDifferentParams: ({ context, event }) => {
      assertEvent(event, 'params.sync');
      return !sameParams(paramsOf(context), normalizeParams(event.params));
    },
    /** The page asked for is past the end (rows were deleted, or a stale link): there is nothing on it. */
    isBeyondLastPage: ({ context }, params: { output: FetchPageOutput }) =>
      params.output.data.length === 0 &&
      params.output.total > 0 &&
      context.page > Math.ceil(params.output.total / context.pageSize),
  },
  actions: {
    setPage: assign(({ event }) => {
      assertEvent(event, 'page.change');
      return { page: event.page };
    }),
    toggleSort: assign(({ context, event }) => {
      assertEvent(event, 'sort.toggle');
      return { sorters: nextSorters(context.sorters, event.field), page: 1 };
    }),
    setFilter: assign(({ context, event }) => {
      assertEvent(event, ['filter.change', 'filter.select']);
      const others = context.filters.filter((f) => f.field !== event.field);
      const filter: ListFilter = {
        field: event.field,
        operator: event.operator ?? 'contains',
        value: event.value,
      };
      // The typed value is kept as is (spaces included) so the input shows exactly what was typed.
      return { filters: [...others, filter] };
    }),
    clearFilters: assign({ filters: [] }),
    goToFirstPage: assign({ page: 1 }),
    goToLastPage: assign(({ context }, params: { output: FetchPageOutput }) => ({
      page: Math.max(1, Math.ceil(params.output.total / context.pageSize)),
    })),
    applyParams: assign(({ event }) => {
      assertEvent(event, 'params.sync');
      return normalizeParams(event.params);
    }),
    showPage: assign((_, params: { output: FetchPageOutput }) => ({
      rows: params.output.data,
      total: params.output.total,
      hasLoaded: true,
      error: null,
    })),
    showError: assign((_, params: { error: unknown }) => ({ error: toListError(params.error) })),
    clearError: assign({ error: null }),
    emitParams: emit(({ context }) => ({ type: 'params.changed' as const, params: paramsOf(context) })),
  },
}).createMachine({
  id: 'resourceList',
  description:
    'A table of records loaded from the server one page at a time (10 rows by default). The person pages, ' +
    'sorts by clicking a column header and filters by typing a name or choosing a value (status, platform, ' +
    'customer); the page, sort and filters are kept in the address bar, so reloading, sharing the link or ' +
    'going back shows the same rows. Any filter change goes back to the first page.',
  context: ({ input }) => {
    const params = normalizeParams(input.params);
    return {
      resource: input.resource,
      pageSize: input.pageSize ?? DEFAULT_PAGE_SIZE,
      ...params,
      rows: [],
      total: 0,
      hasLoaded: false,
      error: null,
    };
  },
  initial: 'loading',
  on: {
    'page.change': { guard: 'isOtherPage', target: '.loading', actions: ['setPage', 'emitParams'] },
    'sort.toggle': { target: '.loading', actions: ['toggleSort', 'emitParams'] },
    'filter.change': { target: '.debouncing', actions: 'setFilter' },
    'filter.select': { target: '.loading', actions: ['setFilter', 'goToFirstPage', 'emitParams'] },
    'filters.clear': { target: '.loading', actions: ['clearFilters', 'goToFirstPage', 'emitParams'] },
    'params.sync': { guard: 'isDifferentParams', target: '.loading', actions: 'applyParams' },
  },
  states: {
    loading: pageLoad.loading,
    debouncing: {
      description:
        'The person is typing in a filter. The table waits until they pause for 300 ms, then goes back to ' +
        'the first page and asks the server for the matching rows.',
      after: {
        filterDebounce: { target: 'loading', actions: ['goToFirstPage', 'emitParams'] },
      },
    },
    ready: {
      description:
        'The page is shown: its rows, “Showing 11–20 of 60”, the pager and the sort arrows. An empty result ' +
        'says that nothing matches. After a change made elsewhere (a modal deleted or duplicated a row) the ' +
        'page is asked for again, once.',
      on: {
        'list.refresh': { target: 'loading' },
      },
    },
    failed: pageLoad.failed,
  },
});

export type ResourceListMachine = typeof resourceListMachine;

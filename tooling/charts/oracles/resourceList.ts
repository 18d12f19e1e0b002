/**
 * What each state of a server-backed table promises (chart input: campaigns, 10 rows a page, no parameters
 * in the URL). The page, sort and filters are what the URL carries: a change made by the person is emitted
 * as `params.changed` (the view writes it to the URL); one that came from the URL (`params.sync`) is not.
 */
import { connectResourceList } from '@machines/resourceList/resourceList.connect';
import { resourceListMachine } from '@machines/resourceList/resourceList.machine';
import type { ListFilter, ListSorter } from '@machines/resourceList/resourceList.types';
import { defineOracle, expectEqual, expectFields, expectThat, type OracleStep } from '../oracle';
import { sentBy } from './shared';

type Machine = typeof resourceListMachine;
type Step = OracleStep<Machine>;

const PAGE_SIZE = 10;
const view = (step: Step) => connectResourceList(step.snapshot, () => {});
const paramsOf = (context: Step['context']) => ({
  page: context.page,
  sorters: context.sorters,
  filters: context.filters,
});

/** Spec: the request carries the page, the one sorter, and the filters that have a value, by field. */
const requestFilters = (filters: readonly ListFilter[]) =>
  filters.filter((filter) => filter.value.trim() !== '').sort((a, b) => a.field.localeCompare(b.field));

/** A column header cycles asc → desc → unsorted; another column starts at asc. */
const sortAfterClick = (sorters: readonly ListSorter[], field: string): ListSorter[] => {
  const current = sorters.find((sorter) => sorter.field === field)?.order;
  return current === 'asc' ? [{ field, order: 'desc' }] : current === 'desc' ? [] : [{ field, order: 'asc' }];
};

/** What the URL should now say, when the person changed it. */
const expectUrlChange = (step: Step) =>
  expectEqual(
    step.emitted,
    [
      {
        type: 'params.changed',
        params: { ...paramsOf(step.context), filters: requestFilters(step.context.filters) },
      },
    ],
    'emitted',
  );

/** Where a change of page, sort or filter leaves the parameters (checked wherever it leads). */
const paramsAfter = (step: Step): void => {
  const before = step.previous!.context;
  const { event, context } = step;
  const sameFiltersBut = (filter: ListFilter) => [
    ...before.filters.filter((other) => other.field !== filter.field),
    filter,
  ];
  switch (event.type) {
    case 'page.change':
      expectEqual(paramsOf(context), { ...paramsOf(before), page: event.page }, 'parameters');
      expectUrlChange(step);
      break;
    case 'sort.toggle':
      // A new order starts on the first page.
      expectEqual(
        paramsOf(context),
        { ...paramsOf(before), page: 1, sorters: sortAfterClick(before.sorters, event.field as string) },
        'parameters',
      );
      expectUrlChange(step);
      break;
    case 'filter.select':
      // A value chosen from a menu applies at once, on the first page.
      expectEqual(
        paramsOf(context),
        {
          page: 1,
          sorters: before.sorters,
          filters: sameFiltersBut({
            field: event.field as string,
            operator: (event.operator as ListFilter['operator']) ?? 'contains',
            value: event.value as string,
          }),
        },
        'parameters',
      );
      expectUrlChange(step);
      break;
    case 'filter.change':
      // Typing keeps the text exactly as typed; the page and the URL wait for the pause.
      expectEqual(
        paramsOf(context),
        {
          ...paramsOf(before),
          filters: sameFiltersBut({
            field: event.field as string,
            operator: (event.operator as ListFilter['operator']) ?? 'contains',
            value: event.value as string,
          }),
        },
        'parameters',
      );
      expectEqual(step.emitted, [], 'emitted');
      break;
    case 'filters.clear':
      expectEqual(paramsOf(context), { page: 1, sorters: before.sorters, filters: [] }, 'parameters');
      expectUrlChange(step);
      break;
    case 'params.sync': {
      // The URL's parameters, kept canonical: a whole page number, one sorter, filters with a value.
      const params = event.params as { page: number; sorters: ListSorter[]; filters: ListFilter[] };
      expectEqual(
        paramsOf(context),
        {
          page: Number.isInteger(params.page) && params.page >= 1 ? params.page : 1,
          sorters: params.sorters.slice(0, 1),
          filters: requestFilters(params.filters),
        },
        'parameters',
      );
      expectEqual(step.emitted, [], 'emitted (the URL already says so)');
      break;
    }
  }
};

export const resourceListOracle = defineOracle(resourceListMachine, {
  always: (step) => {
    expectFields(step.context, { resource: 'campaigns', pageSize: PAGE_SIZE }, 'context');
    const { page, total } = step.context;
    const pageCount = Math.max(1, Math.ceil(total / PAGE_SIZE));
    expectFields(view(step), {
      page,
      pageCount,
      hasPreviousPage: page > 1,
      hasNextPage: page < pageCount,
      isFiltered: step.context.filters.some((filter) => filter.value.trim() !== ''),
    });
  },
  events: {
    'page.change': paramsAfter,
    'sort.toggle': paramsAfter,
    'filter.select': paramsAfter,
    'filter.change': paramsAfter,
    'filters.clear': paramsAfter,
    'params.sync': paramsAfter,
    // Asking again changes nothing of what is asked.
    'list.refresh': (step) =>
      expectEqual(paramsOf(step.context), paramsOf(step.previous!.context), 'parameters'),
    retry: (step) => expectEqual(paramsOf(step.context), paramsOf(step.previous!.context), 'parameters'),
  },
  states: {
    loading: (step) => {
      const { context, event } = step;
      expectFields(view(step), { isLoading: true, isFailed: false, errorMessage: null, isEmpty: false });
      // The rows on screen stay until the answer arrives; before the first one, placeholders.
      expectFields(view(step), { isFirstLoad: !context.hasLoaded });
      if (step.index === 0) {
        expectEqual(paramsOf(context), { page: 1, sorters: [], filters: [] }, 'parameters of a bare URL');
        expectEqual(context.rows, [], 'rows');
      } else if (step.previous?.matches('loading') || step.previous?.matches('debouncing')) {
        expectEqual(context.rows, step.previous.context.rows, 'rows on screen');
      }
      if (event.type === 'xstate.after.filterDebounce.resourceList.debouncing') {
        // The pause after typing: the matching rows, from the first page.
        expectEqual(paramsOf(context), { ...paramsOf(step.previous!.context), page: 1 }, 'parameters');
        expectUrlChange(step);
      }
      if (event.type === 'xstate.done.actor.fetchPage') {
        // An empty page past the last one that has rows (rows were deleted, a stale link): go to that one.
        const output = event.output as { data: unknown[]; total: number };
        const lastPage = Math.max(1, Math.ceil(output.total / PAGE_SIZE));
        expectThat(output.data.length === 0, 'rows of the answer not shown');
        expectThat(
          step.previous!.context.page > lastPage,
          `page ${step.previous!.context.page} asked again, though it is not past the last page (${lastPage})`,
        );
        expectEqual(context.page, lastPage, 'page');
        expectUrlChange(step);
      }
      const request = step.snapshot.children.fetchPage as { options?: { input?: unknown } } | undefined;
      expectThat(request !== undefined, 'no request on its way');
      expectEqual(
        request.options?.input,
        {
          resource: 'campaigns',
          pageSize: PAGE_SIZE,
          page: context.page,
          sorters: context.sorters,
          filters: requestFilters(context.filters),
        },
        'request',
      );
    },
    debouncing: (step) => {
      expectEqual(step.event.type, 'filter.change', 'event');
      expectFields(view(step), { isLoading: false, isFailed: false });
      expectEqual(Object.keys(step.snapshot.children), [], 'requests on their way');
    },
    ready: (step) => {
      const { event, context } = step;
      expectEqual(event.type, 'xstate.done.actor.fetchPage', 'event');
      const output = event.output as { data: unknown[]; total: number };
      const from = (context.page - 1) * PAGE_SIZE + 1;
      expectFields(view(step), {
        rows: output.data,
        total: output.total,
        isLoading: false,
        isFirstLoad: false,
        isFailed: false,
        isEmpty: output.total === 0,
        rangeLabel:
          output.data.length === 0
            ? 'No results'
            : `Showing ${from}–${from + output.data.length - 1} of ${output.total}`,
      });
      // The pager and the column headers.
      expectEqual(
        sentBy(
          (send) => connectResourceList(step.snapshot, send),
          (table) => table.goToPage(2),
        ),
        [{ type: 'page.change', page: 2 }],
        'a page number sends',
      );
      expectEqual(
        sentBy(
          (send) => connectResourceList(step.snapshot, send),
          (table) => table.toggleSort('name'),
        ),
        [{ type: 'sort.toggle', field: 'name' }],
        'a column header sends',
      );
    },
    failed: (step) => {
      const error = step.event.error as { message?: string };
      expectEqual(step.event.type, 'xstate.error.actor.fetchPage', 'event');
      // The server's message (the API client words a missing answer), with “Try again”.
      expectFields(view(step), {
        isFailed: true,
        isLoading: false,
        isFirstLoad: false,
        errorMessage: error.message || 'Sorry, something went wrong.',
        rows: step.previous!.context.rows,
      });
      expectEqual(
        sentBy(
          (send) => connectResourceList(step.snapshot, send),
          (table) => table.retry(),
        ),
        [{ type: 'retry' }],
        'Try again sends',
      );
    },
  },
});

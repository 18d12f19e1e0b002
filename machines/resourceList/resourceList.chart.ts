import { defineChart } from '../chart';
import { resourceListMachine } from './resourceList.machine';
import type { ResourceListContext } from './resourceList.types';

const summarize = (context: ResourceListContext) => ({
  page: context.page > 1 ? 'later' : 'first',
  sorted: context.sorters.length > 0,
  filtered: context.filters.length > 0,
  rows: context.rows.length > 0,
  failed: context.error !== null,
});

const row = (id: string, name: string) => ({ id, name });

export const resourceListChart = defineChart({
  name: 'resourceList',
  title: 'Server-backed table',
  machine: resourceListMachine,
  description: resourceListMachine.root.description ?? '',
  input: { resource: 'campaigns', pageSize: 10 },
  // Which page, which rows and which sort matter only coarsely for the paths (first page or a later one,
  // sorted or not, filtered or not, rows or none, failed or not); the path steps compare the same summary.
  abstractContext: summarize,
  selectContext: summarize,
  events: [
    { type: 'page.change', page: 2 },
    { type: 'page.change', page: 1 },
    { type: 'sort.toggle', field: 'name' },
    { type: 'filter.change', field: 'name', value: 'spring' },
    { type: 'filter.select', field: 'status', value: 'active', operator: 'eq' },
    { type: 'filters.clear' },
    { type: 'params.sync', params: { page: 1, sorters: [], filters: [] } },
    {
      type: 'params.sync',
      params: { page: 3, sorters: [{ field: 'createdAt', order: 'desc' }], filters: [] },
    },
    { type: 'retry' },
    { type: 'list.refresh' },
    {
      type: 'xstate.done.actor.fetchPage',
      output: { data: [row('c1', 'Spring Launch'), row('c2', 'Summer Sale')], total: 12 },
    },
    // Page 2 of 5 records (10 a page) is past the end: the table goes to page 1.
    { type: 'xstate.done.actor.fetchPage', output: { data: [], total: 5 } },
    { type: 'xstate.error.actor.fetchPage', error: { status: 500, message: 'Sorry, something went wrong.' } },
    { type: 'xstate.error.actor.fetchPage', error: new TypeError('Failed to fetch') },
    { type: 'xstate.after.filterDebounce.resourceList.debouncing' },
  ],
});

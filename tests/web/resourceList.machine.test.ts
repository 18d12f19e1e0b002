import {
  connectResourceList,
  type FetchPageInput,
  type FetchPageOutput,
  FILTER_DEBOUNCE_MS,
  pageItems,
  type ResourceListInput,
  resourceListMachine,
} from '@machines/resourceList';
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, SimulatedClock } from 'xstate';

interface Call {
  input: FetchPageInput;
  signal: AbortSignal;
  resolve: (output: FetchPageOutput) => void;
  reject: (error: unknown) => void;
}

/** A live actor whose `fetchPage` calls wait until the test settles them. */
function start(input: ResourceListInput = { resource: 'campaigns' }) {
  const calls: Call[] = [];
  const machine = resourceListMachine.provide({
    actors: {
      fetchPage: fromPromise<FetchPageOutput, FetchPageInput>(
        ({ input, signal }) =>
          new Promise((resolve, reject) => {
            calls.push({ input, signal, resolve, reject });
          }),
      ),
    },
  });
  const clock = new SimulatedClock();
  const actor = createActor(machine, { input, clock });
  const emitted: unknown[] = [];
  actor.on('params.changed', (event) => emitted.push(event.params));
  actor.start();
  return { actor, calls, clock, emitted, view: () => connectResourceList(actor.getSnapshot(), actor.send) };
}

const rows = (n: number, from = 1) => Array.from({ length: n }, (_, i) => ({ id: `c${from + i}` }));
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('resourceList machine', () => {
  it('loads the page from its input, then shows rows, total and the range', async () => {
    const { actor, calls, view } = start({
      resource: 'campaigns',
      params: { page: 2, sorters: [{ field: 'name', order: 'asc' }], filters: [] },
    });
    expect(actor.getSnapshot().value).toBe('loading');
    expect(view().isFirstLoad).toBe(true);
    expect(calls[0]!.input).toEqual({
      resource: 'campaigns',
      pageSize: 10,
      page: 2,
      sorters: [{ field: 'name', order: 'asc' }],
      filters: [],
    });
    calls[0]!.resolve({ data: rows(10, 11), total: 60 });
    await settle();
    expect(actor.getSnapshot().value).toBe('ready');
    expect(view()).toMatchObject({
      total: 60,
      pageCount: 6,
      rangeLabel: 'Showing 11–20 of 60',
      hasPreviousPage: true,
      hasNextPage: true,
      isLoading: false,
    });
    expect(view().ariaSortOf('name')).toBe('ascending');
    expect(view().ariaSortOf('status')).toBe('none');
  });

  it('changes page, asks for the URL to follow, and ignores the page already shown', async () => {
    const { actor, calls, emitted } = start();
    calls[0]!.resolve({ data: rows(10), total: 30 });
    await settle();
    actor.send({ type: 'page.change', page: 1 });
    expect(calls).toHaveLength(1);
    actor.send({ type: 'page.change', page: 3 });
    expect(actor.getSnapshot().value).toBe('loading');
    expect(calls[1]!.input.page).toBe(3);
    expect(emitted).toEqual([{ page: 3, sorters: [], filters: [] }]);
  });

  it('cycles a column through asc → desc → unsorted and goes back to page 1', async () => {
    const { actor, calls, emitted } = start({ resource: 'campaigns', params: { page: 4 } });
    actor.send({ type: 'sort.toggle', field: 'name' });
    expect(calls.at(-1)!.input).toMatchObject({ page: 1, sorters: [{ field: 'name', order: 'asc' }] });
    actor.send({ type: 'sort.toggle', field: 'name' });
    expect(calls.at(-1)!.input.sorters).toEqual([{ field: 'name', order: 'desc' }]);
    actor.send({ type: 'sort.toggle', field: 'name' });
    expect(calls.at(-1)!.input.sorters).toEqual([]);
    actor.send({ type: 'sort.toggle', field: 'createdAt' });
    actor.send({ type: 'sort.toggle', field: 'budgetMinor' });
    expect(calls.at(-1)!.input.sorters).toEqual([{ field: 'budgetMinor', order: 'asc' }]);
    expect(emitted).toHaveLength(5);
  });

  it('abandons a request that is no longer wanted', async () => {
    const { actor, calls } = start();
    actor.send({ type: 'page.change', page: 2 });
    expect(calls[0]!.signal.aborted).toBe(true);
    calls[0]!.resolve({ data: rows(10), total: 30 });
    calls[1]!.resolve({ data: rows(10, 11), total: 30 });
    await settle();
    expect(actor.getSnapshot().context.rows).toEqual(rows(10, 11));
  });

  it('waits for typing to pause, then filters from page 1', async () => {
    const { actor, calls, clock, emitted, view } = start({ resource: 'campaigns', params: { page: 3 } });
    calls[0]!.resolve({ data: rows(10, 21), total: 60 });
    await settle();
    actor.send({ type: 'filter.change', field: 'name', value: 'spr' });
    clock.increment(FILTER_DEBOUNCE_MS - 1);
    actor.send({ type: 'filter.change', field: 'name', value: 'spring' });
    expect(view().filterValueOf('name')).toBe('spring');
    clock.increment(FILTER_DEBOUNCE_MS - 1);
    expect(calls).toHaveLength(1);
    expect(actor.getSnapshot().value).toBe('debouncing');
    clock.increment(1);
    expect(calls).toHaveLength(2);
    expect(calls[1]!.input).toMatchObject({
      page: 1,
      filters: [{ field: 'name', operator: 'contains', value: 'spring' }],
    });
    expect(emitted).toEqual([
      { page: 1, sorters: [], filters: [{ field: 'name', operator: 'contains', value: 'spring' }] },
    ]);
  });

  it('takes parameters from the URL without echoing them back, and ignores the ones it has', async () => {
    const { actor, calls, emitted } = start();
    actor.send({ type: 'params.sync', params: { page: 1, sorters: [], filters: [] } });
    expect(calls).toHaveLength(1);
    actor.send({
      type: 'params.sync',
      params: { page: 2, sorters: [{ field: 'name', order: 'desc' }], filters: [] },
    });
    expect(calls).toHaveLength(2);
    expect(calls[1]!.input).toMatchObject({ page: 2, sorters: [{ field: 'name', order: 'desc' }] });
    expect(emitted).toEqual([]);
  });

  it('moves to the last page when the page asked for is past the end', async () => {
    const { actor, calls, emitted } = start({ resource: 'campaigns', params: { page: 9 } });
    calls[0]!.resolve({ data: [], total: 25 });
    await settle();
    expect(actor.getSnapshot().value).toBe('loading');
    expect(calls[1]!.input.page).toBe(3);
    expect(emitted).toEqual([{ page: 3, sorters: [], filters: [] }]);
  });

  it('shows an empty result as such', async () => {
    const { calls, view } = start();
    calls[0]!.resolve({ data: [], total: 0 });
    await settle();
    expect(view()).toMatchObject({
      isEmpty: true,
      rangeLabel: 'No results',
      pageCount: 1,
      hasNextPage: false,
    });
  });

  it('fails with the server message and retries', async () => {
    const { actor, calls, view } = start();
    calls[0]!.reject(Object.assign(new Error('Sorry, something went wrong.'), { status: 500 }));
    await settle();
    expect(actor.getSnapshot().value).toBe('failed');
    expect(view()).toMatchObject({ isFailed: true, errorMessage: 'Sorry, something went wrong.' });
    actor.send({ type: 'retry' });
    expect(actor.getSnapshot().value).toBe('loading');
    expect(view().errorMessage).toBeNull();
    expect(calls).toHaveLength(2);
  });

  it('describes every state for the diagrams', () => {
    for (const node of Object.values(resourceListMachine.root.states)) {
      expect(node.description, node.id).toBeTruthy();
    }
  });
});

describe('pageItems', () => {
  const labels = (page: number, count: number) =>
    pageItems(page, count).map((item) =>
      item.type === 'gap' ? '…' : item.isCurrent ? `[${item.page}]` : item.page,
    );

  it('shows every page when there are few', () => {
    expect(labels(1, 1)).toEqual(['[1]']);
    // A gap of one page shows that page instead of "…".
    expect(labels(2, 5)).toEqual([1, '[2]', 3, 4, 5]);
    expect(labels(3, 6)).toEqual([1, 2, '[3]', 4, 5, 6]);
  });

  it('keeps first, last and the neighbours of the current page', () => {
    expect(labels(6, 12)).toEqual([1, '…', 5, '[6]', 7, '…', 12]);
    expect(labels(1, 12)).toEqual(['[1]', 2, '…', 12]);
    expect(labels(4, 9)).toEqual([1, 2, 3, '[4]', 5, '…', 9]);
  });
});

describe('resourceList machine: filter menus', () => {
  it('filter.select reloads at once from page 1 and tells the URL; filters.clear empties every filter', async () => {
    const { actor, calls, emitted } = start({
      resource: 'campaigns',
      params: { page: 3, sorters: [], filters: [{ field: 'name', operator: 'contains', value: 'spring' }] },
    });
    calls[0]!.resolve({ data: rows(10, 21), total: 40 });
    await settle();
    actor.send({ type: 'filter.select', field: 'status', value: 'active', operator: 'eq' });
    expect(actor.getSnapshot().value).toBe('loading');
    expect(calls[1]!.input).toMatchObject({
      page: 1,
      filters: [
        { field: 'name', operator: 'contains', value: 'spring' },
        { field: 'status', operator: 'eq', value: 'active' },
      ],
    });
    expect(emitted.at(-1)).toMatchObject({ page: 1 });
    calls[1]!.resolve({ data: rows(3), total: 3 });
    await settle();
    actor.send({ type: 'filters.clear' });
    expect(calls[2]!.input).toMatchObject({ page: 1, filters: [] });
    expect(emitted.at(-1)).toEqual({ page: 1, sorters: [], filters: [] });
  });
});

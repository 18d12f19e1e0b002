import {
  connectResourceList,
  type FetchPageInput,
  type FetchPageOutput,
  resourceListMachine,
} from '@machines/resourceList';
import { useSelector } from '@xstate/react';
import { useContext, useEffect, useMemo, useRef } from 'react';
import { type Location, UNSAFE_NavigationContext, useLocation, useNavigate } from 'react-router-dom';
import { fromPromise } from 'xstate';
import { useActorRef } from '../actorRef';
import { type ListUrlConfig, paramsFromSearch, searchWithParams } from './listSearchParams';

export interface UseResourceListOptions<Row> extends ListUrlConfig {
  resource: string;
  pageSize?: number;
  /** Loads one page; receives an AbortSignal that fires when the page is no longer wanted. */
  fetchPage: (input: FetchPageInput, signal: AbortSignal) => Promise<{ data: readonly Row[]; total: number }>;
}

/**
 * Binds the `resourceList` chart to the router and the data provider: the URL's `page`, `sort`, `order` and
 * filter parameters are the table's state. The machine emits `params.changed` when the person pages, sorts
 * or filters, and this hook writes them to the URL (a new history entry, so Back undoes it); a URL changed
 * from outside (Back, a link) is handed to the machine as `params.sync`.
 */
export function useResourceList<Row>(options: UseResourceListOptions<Row>) {
  const { resource, pageSize, sortableFields, filterFields, fetchPage } = options;
  const location = useLocation();
  const navigate = useNavigate();
  const config = useMemo<ListUrlConfig>(
    () => ({ sortableFields, filterFields }),
    [sortableFields, filterFields],
  );
  const fetchPageRef = useRef(fetchPage);
  fetchPageRef.current = fetchPage;

  const machine = useMemo(
    () =>
      resourceListMachine.provide({
        actors: {
          fetchPage: fromPromise<FetchPageOutput, FetchPageInput>(({ input, signal }) =>
            fetchPageRef.current(input, signal),
          ),
        },
      }),
    [],
  );
  const actorRef = useActorRef(machine, {
    input: { resource, pageSize, params: paramsFromSearch(new URLSearchParams(location.search), config) },
  });
  const snapshot = useSelector(actorRef, (s) => s);
  const view = useMemo(() => connectResourceList<Row>(snapshot, actorRef.send), [snapshot, actorRef]);

  // The machine asks for the URL to change; the router does it.
  const searchRef = useRef(location.search);
  searchRef.current = location.search;
  // Where the history is now, which runs ahead of the rendered location while the next page loads (the
  // router renders navigations in a transition): a filter's pause ending after a click on a row's link
  // must not pull the person back to the list.
  const { navigator } = useContext(UNSAFE_NavigationContext);
  const listPathname = useRef(location.pathname);
  listPathname.current = location.pathname;
  // Our own URL changes still on their way: the router applies them later (in a transition), possibly after
  // the person changed the table again; their echo must not take the table back to older parameters.
  const pendingSearches = useRef<string[]>([]);
  useEffect(() => {
    const subscription = actorRef.on('params.changed', ({ params }) => {
      const history = 'location' in navigator ? (navigator.location as Location) : null;
      if (history && history.pathname !== listPathname.current) return;
      // Compared with where the URL is going, not where it is: with a navigation of ours still on its way,
      // the URL it leaves behind ('' before "?name=zzz" lands) would make "Clear filters" look like no change.
      const current = pendingSearches.current.at(-1) ?? searchRef.current;
      const next = searchWithParams(new URLSearchParams(current), params, config).toString();
      if (`?${next}` === current || (next === '' && current === '')) return;
      const search = next ? `?${next}` : '';
      pendingSearches.current.push(search);
      navigate({ search });
    });
    return () => subscription.unsubscribe();
  }, [actorRef, navigate, navigator, config]);

  // The URL changed (Back/Forward, a link, or our own navigate above): the machine ignores parameters it has.
  // This reacts to navigation, not to a user gesture, so it is sent from an effect.
  useEffect(() => {
    const own = pendingSearches.current.indexOf(location.search);
    if (own !== -1) {
      // The echo of our own navigation: the machine already has these parameters, or newer ones.
      pendingSearches.current.splice(0, own + 1);
      return;
    }
    pendingSearches.current = [];
    actorRef.send({
      type: 'params.sync',
      params: paramsFromSearch(new URLSearchParams(location.search), config),
    });
  }, [actorRef, location.search, config]);

  return {
    view,
    goToPage: view.goToPage,
    toggleSort: view.toggleSort,
    /** Typing in a filter input: the table reloads once typing pauses (with the field's operator). */
    changeFilter: (field: string, value: string) =>
      view.changeFilter(field, value, filterFields.find((f) => f.field === field)?.operator ?? 'contains'),
    /** A value chosen in a filter menu ('' for any): the table reloads at once. */
    selectFilter: (field: string, value: string) =>
      view.selectFilter(field, value, filterFields.find((f) => f.field === field)?.operator ?? 'eq'),
    clearFilters: view.clearFilters,
    retry: view.retry,
    refresh: view.refresh,
  };
}

export {
  connectResourceList,
  type PageItem,
  pageItems,
  type ResourceListSnapshot,
  type ResourceListView,
  rangeLabel,
} from './resourceList.connect';
export { FILTER_DEBOUNCE_MS } from './resourceList.delays';
export {
  nextSorters,
  normalizeParams,
  type ResourceListMachine,
  resourceListMachine,
  sameParams,
} from './resourceList.machine';
export * from './resourceList.types';

export {
  connectReport,
  csvHref,
  type ReportCommands,
  type ReportPhase,
  type ReportSnapshot,
  type ReportView,
  reportCommands,
} from './report.connect';
export { namedProblems, type ReportMachine, reportMachine } from './report.machine';
export * from './report.presets';
export * from './report.series';
export * from './report.types';
export {
  CHART_PARAM,
  chartMetricOf,
  FILTER_CHOICES,
  filterValues,
  nextSearch,
  previousSeriesQuery,
  readReport,
  SERIES_PAGE_SIZE,
  SERIES_WEEKLY_AFTER_DAYS,
  seriesQuery,
} from './report.url';

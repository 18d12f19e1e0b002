export {
  type AdAssetView,
  type CreativeAdView,
  type CreativePlatformView,
  connectPlanningCreative,
  type PlanningCreativeSnapshot,
  type PlanningCreativeView,
  type TextEntryView,
  type TextFieldView,
} from './planningCreative.connect';
export {
  type PlanningCreativeMachine,
  planningCreativeMachine,
  stepChanged,
} from './planningCreative.machine';
export * from './planningCreative.types';
export {
  type CreativeBody,
  creativeBody,
  creativeHardIssues,
  creativeIssues,
  creativeWarningsOf,
  visibleCreativeErrors,
} from './planningCreative.values';

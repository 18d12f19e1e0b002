export {
  connectPlanningPlatforms,
  type PlanningPlatformsSnapshot,
  type PlanningPlatformsView,
  type PlatformOption,
  type PlatformRow,
} from './planningPlatforms.connect';
export * from './planningPlatforms.logic';
export {
  type PlanningPlatformsMachine,
  planningPlatformsMachine,
  shownPlatformsIssues,
} from './planningPlatforms.machine';
export * from './planningPlatforms.types';

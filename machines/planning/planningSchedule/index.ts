export {
  connectPlanningSchedule,
  type FlowchartData,
  type PlanningScheduleSnapshot,
  type PlanningScheduleView,
  type ScheduleFlightView,
  type SchedulePlatformView,
} from './planningSchedule.connect';
export {
  type PlanningScheduleMachine,
  planningScheduleMachine,
  stepChanged,
} from './planningSchedule.machine';
export * from './planningSchedule.types';
export {
  FLIGHT_AMOUNT_FORMAT_MESSAGE,
  followCampaignDate,
  platformTotals,
  type ScheduleBody,
  scheduleBody,
  scheduleIssues,
  valuesFromPlan,
  visibleScheduleErrors,
} from './planningSchedule.values';

export * from './campaignLifecycle.fields';
export * from './campaignLifecycle.machine';
export * from './campaignLifecycle.rules';
export type * from './campaignLifecycle.types';
export * from './placementLifecycle.machine';
export * from './placementLifecycle.rules';

export * from './placementToggle.connect';
export * from './placementToggle.machine';
export type * from './placementToggle.types';

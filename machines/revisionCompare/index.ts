export * from './revisionCompare.connect';
export { comparePath, type RevisionCompareMachine, revisionCompareMachine } from './revisionCompare.machine';
export * from './revisionCompare.types';

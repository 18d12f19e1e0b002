export * from './revisionLifecycle.machine';
export * from './revisionLifecycle.rules';

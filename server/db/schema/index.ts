// The database schema, one file per domain; drizzle-kit reads them all through this index.

export * from './campaigns';
export * from './connections';
export * from './creative';
export * from './googleAdsSandbox';
export * from './identity';
export * from './launching';
export * from './pacing';
export * from './planning';
export * from './provider';
export * from './revisions';
export * from './rollups';
export * from './sandboxGraph';
export * from './shell';
export * from './sso';
export * from './team';

/** The generic data provider: `/api/{resource}` routes plus helpers for features that need scoped reads. */
export type { ResourceDef, Scope, ScopeContext } from './define';
export { type ListQuery, listRows, parseListQuery } from './list';
export { RESOURCES, resourceNamed } from './resources';
export { createDataRoutes } from './routes';
export { requireScope, scopeCondition, scopeOfSession } from './scope';
export { createRecord, deleteRecord, findRow, findScoped, parseId, updateRecord } from './store';

import { TOTAL_COUNT_HEADER } from '@contract/resources';
import { type Context, Hono } from 'hono';
import { stepUpFor } from '../auth/sessions';
import type { AppEnv } from '../http/env';
import { HttpError, readJsonObject } from '../http/errors';
import { methodNotAllowed as notAllowed } from '../http/methodNotAllowed';
import { allow } from '../http/policy';
import { dataAccess } from './access';
import type { ResourceDef } from './define';
import { listRows } from './list';
import { resourceNamed } from './resources';
import { requireScope } from './scope';
import {
  createRecord,
  deleteRecord,
  findRow,
  notFoundError,
  parseId,
  readOnlyError,
  updateRecord,
} from './store';

function resourceOf(c: Context<AppEnv>): ResourceDef {
  const name = c.req.param('resource') ?? '';
  const def = resourceNamed(name);
  if (!def) throw new HttpError(404, `Unknown resource "${name}"`);
  return def;
}

function methodNotAllowed(def: ResourceDef, method: string, allow: string, hint: string): never {
  if (!def.write) throw readOnlyError(def);
  throw notAllowed(allow, `${method} is not supported on ${hint}`);
}

function rawQuery(url: string): string {
  const q = url.indexOf('?');
  return q < 0 ? '' : url.slice(q + 1);
}

/** Read-only resources answer writes with 405 before the body is even read. */
async function writableBody(c: Context<AppEnv>, def: ResourceDef) {
  if (!def.write) throw readOnlyError(def);
  return readJsonObject(c);
}

/**
 * The generic data provider under /api/{resource}, in refine simple-rest / json-server conventions.
 * See list.ts for the list query language and resources.ts for what each resource allows.
 *
 * Routes other features add under /api with one or two path segments must be mounted before this
 * router: `/api/:resource` and `/api/:resource/:id` answer every method.
 */
export function createDataRoutes(): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();

  routes.get('/:resource', allow(dataAccess), async (c) => {
    const def = resourceOf(c);
    const scope = requireScope(c, def);
    const { rows, total } = await listRows(c.get('db'), def, scope, rawQuery(c.req.url));
    c.header(TOTAL_COUNT_HEADER, String(total));
    c.header('Access-Control-Expose-Headers', TOTAL_COUNT_HEADER);
    return c.json(rows.map((row) => def.serialize(row)));
  });

  routes.get('/:resource/:id', allow(dataAccess), async (c) => {
    const def = resourceOf(c);
    const scope = requireScope(c, def);
    const id = parseId(def, c.req.param('id'));
    const row = id === null ? null : await findRow(c.get('db'), def, scope, id);
    if (!row) throw notFoundError(def);
    return c.json(def.serialize(row));
  });

  routes.post('/:resource', allow(dataAccess), async (c) => {
    const def = resourceOf(c);
    const scope = requireScope(c, def);
    const body = await writableBody(c, def);
    return c.json(await createRecord(c.get('db'), def, scope, body), 201);
  });

  routes.patch('/:resource/:id', allow(dataAccess), async (c) => {
    const def = resourceOf(c);
    const scope = requireScope(c, def);
    const body = await writableBody(c, def);
    return c.json(await updateRecord(c.get('db'), def, scope, parseId(def, c.req.param('id')), body));
  });

  routes.delete('/:resource/:id', allow(dataAccess), async (c) => {
    const def = resourceOf(c);
    const scope = requireScope(c, def);
    const stepUp = def.write?.stepUp;
    const confirm = stepUp
      ? (row: Record<string, unknown>) => stepUpFor(c, stepUp.action)(stepUp.target(row))
      : undefined;
    return c.json(await deleteRecord(c.get('db'), def, scope, parseId(def, c.req.param('id')), confirm));
  });

  routes.all('/:resource', (c) => {
    const def = resourceOf(c);
    requireScope(c, def);
    methodNotAllowed(
      def,
      c.req.method,
      'GET, HEAD, POST',
      `/api/${def.name}; update or delete one record at /api/${def.name}/{id}`,
    );
  });

  routes.all('/:resource/:id', (c) => {
    const def = resourceOf(c);
    requireScope(c, def);
    methodNotAllowed(
      def,
      c.req.method,
      'GET, HEAD, PATCH, DELETE',
      `/api/${def.name}/{id}; use PATCH to update`,
    );
  });

  return routes;
}

import { RESOURCES } from '@server/data/resources';
import { connect } from '@server/db/connect';
import { buildOpenApiDocument } from '@server/openapi/document';
import { isExcluded } from '@server/openapi/exclusions';
import { describe, expect, it } from 'vitest';
import { SANDBOX_CLOCK_CONFIG, testApp } from '../support/http';
import { operationsOf } from './conformance';

/**
 * Every route the app serves is documented in server/openapi/paths/ or listed, with its reason, in
 * server/openapi/exclusions.ts; and every documented operation is still served. Nothing here queries the
 * database: the app is only built to read its routes.
 */

const db = connect('postgres://nobody@127.0.0.1:1/none', { max: 1 });
// Every route that can be served: the sandbox clock too (SANDBOX_CLOCK_CONTROL=on).
const app = testApp(db, { config: SANDBOX_CLOCK_CONFIG });
const document = buildOpenApiDocument({ sandboxControl: true });
const documented = new Set(operationsOf(document).map((op) => op.key));

/**
 * `/api/:resource(/:id)` is the data provider: one route per resource of its registry, for the methods the
 * resource takes (a read-only one answers writes with 405, which is no operation).
 */
function served(): Set<string> {
  const keys = new Set<string>();
  for (const route of app.routes) {
    if (route.method === 'ALL') continue;
    const path = route.path.replace(/:([A-Za-z_]+)/g, '{$1}');
    if (!path.includes('{resource}')) {
      keys.add(`${route.method} ${path}`);
      continue;
    }
    for (const def of Object.values(RESOURCES)) {
      const takes =
        route.method === 'GET' ||
        (def.write !== undefined && (route.method !== 'DELETE' || def.write.noDelete === undefined));
      if (takes) keys.add(`${route.method} ${path.replace('{resource}', def.name)}`);
    }
  }
  return keys;
}

describe('the OpenAPI document covers the routes', () => {
  const routes = served();

  it('documents every route the app serves, or says why not', () => {
    const undocumented = [...routes].filter((key) => {
      const [method, path] = key.split(' ') as [string, string];
      return !documented.has(key) && !isExcluded(method.toLowerCase(), path);
    });
    expect(
      undocumented,
      'add each to its area in server/openapi/paths/ (or to exclusions.ts, with the reason)',
    ).toEqual([]);
  });

  it('documents no operation the app does not serve', () => {
    expect([...documented].filter((key) => !routes.has(key))).toEqual([]);
  });

  it('leaves the sandbox clock out of the document of a normal start', () => {
    const production = new Set(
      operationsOf(buildOpenApiDocument({ sandboxControl: false })).map((op) => op.key),
    );
    expect([...documented].filter((key) => !production.has(key)).sort()).toEqual([
      'DELETE /api/sandbox/clock',
      'GET /api/sandbox/clock',
      'POST /api/sandbox/clock',
    ]);
  });
});

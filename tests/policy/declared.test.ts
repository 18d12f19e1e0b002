import { ACTION_NAMES } from '@contract/policy';
import { createApp } from '@server/app';
import { declaredAccessOf } from '@server/http/policy';
import { describe, expect, it } from 'vitest';
import { freshDatabase } from '../support/db';
import { SANDBOX_CLOCK_CONFIG, testDeps } from '../support/http';

/**
 * Issue 26: every route declares what it does (`allow(…)`, server/http/policy.ts), so a route added without
 * a thought about who may call it fails here. A declaration is the route's own handler, or a middleware
 * over a whole prefix (`app.use('/provider/v1/*', allow('public'))`: another service's own API).
 */

const { db } = await freshDatabase();
// Every route that can be served: the sandbox clock too (SANDBOX_CLOCK_CONTROL=on).
const app = createApp(testDeps(db, SANDBOX_CLOCK_CONFIG));

type RouteEntry = (typeof app.routes)[number];

function declarationFor(method: string, path: string, routes: readonly RouteEntry[]) {
  const own = routes
    .filter((r) => r.method === method && r.path === path)
    .map((r) => declaredAccessOf(r.handler));
  const prefixed = routes
    .filter((r) => r.method === 'ALL' && r.path.endsWith('/*') && path.startsWith(r.path.slice(0, -1)))
    .map((r) => declaredAccessOf(r.handler));
  return [...own, ...prefixed].find((access) => access !== undefined);
}

describe('the permission policy is declared on every route', () => {
  const routes = app.routes.filter((r) => r.method !== 'ALL');
  const keys = [...new Set(routes.map((r) => `${r.method} ${r.path}`))];

  it('finds the routes (a sanity check on the inspection itself)', () => {
    expect(keys.length).toBeGreaterThan(100);
    expect(keys).toContain('POST /planning/wizard/:id/review');
  });

  it('every route declares public, signedIn or an action of the policy', () => {
    const undeclared = keys.filter((key) => {
      const [method = '', path = ''] = key.split(' ');
      return declarationFor(method, path, app.routes) === undefined;
    });
    expect(undeclared).toEqual([]);
    for (const key of keys) {
      const [method = '', path = ''] = key.split(' ');
      const access = declarationFor(method, path, app.routes);
      if (typeof access === 'string') {
        expect(['public', 'signedIn', ...ACTION_NAMES], key).toContain(access);
      }
    }
  });

  it('would fail on a route that declares none', () => {
    const probe = createApp(testDeps(db));
    probe.get('/api/undeclared', (c) => c.json({}));
    expect(declarationFor('GET', '/api/undeclared', probe.routes)).toBeUndefined();
  });
});

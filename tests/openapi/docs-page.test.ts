import { connect } from '@server/db/connect';
import { describe, expect, it } from 'vitest';
import { TestClient, testApp } from '../support/http';

/** `/api/docs`: the reference page, signed out, with swagger-ui served from here under a strict policy. */

const db = connect('postgres://nobody@127.0.0.1:1/none', { max: 1 });
const visitor = new TestClient(testApp(db));

describe('the API reference page', () => {
  it('is HTML that loads swagger-ui and its initializer from this server, under a strict CSP', async () => {
    const page = await visitor.get<string>('/api/docs');
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    const policy = page.headers.get('content-security-policy') ?? '';
    expect(policy).toContain("script-src 'self'");
    expect(policy).not.toContain('unsafe-inline');
    const scripts = [...page.body.matchAll(/<script src="([^"]+)"><\/script>/g)].map((m) => m[1]);
    const styles = [...page.body.matchAll(/<link rel="stylesheet" href="([^"]+)">/g)].map((m) => m[1]);
    expect(scripts).toEqual(['docs/swagger-ui-bundle.js', 'docs/init.js']);
    expect(styles).toEqual(['docs/swagger-ui.css']);
    // Nothing inline: every script is a file.
    expect(page.body.match(/<script>/g)).toBeNull();
  });

  it('serves those files with their types, the bundle being swagger-ui itself', async () => {
    const expected: Record<string, RegExp> = {
      '/api/docs/swagger-ui-bundle.js': /^text\/javascript/,
      '/api/docs/init.js': /^text\/javascript/,
      '/api/docs/swagger-ui.css': /^text\/css/,
    };
    for (const [url, type] of Object.entries(expected)) {
      const res = await visitor.get<string>(url);
      expect(res.status, url).toBe(200);
      expect(res.headers.get('content-type'), url).toMatch(type);
    }
    expect((await visitor.get<string>('/api/docs/swagger-ui-bundle.js')).body).toContain('SwaggerUIBundle');
    expect((await visitor.get<string>('/api/docs/init.js')).body).toContain('openapi.json');
    expect((await visitor.get('/api/docs/secrets.env')).status).toBe(404);
  });

  it('serves the document publicly, cacheably, and answers 304 to its ETag', async () => {
    const res = await visitor.get('/api/openapi.json');
    expect(res.status).toBe(200);
    expect(res.body.openapi).toBe('3.1.0');
    expect(res.headers.get('cache-control')).toBe('public, max-age=300');
    const etag = res.headers.get('etag')!;
    expect(etag).toMatch(/^".+"$/);
    const again = await visitor.get('/api/openapi.json', { 'if-none-match': etag });
    expect(again.status).toBe(304);
  });
});

import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { Hono } from 'hono';
import { compress } from 'hono/compress';
import type { AppEnv } from '../http/env';
import { allow } from '../http/policy';
import { buildOpenApiDocument } from './document';
import type { OperationOptions } from './operations';

/** The reference page's files, all from the installed swagger-ui-dist: no CDN, nothing inline. */
const SWAGGER_UI_DIR = path.dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));
const ASSETS: Record<string, { file: string; type: string }> = {
  'swagger-ui-bundle.js': { file: 'swagger-ui-bundle.js', type: 'text/javascript; charset=utf-8' },
  'swagger-ui.css': { file: 'swagger-ui.css', type: 'text/css; charset=utf-8' },
};

/**
 * The page's own script, a file rather than an inline script so the page keeps `script-src 'self'`. The
 * document's URL is relative, so the page works under any prefix a proxy adds.
 */
const INITIALIZER = `window.addEventListener('load', function () {
  window.ui = SwaggerUIBundle({
    url: new URL('openapi.json', window.location.href).href,
    dom_id: '#swagger-ui',
    deepLinking: true,
    presets: [SwaggerUIBundle.presets.apis],
    layout: 'BaseLayout',
    tryItOutEnabled: false,
  });
});
`;

const PAGE = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <title>Flightplan API reference</title>
    <link rel="icon" href="data:,">
    <link rel="stylesheet" href="docs/swagger-ui.css">
  </head>
  <body>
    <div id="swagger-ui"></div>
    <script src="docs/swagger-ui-bundle.js"></script>
    <script src="docs/init.js"></script>
  </body>
</html>
`;

/**
 * The page's policy: scripts and styles from here only (swagger-ui sets styles through the DOM, which the
 * policy allows), its icons are data: URLs in its CSS, and it fetches the document and, with "Try it out",
 * the API itself.
 */
const PAGE_POLICY =
  "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; " +
  "font-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

/** Public and the same for everyone: shared caches may keep it a while. */
const PUBLIC_CACHE = 'public, max-age=300';

/**
 * The document, built at most once per process and option set, on its first request (about 50 ms): the
 * many apps the tests build never pay for it unless they ask.
 */
const documents = new Map<boolean, { body: string; etag: string }>();
function documentFor(options: OperationOptions) {
  let built = documents.get(options.sandboxControl);
  if (!built) {
    const body = JSON.stringify(buildOpenApiDocument(options));
    built = { body, etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"` };
    documents.set(options.sandboxControl, built);
  }
  return built;
}

const assetBodies = new Map<string, Promise<Buffer>>();
const assetBody = (file: string) => {
  let body = assetBodies.get(file);
  if (!body) {
    body = readFile(path.join(SWAGGER_UI_DIR, file));
    assetBodies.set(file, body);
  }
  return body;
};

/**
 * `GET /api/openapi.json` (public, cacheable, with an ETag) and the interactive reference at `GET /api/docs`.
 * Registered before the data provider, whose `/api/:resource` would otherwise answer these paths.
 */
export function createOpenApiRoutes(options: OperationOptions = { sandboxControl: false }): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();

  routes.use('/api/openapi.json', compress());
  routes.use('/api/docs/*', compress());

  routes.get('/api/openapi.json', allow('public'), (c) => {
    const document = documentFor(options);
    c.header('Cache-Control', PUBLIC_CACHE);
    c.header('ETag', document.etag);
    if (c.req.header('if-none-match') === document.etag) return c.body(null, 304);
    return c.body(document.body, 200, { 'Content-Type': 'application/json; charset=utf-8' });
  });

  routes.get('/api/docs', allow('public'), (c) => {
    c.header('Content-Security-Policy', PAGE_POLICY);
    c.header('X-Frame-Options', 'DENY');
    c.header('Cache-Control', PUBLIC_CACHE);
    return c.html(PAGE);
  });

  routes.get('/api/docs/init.js', allow('public'), (c) => {
    c.header('Cache-Control', PUBLIC_CACHE);
    return c.body(INITIALIZER, 200, { 'Content-Type': 'text/javascript; charset=utf-8' });
  });

  routes.get('/api/docs/:file', allow('public'), async (c, next) => {
    const asset = ASSETS[c.req.param('file')];
    if (!asset) return next();
    c.header('Cache-Control', 'public, max-age=86400');
    return c.body(new Uint8Array(await assetBody(asset.file)), 200, { 'Content-Type': asset.type });
  });

  return routes;
}

import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import { type Context, Hono } from 'hono';

/**
 * The pages' Content-Security-Policy: vanilla-extract emits static CSS, so no inline styles or scripts are needed.
 * With a device-fingerprint script configured (FINGERPRINT_SCRIPT_URL), script-src also allows that script's
 * exact origin — and nothing else of it; without one, only 'self'.
 */
export function contentSecurityPolicy(fingerprintScriptUrl?: string): string {
  const scriptSources = ["'self'", ...(fingerprintScriptUrl ? [new URL(fingerprintScriptUrl).origin] : [])];
  return [
    "default-src 'self'",
    `script-src ${scriptSources.join(' ')}`,
    "style-src 'self'",
    "img-src 'self' data: blob:",
    "connect-src 'self'",
    "font-src 'self'",
    "frame-ancestors 'self'",
    "base-uri 'self'",
    "form-action 'self'",
    "object-src 'none'",
  ].join('; ');
}

/** The policy without a fingerprint script. */
export const CONTENT_SECURITY_POLICY = contentSecurityPolicy();

export interface StaticAppOptions {
  /** FINGERPRINT_SCRIPT_URL (`readConfig`): its origin is allowed in script-src. */
  fingerprintScriptUrl?: string | undefined;
}

/**
 * Serves the built browser app from `distDir`: hashed assets cached for a year, every other path gets
 * index.html (the router decides what it shows).
 */
export function staticApp(distDir: string, { fingerprintScriptUrl }: StaticAppOptions = {}) {
  const policy = contentSecurityPolicy(fingerprintScriptUrl);
  const indexFile = path.join(distDir, 'index.html');
  if (!existsSync(indexFile)) {
    console.warn(
      `The browser app is not built (${indexFile} is missing): run "npm run build". Serving the API only.`,
    );
    const unbuilt = new Hono();
    unbuilt.all('*', (c) => c.text('The browser app is not built. Run "npm run build", then restart.', 503));
    return unbuilt;
  }
  // Re-read index.html when a rebuild replaced it, so a running server never points at deleted asset names.
  let indexHtml = readFileSync(indexFile, 'utf8');
  let indexMtime = statSync(indexFile).mtimeMs;
  const currentIndex = () => {
    const mtime = statSync(indexFile, { throwIfNoEntry: false })?.mtimeMs;
    if (mtime !== undefined && mtime !== indexMtime) {
      indexHtml = readFileSync(indexFile, 'utf8');
      indexMtime = mtime;
    }
    return indexHtml;
  };
  const root = path.relative(process.cwd(), distDir) || '.';
  const app = new Hono();
  app.use('/assets/*', async (c, next) => {
    await next();
    if (c.res.status === 200) c.header('Cache-Control', 'public, max-age=31536000, immutable');
  });
  const page = (c: Context) => {
    c.header('Cache-Control', 'no-cache');
    c.header('Content-Security-Policy', policy);
    c.header('X-Content-Type-Options', 'nosniff');
    c.header('Referrer-Policy', 'strict-origin-when-cross-origin');
    return c.html(currentIndex());
  };
  // `/` and `/index.html` are the page too: left to serveStatic they would go out without the policy.
  app.get('/', page);
  app.get('/index.html', page);
  app.use('*', serveStatic({ root }));
  app.get('*', page);
  return app;
}

import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import { Hono } from 'hono';

/** Security headers for the app's pages: vanilla-extract emits static CSS, so no inline styles or scripts are needed. */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data: blob:",
  "connect-src 'self'",
  "font-src 'self'",
  "frame-ancestors 'self'",
  "base-uri 'self'",
  "form-action 'self'",
  "object-src 'none'",
].join('; ');

/**
 * Serves the built browser app from `distDir`: hashed assets cached for a year, every other path gets
 * index.html (the router decides what it shows).
 */
export function staticApp(distDir: string) {
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
  app.use('*', serveStatic({ root }));
  app.get('*', (c) => {
    c.header('Cache-Control', 'no-cache');
    c.header('Content-Security-Policy', CONTENT_SECURITY_POLICY);
    c.header('X-Content-Type-Options', 'nosniff');
    c.header('Referrer-Policy', 'strict-origin-when-cross-origin');
    return c.html(currentIndex());
  });
  return app;
}

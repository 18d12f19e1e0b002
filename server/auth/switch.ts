import { createHash } from 'node:crypto';
import { safeReturnUrl } from '@contract/returnUrl';
import { type Context, Hono } from 'hono';
import { html, raw } from 'hono/html';
import type { AppEnv } from '../http/env';
import { HttpError } from '../http/errors';
import { allow } from '../http/policy';
import { requireSession, setSessionScope } from './sessions';
import { accountOfOrganization, memberAccount, memberOrganization, userById } from './store';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

interface SwitchInput {
  id: string;
  returnUrl: string;
}

/** The query (GET), or the confirmation form's fields with the query as fallback (POST); returnUrl made safe. */
async function readSwitchInput(c: Context<AppEnv>, what: 'organization' | 'account'): Promise<SwitchInput> {
  let form: Record<string, unknown> = {};
  if (c.req.method === 'POST') {
    const type = c.req.header('content-type') ?? '';
    if (type.includes('application/x-www-form-urlencoded') || type.includes('multipart/form-data')) {
      form = await c.req.parseBody();
    }
  }
  const field = (name: string) => {
    const value = form[name];
    return typeof value === 'string' ? value : c.req.query(name);
  };
  const id = field('id') ?? '';
  if (!UUID.test(id)) throw new HttpError(400, `id must be an ${what} id`);
  return { id, returnUrl: safeReturnUrl(field('returnUrl')) };
}

/**
 * Whether our own page sent this request: a POST has passed `csrfProtection` (mounted for every route in
 * createApp); a GET must carry `Sec-Fetch-Site: same-origin`, and a missing header is not same-origin.
 */
function isSameOriginRequest(c: Context<AppEnv>): boolean {
  return c.req.method === 'POST' || c.req.header('sec-fetch-site') === 'same-origin';
}

/** After switching: back to the return URL (303 after the confirmation form's POST, so the browser GETs it). */
function redirectBack(c: Context<AppEnv>, returnUrl: string) {
  c.header('Cache-Control', 'no-store');
  return c.redirect(returnUrl, c.req.method === 'POST' ? 303 : 302);
}

const handleOrganizationSwitch = async (c: Context<AppEnv>) => {
  const session = requireSession(c);
  const db = c.get('db');
  const { id, returnUrl } = await readSwitchInput(c, 'organization');
  const organization = await memberOrganization(db, session.userId, id);
  if (!organization) throw new HttpError(404, 'Organization not found');
  if (!isSameOriginRequest(c)) {
    return confirmationPage(c, {
      what: 'organization',
      name: organization.name,
      action: '/organization/switch',
      id,
      returnUrl,
    });
  }
  // Keep the user's last account when it belongs to this organization; otherwise they choose one.
  const user = await userById(db, session.userId);
  const account = user?.lastAccountId ? await accountOfOrganization(db, user.lastAccountId, id) : undefined;
  await setSessionScope(db, session, id, account?.id ?? null);
  return redirectBack(c, returnUrl);
};

const handleAccountSwitch = async (c: Context<AppEnv>) => {
  const session = requireSession(c);
  const db = c.get('db');
  const { id, returnUrl } = await readSwitchInput(c, 'account');
  const account = await memberAccount(db, session.userId, id);
  if (!account) throw new HttpError(404, 'Account not found');
  if (!isSameOriginRequest(c)) {
    return confirmationPage(c, {
      what: 'account',
      name: account.name,
      action: '/account/switch',
      id,
      returnUrl,
    });
  }
  await setSessionScope(db, session, account.organizationId, id);
  return redirectBack(c, returnUrl);
};

/**
 * `/organization/switch` and `/account/switch` (query: `id`, `returnUrl`, and `domain`, which is accepted and
 * ignored). The session changes only for a request our own pages sent: a POST (the CSRF middleware has
 * already refused another site's Origin or Sec-Fetch-Site), or a GET that the browser labels
 * `Sec-Fetch-Site: same-origin` (the app's own links and switch menus). Any other GET, such as a link on
 * another site, a bookmark or a browser without Fetch Metadata, gets a small page that asks first
 * ("Switch to <name>?", Switch posts the same request, Cancel goes home). The id is checked before
 * anything: another tenant's organization or account answers exactly like a missing one (404), and the
 * return URL is cut down to a path on this site by the one rule of `contract/returnUrl.ts`.
 */
export function createSwitchRoutes(): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();

  routes.get('/organization/switch', allow('signedIn'), handleOrganizationSwitch);

  routes.post('/organization/switch', allow('signedIn'), handleOrganizationSwitch);

  routes.get('/account/switch', allow('signedIn'), handleAccountSwitch);

  routes.post('/account/switch', allow('signedIn'), handleAccountSwitch);

  return routes;
}

/** The confirmation page's only styles: one inline block, allowed by its hash (no 'unsafe-inline'). */
const PAGE_STYLE =
  'body{margin:0;font:16px/1.5 system-ui,sans-serif;color:#1a1d23;background:#f5f6f8}' +
  'main{max-width:28rem;margin:15vh auto;padding:2rem;background:#fff;border-radius:8px;box-shadow:0 1px 4px #0002}' +
  'h1{font-size:1.25rem;margin:0 0 .5rem;overflow-wrap:anywhere}p{margin:0 0 1.5rem;color:#4a4f5a}' +
  'form{display:flex;gap:.75rem;align-items:center}' +
  'button{font:inherit;padding:.5rem 1.25rem;border:0;border-radius:6px;background:#2f5bea;color:#fff;cursor:pointer}' +
  'button:focus-visible,a:focus-visible{outline:3px solid #1a3fb8;outline-offset:2px}a{color:#2f5bea}';

/**
 * The page's own policy: nothing loads, no script runs, the form posts only to us, and no other site may
 * frame it (a framed Switch button could be clicked through an overlay).
 */
const PAGE_POLICY = [
  "default-src 'none'",
  `style-src 'sha256-${createHash('sha256').update(PAGE_STYLE).digest('base64')}'`,
  "form-action 'self'",
  "frame-ancestors 'none'",
  "base-uri 'none'",
].join('; ');

/** "Switch to <name>?": server-rendered, every value escaped by `html`, the form posts id and returnUrl. */
function confirmationPage(
  c: Context<AppEnv>,
  page: { what: 'organization' | 'account'; name: string; action: string; id: string; returnUrl: string },
) {
  c.header('Content-Security-Policy', PAGE_POLICY);
  c.header('Cache-Control', 'no-store');
  c.header('X-Frame-Options', 'DENY');
  // Not no-referrer: with it, browsers send `Origin: null` on the form's POST, which the CSRF check refuses.
  c.header('Referrer-Policy', 'same-origin');
  return c.html(
    html`<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <meta name="robots" content="noindex">
    <title>Switch ${page.what}?</title>
    <style>${raw(PAGE_STYLE)}</style>
  </head>
  <body>
    <main>
      <h1>Switch to ${page.name}?</h1>
      <p>A link asks to make this ${page.what} the one you work in.</p>
      <form method="post" action="${page.action}">
        <input type="hidden" name="id" value="${page.id}">
        <input type="hidden" name="returnUrl" value="${page.returnUrl}">
        <button type="submit">Switch</button>
        <a href="/">Cancel</a>
      </form>
    </main>
  </body>
</html>`,
  );
}

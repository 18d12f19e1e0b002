import type { OutboxList, OutboxMessage } from '@contract/provider';
import { Hono } from 'hono';
import { html } from 'hono/html';
import type { Database } from '../db/connect';
import { type ProxySettings, TrustedProxies } from '../http/clientAddress';
import { loopbackOnly } from '../http/loopbackOnly';
import { allow } from '../http/policy';
import { outboxMessages } from './store';

const LIMIT = 200;

async function messages(db: Database, to: string | undefined): Promise<OutboxMessage[]> {
  const rows = await outboxMessages(db, to?.trim() ? to.trim() : undefined, LIMIT);
  return rows.map((row) => ({
    id: row.id,
    channel: row.channel === 'sms' ? 'sms' : 'email',
    to: row.recipient,
    subject: row.subject,
    text: row.text,
    code: row.code,
    link: row.link,
    createdAt: row.createdAt.toISOString(),
  }));
}

/**
 * The development outbox: the e-mails and text messages the step-up provider "sent", newest first, at
 * /dev/outbox (HTML) and /dev/outbox.json (`?to=` filters by recipient). Mounted only when the outbox is the
 * delivery and DEV_OUTBOX allows it, and even then it answers only clients on this machine: the socket's peer
 * (or, behind a TRUST_PROXY proxy, the forwarded client) must be a loopback address; anyone else gets a 404,
 * as if it did not exist. A request relayed by a proxy we do not trust (it carries forwarding headers) is
 * refused too, so a reverse proxy on the same host does not make the outbox public.
 */
export function createOutboxRoutes({
  db,
  proxies = { trustProxy: TrustedProxies.none },
}: {
  db: Database;
  proxies?: ProxySettings;
}): Hono {
  const routes = new Hono();
  routes.use('/dev/*', loopbackOnly(proxies));
  routes.get('/dev/outbox.json', allow('public'), async (c) => {
    c.header('Cache-Control', 'no-store');
    return c.json({ messages: await messages(db, c.req.query('to')) } satisfies OutboxList);
  });
  routes.get('/dev/outbox', allow('public'), async (c) => {
    const list = await messages(db, c.req.query('to'));
    c.header('Cache-Control', 'no-store');
    return c.html(html`<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>Outbox</title>
    <style>
      body { font-family: system-ui, sans-serif; margin: 2rem auto; max-width: 48rem; padding: 0 1rem; color: #111; }
      article { border: 1px solid #ddd; border-radius: 8px; padding: 0.75rem 1rem; margin: 0 0 1rem; }
      header { display: flex; gap: 1rem; flex-wrap: wrap; color: #555; font-size: 0.9rem; }
      pre { white-space: pre-wrap; word-break: break-word; font: inherit; margin: 0.5rem 0 0; }
      .code { font: 600 1.4rem ui-monospace, monospace; letter-spacing: 0.2em; }
    </style>
  </head>
  <body>
    <h1>Outbox</h1>
    <p>Messages the step-up provider sent while no e-mail or SMS provider is configured, newest first.
      As JSON: <a href="/dev/outbox.json">/dev/outbox.json</a>.</p>
    ${list.length === 0 ? html`<p>No messages yet.</p>` : ''}
    ${list.map(
      (m) => html`<article data-testid="outbox-message">
        <header>
          <strong>${m.channel === 'sms' ? 'SMS' : 'E-mail'}</strong>
          <span>To: ${m.to}</span>
          <time datetime="${m.createdAt}">${m.createdAt}</time>
        </header>
        ${m.subject ? html`<h2>${m.subject}</h2>` : ''}
        ${m.code ? html`<p class="code">${m.code}</p>` : ''}
        ${m.link ? html`<p><a href="${m.link}">${m.link}</a></p>` : ''}
        <pre>${m.text}</pre>
      </article>`,
    )}
  </body>
</html>`);
  });
  return routes;
}

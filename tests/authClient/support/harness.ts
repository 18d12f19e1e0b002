import { randomUUID } from 'node:crypto';
import { OutboxListSchema, type OutboxMessage } from '@contract/provider';
import { createApp } from '@server/app';
import { builtInStepUpProvider, createStepUp, readProviderConfig } from '@server/provider';
import { type AuthClientConfig, createAuthClient } from '@src/auth-client';
import { sql } from 'drizzle-orm';
import * as v from 'valibot';
import { vi } from 'vitest';
import { freshDatabase } from '../../support/db';
import { ORIGIN, socketEnv, TEST_CONFIG, testDeps } from '../../support/http';

export interface SeenRequest {
  method: string;
  path: string;
  authorization: string | null;
  body: unknown;
  at: number;
}

/**
 * The REAL built-in provider (server/provider, mounted in the app at /provider/v1 on a private copy of the
 * seeded PostgreSQL database) and clients of it: the client library's `fetch` goes to the Hono app in-process.
 * Tokens come from the server's in-process adapter (`track`, `enrollmentToken`), like the app server does.
 */
export async function providerHarness() {
  const { db } = await freshDatabase();
  const providerConfig = { ...readProviderConfig({}), publicOrigin: undefined };
  const stepUp = createStepUp(db, providerConfig, { factory: builtInStepUpProvider });
  const app = createApp({ ...testDeps(db), config: { ...TEST_CONFIG, provider: providerConfig }, stepUp });
  const requests: SeenRequest[] = [];

  const fetch = (async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input));
    requests.push({
      method: init.method ?? 'GET',
      path: url.pathname.replace(providerConfig.basePath, ''),
      authorization: new Headers(init.headers).get('authorization'),
      body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
      at: Date.now(),
    });
    return app.request(url.href, init);
  }) as typeof globalThis.fetch;

  function client(config: Partial<AuthClientConfig> = {}) {
    return createAuthClient({
      tenantId: stepUp.provider.tenantId,
      baseUrl: `${ORIGIN}${providerConfig.basePath}`,
      fetch,
      ...config,
    });
  }

  /** The messages sent to `to`, newest first, read from /dev/outbox.json like a person reads the inbox. */
  async function outbox(to: string): Promise<OutboxMessage[]> {
    const res = await app.request(`${ORIGIN}/dev/outbox.json?to=${encodeURIComponent(to)}`, {}, socketEnv());
    return v.parse(OutboxListSchema, await res.json()).messages;
  }

  async function latestCode(to: string): Promise<string> {
    const [message] = await outbox(to);
    if (!message?.code) throw new Error(`no code was sent to ${to}`);
    return message.code;
  }

  async function latestLink(to: string): Promise<string> {
    const [message] = await outbox(to);
    if (!message?.link) throw new Error(`no link was sent to ${to}`);
    return message.link;
  }

  /** Opens a link from the outbox (the magic-link page), as the user's browser would. */
  function follow(link: string) {
    return app.request(link);
  }

  /** The 30-second resend cooldown passes (sent codes and links are moved into the past). */
  async function skipResendCooldown() {
    await db.execute(sql`UPDATE provider_send_log SET sent_at = sent_at - interval '31 seconds'`);
  }

  let n = 0;
  /** A new user of the app: its id and sign-in address. */
  function newUser() {
    n += 1;
    return { userId: randomUUID(), email: `user${n}-${randomUUID().slice(0, 8)}@example.test` };
  }

  return {
    db,
    app,
    provider: stepUp.provider,
    requests,
    client,
    outbox,
    latestCode,
    latestLink,
    follow,
    skipResendCooldown,
    newUser,
  };
}

/** An in-memory localStorage (Node has none) for the passkey device list. */
export function memoryStorage(): Storage {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    clear: () => items.clear(),
    getItem: (key) => items.get(key) ?? null,
    key: (index) => [...items.keys()][index] ?? null,
    removeItem: (key) => void items.delete(key),
    setItem: (key, value) => void items.set(key, String(value)),
  };
}

/** Moves the clock (Date only: the provider's token checks and the client's polling bounds) `ms` ahead, still ticking. */
export function clockAhead(ms: number) {
  const now = Date.now();
  vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true });
  vi.setSystemTime(now + ms);
}

import type { APIRequestContext, CDPSession, Page } from '@playwright/test';

/** One message of the development outbox (`/dev/outbox.json`), as the step-up provider "sent" it. */
export interface OutboxMessage {
  id: string;
  channel: 'email' | 'sms';
  to: string;
  subject: string | null;
  text: string;
  code: string | null;
  link: string | null;
  createdAt: string;
}

/**
 * Waits for a message to `to` that is not one of `seen` (the ids present before the action that sends it),
 * and returns it. The outbox lists newest first.
 */
export async function nextOutboxMessage(
  request: APIRequestContext,
  to: string,
  seen: ReadonlySet<string> = new Set(),
  timeoutMs = 10_000,
): Promise<OutboxMessage> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const response = await request.get(`/dev/outbox.json?to=${encodeURIComponent(to)}`);
    const { messages } = (await response.json()) as { messages: OutboxMessage[] };
    const fresh = messages.find((message) => !seen.has(message.id));
    if (fresh) return fresh;
    if (Date.now() > deadline) throw new Error(`No new outbox message to ${to} within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
}

/** The ids of the messages to `to` now, to tell the next one apart. */
export async function outboxIds(request: APIRequestContext, to: string): Promise<Set<string>> {
  const response = await request.get(`/dev/outbox.json?to=${encodeURIComponent(to)}`);
  const { messages } = (await response.json()) as { messages: OutboxMessage[] };
  return new Set(messages.map((message) => message.id));
}

export interface VirtualAuthenticator {
  cdp: CDPSession;
  authenticatorId: string;
  /** Whether the next ceremonies pass user verification (false: the browser refuses, as when cancelled). */
  setUserVerified(verified: boolean): Promise<void>;
  credentials(): Promise<{ credentialId: string; isResidentCredential: boolean; signCount: number }[]>;
}

/**
 * A CDP virtual authenticator: `passkey` is a platform authenticator (ctap2, internal transport, user
 * verification), `securityKey` a roaming one (ctap2 over USB). Browse http://localhost:<port> so the origin
 * matches the relying-party id `localhost`.
 */
export async function addVirtualAuthenticator(
  page: Page,
  kind: 'passkey' | 'securityKey',
): Promise<VirtualAuthenticator> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable', { enableUI: false });
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: kind === 'passkey' ? 'internal' : 'usb',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return {
    cdp,
    authenticatorId,
    setUserVerified: async (isUserVerified) => {
      await cdp.send('WebAuthn.setUserVerified', { authenticatorId, isUserVerified });
    },
    credentials: async () => {
      const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
      return credentials;
    },
  };
}

import { type APIRequestContext, type CDPSession, expect, type Page } from '@playwright/test';
import { withDatabase } from './db';

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
 * and returns it; with `accept`, the first such message it accepts (a code, not a notification e-mail that
 * went out at the same moment). The outbox lists newest first.
 */
export async function nextOutboxMessage(
  request: APIRequestContext,
  to: string,
  seen: ReadonlySet<string> = new Set(),
  timeoutMs = 30_000,
  accept: (message: OutboxMessage) => boolean = () => true,
): Promise<OutboxMessage> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const response = await request.get(`/dev/outbox.json?to=${encodeURIComponent(to)}`);
    const { messages } = (await response.json()) as { messages: OutboxMessage[] };
    const fresh = messages.find((message) => !seen.has(message.id) && accept(message));
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

/** The step-up dialog "Confirm it's you" (an Ark Dialog on wide screens, an Ark Drawer below 768 px). */
export const challengeDialog = (page: Page) => page.getByRole('dialog', { name: "Confirm it's you" });

/**
 * Runs `action` and waits until the step-up dialog has been shown and closed again. A passkey or security
 * key made by a virtual authenticator answers by itself: the dialog can open and close between two polls
 * of `toBeVisible`, so the page records its opening itself (a MutationObserver set up before the action).
 */
export async function passStepUpByDevice(page: Page, action: () => Promise<void>): Promise<void> {
  await page.evaluate((name) => {
    const w = window as unknown as { __challengeShown?: boolean; __challengeWatch?: MutationObserver };
    w.__challengeShown = false;
    w.__challengeWatch?.disconnect();
    const shown = () =>
      [...document.querySelectorAll('[role="dialog"]')].some((dialog) =>
        (dialog.getAttribute('aria-labelledby') ?? '')
          .split(' ')
          .some((id) => document.getElementById(id)?.textContent?.trim() === name),
      );
    w.__challengeWatch = new MutationObserver(() => {
      if (shown()) w.__challengeShown = true;
    });
    w.__challengeWatch.observe(document.body, { childList: true, subtree: true, attributes: true });
  }, "Confirm it's you");
  await action();
  await expect
    .poll(() => page.evaluate(() => (window as unknown as { __challengeShown?: boolean }).__challengeShown), {
      message: "the step-up dialog “Confirm it's you” was shown",
    })
    .toBe(true);
  await expect(challengeDialog(page)).toBeHidden();
}

/** The six slots of the dialog's code field (Ark PinInput). */
export const codeSlots = (page: Page) =>
  challengeDialog(page).getByRole('textbox', { name: /^Digit \d of 6$/ });

/**
 * Forgets the provider's sends to `recipient` (provider_send_log): its 30-second resend cooldown and its
 * 5-sends-per-10-minutes limit are per recipient, and the journeys challenge the same demo address several
 * times within a run. Arranging state the product has no UI for, like `withDatabase` elsewhere; the limits
 * themselves are covered by the provider's API tests.
 */
export async function clearSendLog(recipient: string): Promise<void> {
  await withDatabase((db) => db.query('DELETE FROM provider_send_log WHERE recipient = $1', [recipient]));
}

/** Types a code into the dialog's code field, from its first slot (the field moves on by itself). */
export async function typeCode(page: Page, code: string): Promise<void> {
  await codeSlots(page).first().click();
  await page.keyboard.type(code);
}

/**
 * Runs `trigger` (the click that asks for a risky action), then completes the step-up it opens for a user
 * without authenticators: the e-mail code view, with the code read from the dev outbox. Resolves once the
 * dialog has closed with success. With `description`, the dialog must say what is being confirmed (the line
 * under its title, issue 11).
 */
export async function confirmWithEmailCode(
  page: Page,
  email: string,
  trigger: () => Promise<void>,
  description?: string,
): Promise<void> {
  await clearSendLog(email);
  const seen = await outboxIds(page.request, email);
  await trigger();
  const dialog = challengeDialog(page);
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText(`Enter the code sent to ${email} to proceed.`)).toBeVisible();
  if (description !== undefined) await expect(dialog).toHaveAccessibleDescription(description);
  // The code's message: a notification e-mail to the same person may arrive beside it.
  const message = await nextOutboxMessage(page.request, email, seen, 30_000, (m) => m.code !== null);
  expect(message.code, message.text).toMatch(/^\d{6}$/);
  await typeCode(page, message.code ?? '');
  await expect(dialog).toHaveCount(0);
}

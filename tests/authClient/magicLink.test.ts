import { CLIENT_ERROR_MESSAGES, MAGIC_LINK_POLL_INTERVAL_MS } from '@src/auth-client';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { clockAhead, providerHarness } from './support/harness';

/** E-mail magic links against the real provider: the link is followed from the outbox while the client polls. */

let h: Awaited<ReturnType<typeof providerHarness>>;
beforeAll(async () => {
  h = await providerHarness();
});
/** Stops a poll a failed test left running. */
let cleanup = new AbortController();
afterEach(() => {
  cleanup.abort();
  cleanup = new AbortController();
  vi.useRealTimers();
});

const FINALIZE = '/client/verify/email-magic-link/finalize';

/** The finalize polls made since request number `start` with `token` (tests poll with their own token). */
function finalizeRequestsSince(start: number, token: string) {
  return h.requests.slice(start).filter((r) => r.path === FINALIZE && r.authorization === `Bearer ${token}`);
}

/** A user with a confirmed magic-link address and a fresh step-up token for `action`. */
async function enrolledUser(action: string) {
  const user = h.newUser();
  const client = h.client();
  client.setToken(await h.provider.enrollmentToken(user));
  expect((await client.emailMagicLink.enroll({ email: user.email })).error).toBeUndefined();
  expect((await h.follow(await h.latestLink(user.email))).status).toBe(200);
  expect((await client.emailMagicLink.checkVerificationStatus()).data).toMatchObject({ isVerified: true });
  await h.skipResendCooldown();
  const challenge = await h.provider.track({ ...user, action });
  expect(challenge.verificationMethods).toEqual(['EMAIL_MAGIC_LINK']);
  client.setToken(challenge.token);
  return { user, client, challenge };
}

describe('e-mail magic link', () => {
  it('polls finalize every 1000 ms until the link from the outbox is followed, then returns the verified token', async () => {
    const { user, client, challenge } = await enrolledUser('launchCampaign');
    const sent = await client.emailMagicLink.challenge();
    expect(sent.error).toBeUndefined();
    expect(h.requests.at(-1)).toMatchObject({ path: '/client/challenge/email-magic-link', body: undefined });

    const start = h.requests.length;
    const polling = client.emailMagicLink.checkVerificationStatus({ signal: cleanup.signal });
    await vi.waitFor(
      () => expect(finalizeRequestsSince(start, challenge.token).length).toBeGreaterThanOrEqual(2),
      {
        timeout: 15_000,
      },
    );
    const page = await h.follow(await h.latestLink(user.email));
    expect(page.status).toBe(200);
    expect(await page.text()).toMatch(/You(&#39;|')re verified\. You can close this tab\./);

    const result = await polling;
    expect(result.data).toMatchObject({ isVerified: true, userId: user.userId, token: expect.any(String) });
    expect(client.token).toBe(result.data!.token);
    const polls = finalizeRequestsSince(start, challenge.token);
    expect(polls.every((p) => p.body && Object.keys(p.body as object).length === 0)).toBe(true);
    expect(polls.every((p) => p.authorization === `Bearer ${challenge.token}`)).toBe(true);
    for (let i = 1; i < polls.length; i++)
      expect(polls[i]!.at - polls[i - 1]!.at).toBeGreaterThanOrEqual(MAGIC_LINK_POLL_INTERVAL_MS - 20);
    expect(MAGIC_LINK_POLL_INTERVAL_MS).toBe(1000);
    expect(
      await h.provider.validate(result.data!.token!, { userId: user.userId, action: 'launchCampaign' }),
    ).toMatchObject({ ok: true });
    // The link works once.
    expect((await h.follow(await h.latestLink(user.email))).status).toBe(410);
  });

  it('gives up after maxDurationMs without a verification', async () => {
    const { client, challenge } = await enrolledUser('deleteCampaign');
    await client.emailMagicLink.challenge();
    const start = h.requests.length;
    const began = Date.now();
    const result = await client.emailMagicLink.checkVerificationStatus({ maxDurationMs: 2500 });
    expect(result).toEqual({
      error: 'POLLING_TIMED_OUT',
      errorCode: 'POLLING_TIMED_OUT',
      errorDescription: CLIENT_ERROR_MESSAGES.POLLING_TIMED_OUT,
    });
    expect(finalizeRequestsSince(start, challenge.token)).toHaveLength(3); // at 0, 1000 and 2000 ms
    expect(Date.now() - began).toBeLessThan(3000);
  });

  it('is bounded by default by what is left of the token’s 10-minute lifetime', async () => {
    const { client, challenge } = await enrolledUser('deleteCustomer');
    await client.emailMagicLink.challenge();
    const { exp } = JSON.parse(Buffer.from(challenge.token.split('.')[1]!, 'base64url').toString());
    clockAhead(exp * 1000 - 1_500 - Date.now()); // 1.5 s of the token left
    const start = h.requests.length;
    const result = await client.emailMagicLink.checkVerificationStatus();
    expect(result).toMatchObject({ error: 'POLLING_TIMED_OUT' });
    expect(finalizeRequestsSince(start, challenge.token)).toHaveLength(2);
  });

  it('stops at once when its AbortSignal fires', async () => {
    const { client, challenge } = await enrolledUser('launchCampaign');
    await client.emailMagicLink.challenge();
    const controller = new AbortController();
    const start = h.requests.length;
    const polling = client.emailMagicLink.checkVerificationStatus({ signal: controller.signal });
    await vi.waitFor(() => expect(finalizeRequestsSince(start, challenge.token)).toHaveLength(1));
    const abortedAt = Date.now();
    controller.abort();
    expect(await polling).toEqual({
      error: 'POLLING_ABORTED',
      errorCode: 'POLLING_ABORTED',
      errorDescription: CLIENT_ERROR_MESSAGES.POLLING_ABORTED,
    });
    expect(Date.now() - abortedAt).toBeLessThan(200);
    await new Promise((resolve) => setTimeout(resolve, 1200));
    expect(finalizeRequestsSince(start, challenge.token)).toHaveLength(1);
  });

  it('stops on the first error (no link pending) after a single request', async () => {
    const { client, challenge } = await enrolledUser('deleteCampaign');
    const start = h.requests.length;
    const result = await client.emailMagicLink.checkVerificationStatus();
    expect(result).toMatchObject({
      error: 'not_found',
      errorDescription: expect.stringContaining('No magic link'),
    });
    expect(finalizeRequestsSince(start, challenge.token)).toHaveLength(1);
  });
});

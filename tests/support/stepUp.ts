import { CHALLENGE_REQUIRED } from '@contract/stepUp';
import type { Database } from '@server/db/connect';
import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { TestClient } from './http';

/**
 * What the challenge dialog does for a user without authenticators: e-mail OTP, code from the outbox; the
 * verified token it answers.
 */
export async function verifyByEmail(
  db: Database,
  client: TestClient,
  challengeToken: string,
  email: string,
): Promise<string> {
  const bearer = { authorization: `Bearer ${challengeToken}` };
  // Each test asks for a new code at once; the provider's 30-second resend cooldown is not the subject here.
  await db.execute(sql`DELETE FROM provider_send_log`);
  const sent = await client.post('/provider/v1/client/challenge/email-otp', {}, bearer);
  expect(sent.status).toBe(200);
  const outbox = await client.get<{ messages: { code: string | null }[] }>(
    `/dev/outbox.json?to=${encodeURIComponent(email)}`,
  );
  const code = outbox.body.messages[0]?.code;
  expect(code).toMatch(/^\d{6}$/);
  const verified = await client.post<{ accessToken: string }>(
    '/provider/v1/client/verify/email-otp',
    { verificationCode: code },
    bearer,
  );
  expect(verified.status).toBe(200);
  return verified.body.accessToken;
}

/** The challenge of a 403 CHALLENGE_REQUIRED answer (fails the test on any other answer). */
export function challengeOf(res: { status: number; body: any }) {
  expect(res.status).toBe(403);
  expect(res.body.errorCode).toBe(CHALLENGE_REQUIRED);
  return res.body.challenge as {
    token: string;
    user: { email: string };
    verificationMethods: string[];
    description?: string;
  };
}

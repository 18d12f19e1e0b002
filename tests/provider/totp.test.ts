import { sql } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import { describe, expect, it } from 'vitest';
import { freshDatabase } from '../support/db';
import { expectProviderError, providerHarness } from './support';

const { db } = await freshDatabase();
const h = await providerHarness(db);

const codeAt = (secret: string, offsetSteps = 0) =>
  TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: Date.now() + offsetSteps * 30_000 });

async function enrolTotp() {
  const user = await h.enrolledUser();
  const res = await h.post('/client/user-authenticators/totp', { token: user.token });
  expect(res.status).toBe(200);
  return {
    ...user,
    secret: res.body.secret as string,
    uri: res.body.uri as string,
    id: res.body.userAuthenticatorId,
  };
}

describe('authenticator app (TOTP)', () => {
  it('enrols with no body: an otpauth:// URI (SHA1, 6 digits, 30 s) and its base32 secret', async () => {
    const user = await h.enrolledUser('totp@example.test');
    const res = await h.client.request('POST', '/provider/v1/client/user-authenticators/totp', undefined, {
      authorization: `Bearer ${user.token}`,
    });
    expect(res.status).toBe(200);
    expect(res.body.secret).toMatch(/^[A-Z2-7]{32}$/);
    const uri = new URL(res.body.uri);
    expect(uri.protocol).toBe('otpauth:');
    expect(uri.host).toBe('totp');
    expect(decodeURIComponent(uri.pathname)).toBe('/Flightplan:totp@example.test');
    expect(uri.searchParams.get('secret')).toBe(res.body.secret);
    expect(uri.searchParams.get('digits')).toBe('6');
    expect(uri.searchParams.get('period')).toBe('30');
    expect(uri.searchParams.get('algorithm')).toBe('SHA1');
  });

  it('keeps the secret encrypted at rest (AES-256-GCM)', async () => {
    const user = await enrolTotp();
    const rows = await db.execute<{ totp_secret_encrypted: string }>(
      sql`SELECT totp_secret_encrypted FROM provider_authenticators WHERE id = ${user.id}`,
    );
    const stored = rows.rows[0]?.totp_secret_encrypted ?? '';
    expect(stored.split('.')).toHaveLength(3);
    expect(stored).not.toContain(user.secret);
  });

  it('confirms the enrolment with the first code, then verifies step-ups; a used step is refused again', async () => {
    const user = await enrolTotp();
    expect(await h.provider.listAuthenticators(user.userId)).toEqual([]);
    const code = codeAt(user.secret);
    const confirm = await h.post('/client/verify/totp', { token: user.token }, { verificationCode: code });
    expect(confirm.status).toBe(200);
    expect(confirm.body).toMatchObject({
      isVerified: true,
      userAuthenticatorId: user.id,
      userAuthenticator: { verificationMethod: 'AUTHENTICATOR_APP', isVerified: true },
    });
    expect((await h.provider.listAuthenticators(user.userId)).map((a) => a.verificationMethod)).toEqual([
      'AUTHENTICATOR_APP',
    ]);

    const options = await h.provider.track({
      userId: user.userId,
      email: user.email,
      action: 'deleteCampaign',
    });
    expect(options.verificationMethods).toEqual(['AUTHENTICATOR_APP']);
    const replay = await h.post('/client/verify/totp', { token: options.token }, { verificationCode: code });
    expect(replay.status).toBe(400);
    expectProviderError(replay.body, 'invalid_code', 'code_already_used');

    // The next step's code (within the ±1 window) is accepted once.
    const next = codeAt(user.secret, 1);
    const ok = await h.post('/client/verify/totp', { token: options.token }, { verificationCode: next });
    expect(ok.status).toBe(200);
    expect(
      await h.provider.validate(ok.body.accessToken, { userId: user.userId, action: 'deleteCampaign' }),
    ).toMatchObject({ ok: true });
    // An earlier step (the previous one, still in the window) is refused after a later one was used.
    const earlier = await h.post(
      '/client/verify/totp',
      { token: options.token },
      { verificationCode: codeAt(user.secret, -1) },
    );
    expect(earlier.status).toBe(400);
  });

  it('accepts ±1 step and refuses codes two steps away', async () => {
    const user = await enrolTotp();
    const far = await h.post(
      '/client/verify/totp',
      { token: user.token },
      { verificationCode: codeAt(user.secret, 2) },
    );
    expect(far.status).toBe(400);
    expectProviderError(far.body, 'invalid_code');
    const previous = await h.post(
      '/client/verify/totp',
      { token: user.token },
      { verificationCode: codeAt(user.secret, -1) },
    );
    expect(previous.status).toBe(200);
  });

  it('a challenge token cannot confirm an unconfirmed enrolment', async () => {
    const user = await enrolTotp();
    const { token } = await h.provider.track({
      userId: user.userId,
      email: user.email,
      action: 'launchCampaign',
    });
    const res = await h.post('/client/verify/totp', { token }, { verificationCode: codeAt(user.secret) });
    expect(res.status).toBe(400);
    expectProviderError(res.body, 'invalid_request', 'not_enrolled');
  });

  it('locks after 5 wrong codes', async () => {
    const user = await enrolTotp();
    const right = codeAt(user.secret);
    const wrongCode = right === '000000' ? '111111' : '000000';
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) {
      const res = await h.post('/client/verify/totp', { token: user.token }, { verificationCode: wrongCode });
      statuses.push(res.status);
      if (i < 4) expect(res.body.attemptsRemaining).toBe(4 - i);
    }
    expect(statuses).toEqual([400, 400, 400, 400, 423]);
    const locked = await h.post('/client/verify/totp', { token: user.token }, { verificationCode: right });
    expect(locked.status).toBe(423);
    expectProviderError(locked.body, 'locked');
  });
});

import { CLIENT_ERROR_MESSAGES } from '@src/auth-client';
import { TOTP, URI } from 'otpauth';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { clockAhead, providerHarness } from './support/harness';

/** The client library against the real built-in provider: code-based methods, tokens, errors. */

let h: Awaited<ReturnType<typeof providerHarness>>;
beforeAll(async () => {
  h = await providerHarness();
});
afterEach(() => {
  vi.useRealTimers();
});

function totpFrom(uri: string) {
  const totp = URI.parse(uri);
  if (!(totp instanceof TOTP)) throw new Error('not a TOTP uri');
  return totp;
}

describe('authenticator app (TOTP)', () => {
  it('enrols (otpauth URI + secret), confirms with a first code, then verifies a step-up; the token passes the app server once', async () => {
    const user = h.newUser();
    const client = h.client();
    client.setToken(await h.provider.enrollmentToken(user));
    const enrolled = await client.totp.enroll();
    expect(enrolled.error).toBeUndefined();
    expect(enrolled.data!.uri).toMatch(/^otpauth:\/\/totp\//);
    expect(enrolled.data!.secret).toMatch(/^[A-Z2-7]+=*$/);
    const totp = totpFrom(enrolled.data!.uri!);
    expect(totp.secret.base32).toBe(enrolled.data!.secret);
    expect(h.requests.at(-1)).toMatchObject({
      method: 'POST',
      path: '/client/user-authenticators/totp',
      body: undefined,
    });

    const enrolToken = client.token;
    const confirmed = await client.totp.verify({ code: totp.generate() });
    expect(confirmed.error).toBeUndefined();
    expect(confirmed.data).toMatchObject({ isVerified: true, userId: user.userId });
    expect(confirmed.data!.userAuthenticator).toMatchObject({
      verificationMethod: 'AUTHENTICATOR_APP',
      isVerified: true,
    });
    expect(confirmed.data!.token).toEqual(expect.any(String));
    expect(client.token).toBe(confirmed.data!.token);
    expect(client.token).not.toBe(enrolToken);

    // A step-up for a risky action: the app server tracks it, the dialog's client verifies with the next code.
    const challenge = await h.provider.track({ ...user, action: 'launchCampaign' });
    expect(challenge.verificationMethods).toEqual(['AUTHENTICATOR_APP']);
    client.setToken(challenge.token);
    const nextStepCode = totp.generate({ timestamp: Date.now() + 30_000 });
    const verified = await client.totp.verify({ code: nextStepCode });
    expect(verified.data).toMatchObject({ isVerified: true, token: expect.any(String) });
    expect(h.requests.at(-1)).toMatchObject({
      path: '/client/verify/totp',
      body: { verificationCode: nextStepCode },
      authorization: `Bearer ${challenge.token}`,
    });
    const token = verified.data!.token!;
    expect(await h.provider.validate(token, { userId: user.userId, action: 'launchCampaign' })).toMatchObject(
      { ok: true },
    );
    expect(await h.provider.validate(token, { userId: user.userId, action: 'launchCampaign' })).toMatchObject(
      { ok: false },
    );
  });

  it('returns a wrong code as an error with the attempts left, and keeps the current token', async () => {
    const user = h.newUser();
    const client = h.client();
    client.setToken(await h.provider.enrollmentToken(user));
    const { data } = await client.totp.enroll();
    const right = totpFrom(data!.uri!).generate();
    const wrong = right === '000000' ? '111111' : '000000';
    const before = client.token;
    const result = await client.totp.verify({ code: wrong });
    expect(result).toMatchObject({ error: 'invalid_code', errorDescription: expect.any(String) });
    expect(result.data).toBeUndefined();
    expect(client.token).toBe(before);
  });
});

describe('e-mail OTP', () => {
  it('enrols an address with the code mailed to it, and challenges + verifies a step-up', async () => {
    const user = h.newUser();
    const client = h.client();
    client.setToken(await h.provider.enrollmentToken(user));
    const address = `otp-${user.email}`;
    const enrolled = await client.emailOtp.enroll({ email: address });
    expect(enrolled.error).toBeUndefined();
    expect(enrolled.data).toMatchObject({ challengeId: expect.any(String), retryAfterSeconds: 30 });
    const confirmed = await client.emailOtp.verify({ code: await h.latestCode(address) });
    expect(confirmed.data).toMatchObject({ isVerified: true, token: expect.any(String) });
    expect(confirmed.data!.userAuthenticator).toMatchObject({
      verificationMethod: 'EMAIL_OTP',
      email: address,
    });

    await h.skipResendCooldown();
    const challenge = await h.provider.track({ ...user, action: 'deleteCampaign' });
    expect(challenge.verificationMethods).toEqual(['EMAIL_OTP']);
    client.setToken(challenge.token);
    const sent = await client.emailOtp.challenge();
    expect(sent.error).toBeUndefined();
    expect(h.requests.at(-1)).toMatchObject({ path: '/client/challenge/email-otp', body: undefined });
    const verified = await client.emailOtp.verify({ code: await h.latestCode(address) });
    expect(verified.data).toMatchObject({ isVerified: true });
    expect(client.token).toBe(verified.data!.token);
    expect(
      await h.provider.validate(client.token!, { userId: user.userId, action: 'deleteCampaign' }),
    ).toMatchObject({ ok: true });
  });

  it('challenges a user without authenticators at their sign-in address; a resend within the cooldown is an error with retryAfterSeconds', async () => {
    const user = h.newUser();
    const client = h.client();
    const challenge = await h.provider.track({ ...user, action: 'deleteCustomer' });
    expect(challenge).toMatchObject({ verificationMethods: ['EMAIL_OTP'], user: { email: user.email } });
    client.setToken(challenge.token);
    expect((await client.emailOtp.challenge()).error).toBeUndefined();
    const again = await client.emailOtp.challenge();
    expect(again).toMatchObject({ error: 'rate_limited', retryAfterSeconds: expect.any(Number) });
    const verified = await client.emailOtp.verify({ code: await h.latestCode(user.email) });
    expect(verified.data).toMatchObject({ isVerified: true, userId: user.userId, token: expect.any(String) });
  });
});

describe('SMS', () => {
  it('enrols a phone number with the texted code, and challenges + verifies a step-up', async () => {
    const user = h.newUser();
    const phone = `+1415555${String(Math.floor(Math.random() * 10_000)).padStart(4, '0')}`;
    const client = h.client();
    client.setToken(await h.provider.enrollmentToken(user));
    const enrolled = await client.sms.enroll({ phoneNumber: phone });
    expect(enrolled.error).toBeUndefined();
    expect(h.requests.at(-1)).toMatchObject({
      path: '/client/user-authenticators/sms',
      body: { phoneNumber: phone },
    });
    const [message] = await h.outbox(phone);
    expect(message).toMatchObject({ channel: 'sms', to: phone, code: expect.stringMatching(/^\d{6}$/) });
    const confirmed = await client.sms.verify({ code: message!.code! });
    expect(confirmed.data!.userAuthenticator).toMatchObject({
      verificationMethod: 'SMS',
      phoneNumber: phone,
    });

    await h.skipResendCooldown();
    const challenge = await h.provider.track({ ...user, action: 'launchCampaign' });
    expect(challenge).toMatchObject({ verificationMethods: ['SMS'], user: { phoneNumber: phone } });
    client.setToken(challenge.token);
    expect((await client.sms.challenge()).error).toBeUndefined();
    const verified = await client.sms.verify({ code: await h.latestCode(phone) });
    expect(verified.data).toMatchObject({ isVerified: true, token: expect.any(String) });
    expect(
      await h.provider.validate(verified.data!.token!, { userId: user.userId, action: 'launchCampaign' }),
    ).toMatchObject({ ok: true });
  });

  it('returns the provider’s validation error for a malformed number', async () => {
    const client = h.client();
    client.setToken(await h.provider.enrollmentToken(h.newUser()));
    const result = await client.sms.enroll({ phoneNumber: '12' });
    expect(result).toMatchObject({
      error: 'invalid_request',
      errorDescription: expect.stringContaining('international format'),
    });
  });
});

describe('tokens and rules', () => {
  it('answers TOKEN_NOT_SET without sending a request', async () => {
    const client = h.client();
    const before = h.requests.length;
    const results = await Promise.all([
      client.totp.verify({ code: '123456' }),
      client.emailOtp.challenge(),
      client.sms.enroll({ phoneNumber: '+14155550123' }),
      client.emailMagicLink.checkVerificationStatus(),
      client.securityKey.verify(),
      client.challenge({ action: 'launchCampaign' }),
    ]);
    for (const result of results)
      expect(result).toEqual({
        error: 'TOKEN_NOT_SET',
        errorCode: 'TOKEN_NOT_SET',
        errorDescription: CLIENT_ERROR_MESSAGES.TOKEN_NOT_SET,
      });
    expect(h.requests.length).toBe(before);
  });

  it('an expired token (10 minutes later) comes back as expired_token and calls onTokenExpired', async () => {
    const user = h.newUser();
    const onTokenExpired = vi.fn();
    const client = h.client({ onTokenExpired });
    client.setToken((await h.provider.track({ ...user, action: 'launchCampaign' })).token);
    clockAhead(10 * 60_000 + 5_000);
    const result = await client.emailOtp.challenge();
    expect(result).toMatchObject({ errorCode: 'expired_token', errorDescription: expect.any(String) });
    expect(onTokenExpired).toHaveBeenCalledTimes(1);
  });

  it('challenge({action}) with the token of that action answers a challengeId; another action is refused', async () => {
    const user = h.newUser();
    const client = h.client();
    client.setToken((await h.provider.track({ ...user, action: 'launchCampaign' })).token);
    const ok = await client.challenge({ action: 'launchCampaign' });
    expect(ok.data).toEqual({ challengeId: expect.any(String) });
    expect(h.requests.at(-1)).toMatchObject({
      path: '/client/challenge',
      body: { action: 'launchCampaign' },
    });
    expect(await client.challenge({ action: 'deleteCampaign' })).toMatchObject({ error: 'invalid_request' });
  });
});

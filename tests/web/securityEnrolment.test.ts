import type { AuthClient, AuthResponse, AuthResult } from '@src/auth-client';
import { createEnrolmentServices, ENROLMENT_EXPIRED_MESSAGE } from '@src/features/security/enrolment';
import { describe, expect, it, vi } from 'vitest';

/** A stand-in for the client library: records setToken and answers each call as told. */
function fakeClient(answers: Partial<Record<string, () => AuthResponse<AuthResult>>>) {
  const tokens: string[] = [];
  const calls: { name: string; args: unknown }[] = [];
  const call =
    (name: string) =>
    async (args?: unknown): Promise<AuthResponse<AuthResult>> => {
      calls.push({ name, args });
      return answers[name]?.() ?? { data: {} };
    };
  const client = {
    setToken: (token: string) => tokens.push(token),
    passkey: { signUp: call('passkey.signUp') },
    securityKey: { enroll: call('securityKey.enroll') },
    totp: { enroll: call('totp.enroll'), verify: call('totp.verify') },
    emailOtp: { enroll: call('emailOtp.enroll'), verify: call('emailOtp.verify') },
    sms: { enroll: call('sms.enroll'), verify: call('sms.verify') },
    emailMagicLink: {
      enroll: call('emailMagicLink.enroll'),
      checkVerificationStatus: call('emailMagicLink.checkVerificationStatus'),
    },
  } as unknown as AuthClient;
  return { client, tokens, calls };
}

/** The enrolment token the page got after the step-up (the dialog opens with it). */
const ENROLMENT = { token: 'enrol-1', baseUrl: '/provider/v1', tenantId: 'flightplan-local' };

function services(answers: Parameters<typeof fakeClient>[0]) {
  const fake = fakeClient(answers);
  const factory = vi.fn(() => fake.client);
  const built = createEnrolmentServices({ username: () => 'dana@example.com', clientFactory: factory });
  return { ...fake, factory, services: built };
}

describe('enrolment services', () => {
  it('sets the dialog’s enrolment token for every method started, on one client per provider', async () => {
    const s = services({
      'totp.enroll': () => ({ data: { uri: 'otpauth://totp/x?secret=AB', secret: 'AB' } }),
    });
    await s.services.registerCredential('PASSKEY', ENROLMENT);
    await s.services.startApp({ ...ENROLMENT, token: 'enrol-2' });
    expect(s.tokens).toEqual(['enrol-1', 'enrol-2']);
    expect(s.factory).toHaveBeenCalledTimes(1);
    expect(s.factory).toHaveBeenCalledWith({ tenantId: 'flightplan-local', baseUrl: '/provider/v1' });
    expect(s.calls[0]).toEqual({ name: 'passkey.signUp', args: { username: 'dana@example.com' } });
  });

  it('says a cancelled ceremony and an already registered key in words a person can act on', async () => {
    const s = services({
      'passkey.signUp': () => ({ error: 'CEREMONY_ABORTED', errorCode: 'CEREMONY_ABORTED' }),
      'securityKey.enroll': () => ({
        error: 'AUTHENTICATOR_PREVIOUSLY_REGISTERED',
        errorCode: 'AUTHENTICATOR_PREVIOUSLY_REGISTERED',
      }),
    });
    await expect(s.services.registerCredential('PASSKEY', ENROLMENT)).rejects.toMatchObject({
      message: 'The passkey was not added: the browser’s prompt was closed or timed out.',
      errorCode: 'CEREMONY_ABORTED',
    });
    await expect(s.services.registerCredential('SECURITY_KEY', ENROLMENT)).rejects.toMatchObject({
      message: 'This security key is already one of your sign-in methods.',
    });
  });

  it('turns the provider’s answers to a code into verified, wrong (attempts left) or refused (why)', async () => {
    const answers: (() => AuthResponse<AuthResult>)[] = [
      () => ({
        error: 'invalid_code',
        errorCode: 'invalid_code',
        errorDescription: 'No',
        attemptsRemaining: 3,
      }),
      () => ({ data: { isVerified: false, attemptsRemaining: 2 } }),
      () => ({ error: 'locked', errorCode: 'locked', errorDescription: 'Too many wrong codes.' }),
      () => ({ error: 'invalid_token', errorCode: 'expired_token', errorDescription: 'Token expired' }),
      () => ({ data: { isVerified: true, token: 'verified' } }),
    ];
    const s = services({ 'sms.verify': () => (answers.shift() as () => AuthResponse<AuthResult>)() });
    await s.services.sendCode('SMS', '+1 (415) 555-0123', ENROLMENT);
    expect(await s.services.verifyCode('SMS', '111111')).toEqual({ verified: false, attemptsRemaining: 3 });
    expect(await s.services.verifyCode('SMS', '222222')).toEqual({ verified: false, attemptsRemaining: 2 });
    expect(await s.services.verifyCode('SMS', '333333')).toEqual({
      verified: false,
      message: 'Too many wrong codes.',
    });
    expect(await s.services.verifyCode('SMS', '444444')).toEqual({
      verified: false,
      message: ENROLMENT_EXPIRED_MESSAGE,
    });
    expect(await s.services.verifyCode('SMS', '555555')).toEqual({ verified: true });
  });

  it('sends codes and links to the address as the provider stores it, and rejects a refusal with its reason', async () => {
    const s = services({
      'emailOtp.enroll': () => ({
        error: 'rate_limited',
        errorCode: 'resend_cooldown',
        errorDescription: 'Wait 12 seconds.',
        retryAfterSeconds: 12,
      }),
    });
    expect(await s.services.sendCode('SMS', '+1 (415) 555-0123', ENROLMENT)).toEqual({
      address: '+14155550123',
    });
    expect(await s.services.sendCode('EMAIL_MAGIC_LINK', ' Dana@Example.com ', ENROLMENT)).toEqual({
      address: 'dana@example.com',
    });
    await expect(s.services.sendCode('EMAIL_OTP', 'dana@example.com', ENROLMENT)).rejects.toMatchObject({
      status: 400,
      message: 'Wait 12 seconds.',
      errorCode: 'resend_cooldown',
    });
    expect(s.calls.map((c) => c.name)).toEqual(['sms.enroll', 'emailMagicLink.enroll', 'emailOtp.enroll']);
  });

  it('waits for the magic link with the given signal and rejects when it was not used in time', async () => {
    const s = services({
      'emailMagicLink.checkVerificationStatus': () => ({
        error: 'POLLING_TIMED_OUT',
        errorCode: 'POLLING_TIMED_OUT',
        errorDescription: 'The verification link was not used in time',
      }),
    });
    const controller = new AbortController();
    await s.services.sendCode('EMAIL_MAGIC_LINK', 'dana@example.com', ENROLMENT);
    await expect(s.services.waitForLink(controller.signal)).rejects.toMatchObject({
      message: 'The verification link was not used in time',
    });
    expect(s.calls.at(-1)).toEqual({
      name: 'emailMagicLink.checkVerificationStatus',
      args: { signal: controller.signal },
    });
  });
});

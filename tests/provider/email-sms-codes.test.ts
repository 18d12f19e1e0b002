import { type AddressInfo, createServer } from 'node:net';
import { createApp, isServerRoute } from '@server/app';
import { createStepUp, readProviderConfig } from '@server/provider';
import { builtInStepUpProvider } from '@server/provider/adapter';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { freshDatabase } from '../support/db';
import { TEST_CONFIG, TestClient, testDeps } from '../support/http';
import { expectProviderError, providerHarness } from './support';

const { db } = await freshDatabase();
const h = await providerHarness(db);

/** A code that differs from `code` in every digit. */
const wrong = (code: string) => code.replace(/\d/g, (d) => String((Number(d) + 1) % 10));

describe('e-mail OTP', () => {
  it('enrols an address: sends a 6-digit code to the outbox, the code confirms it and answers a fresh verified token', async () => {
    const user = await h.enrolledUser();
    const enrol = await h.post(
      '/client/user-authenticators/email-otp',
      { token: user.token },
      { email: 'Work@Example.TEST ' },
    );
    expect(enrol.status).toBe(200);
    expect(enrol.body).toMatchObject({ userId: user.userId, retryAfterSeconds: 30 });
    expect(enrol.body.userAuthenticatorId).toEqual(expect.any(String));
    expect(enrol.body.challengeId).toEqual(expect.any(String));

    const [message] = await h.outbox('work@example.test');
    expect(message).toMatchObject({ channel: 'email', to: 'work@example.test' });
    expect(message?.code).toMatch(/^\d{6}$/);
    expect(message?.text).toContain(message?.code ?? 'none');

    // Not listed before the code confirms it.
    expect(await h.provider.listAuthenticators(user.userId)).toEqual([]);

    const verify = await h.post(
      '/client/verify/email-otp',
      { token: user.token },
      { verificationCode: message?.code },
    );
    expect(verify.status).toBe(200);
    expect(verify.body).toMatchObject({
      isVerified: true,
      userId: user.userId,
      userAuthenticatorId: enrol.body.userAuthenticatorId,
      userAuthenticator: { verificationMethod: 'EMAIL_OTP', email: 'work@example.test', isVerified: true },
    });
    expect(verify.body.accessToken).toEqual(expect.any(String));
    expect(verify.body.accessToken).not.toBe(user.token);
    const listed = await h.provider.listAuthenticators(user.userId);
    expect(listed.map((a) => a.verificationMethod)).toEqual(['EMAIL_OTP']);

    // The code is void after success.
    const again = await h.post(
      '/client/verify/email-otp',
      { token: user.token },
      { verificationCode: message?.code },
    );
    expect(again.status).toBe(400);
    expectProviderError(again.body, 'invalid_code', 'no_pending_code');
  });

  it('stores codes only as keyed hashes', async () => {
    const user = await h.enrolledUser();
    await h.post('/client/user-authenticators/email-otp', { token: user.token }, { email: user.email });
    const code = await h.lastCode(user.email);
    const rows = await db.execute<{ code_hash: string }>(
      sql`SELECT code_hash FROM provider_challenges WHERE user_id = ${user.userId}`,
    );
    expect(rows.rows[0]?.code_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(rows.rows[0]?.code_hash).not.toContain(code);
  });

  it('challenges a user without authenticators at the sign-in address and verifies with the challenge token', async () => {
    const userId = crypto.randomUUID();
    const options = await h.provider.track({
      userId,
      email: 'signin@example.test',
      action: 'launchCampaign',
    });
    expect(options).toMatchObject({
      user: { email: 'signin@example.test' },
      verificationMethods: ['EMAIL_OTP'],
      defaultVerificationMethod: 'EMAIL_OTP',
    });
    const sent = await h.post('/client/challenge/email-otp', { token: options.token });
    expect(sent.status).toBe(200);
    const code = await h.lastCode('signin@example.test');
    const verify = await h.post(
      '/client/verify/email-otp',
      { token: options.token },
      { verificationCode: code },
    );
    expect(verify.status).toBe(200);
    expect(verify.body.isVerified).toBe(true);
    expect(
      await h.provider.validate(verify.body.accessToken, { userId, action: 'launchCampaign' }),
    ).toMatchObject({ ok: true });
  });

  it('answers a wrong code with attemptsRemaining and locks the challenge after 5 wrong codes', async () => {
    const user = await h.enrolledUser();
    await h.post('/client/user-authenticators/email-otp', { token: user.token }, { email: user.email });
    const code = await h.lastCode(user.email);
    for (let remaining = 4; remaining >= 1; remaining--) {
      const res = await h.post(
        '/client/verify/email-otp',
        { token: user.token },
        { verificationCode: wrong(code) },
      );
      expect(res.status).toBe(400);
      expectProviderError(res.body, 'invalid_code', 'invalid_code');
      expect(res.body).toMatchObject({ isVerified: false, attemptsRemaining: remaining });
    }
    const fifth = await h.post(
      '/client/verify/email-otp',
      { token: user.token },
      { verificationCode: wrong(code) },
    );
    expect(fifth.status).toBe(423);
    expectProviderError(fifth.body, 'locked');
    expect(fifth.body.attemptsRemaining).toBe(0);
    // Locked: even the right code is refused now.
    const right = await h.post('/client/verify/email-otp', { token: user.token }, { verificationCode: code });
    expect(right.status).toBe(423);
    expectProviderError(right.body, 'locked');

    // A new code (after the cooldown) starts a new challenge.
    await h.rewindSends(31);
    const resend = await h.post('/client/challenge/email-otp', { token: user.token });
    expect(resend.status).toBe(200);
    const fresh = await h.lastCode(user.email);
    const ok = await h.post('/client/verify/email-otp', { token: user.token }, { verificationCode: fresh });
    expect(ok.status).toBe(200);
  });

  it('refuses an expired code', async () => {
    const user = await h.enrolledUser();
    await h.post('/client/user-authenticators/email-otp', { token: user.token }, { email: user.email });
    const code = await h.lastCode(user.email);
    await db.execute(
      sql`UPDATE provider_challenges SET expires_at = now() - interval '1 second' WHERE user_id = ${user.userId}`,
    );
    const res = await h.post('/client/verify/email-otp', { token: user.token }, { verificationCode: code });
    expect(res.status).toBe(400);
    expectProviderError(res.body, 'invalid_code', 'expired_code');
  });

  it('a new code voids the previous one', async () => {
    const user = await h.enrolledUser();
    await h.post('/client/user-authenticators/email-otp', { token: user.token }, { email: user.email });
    const first = await h.lastCode(user.email);
    await h.rewindSends(31);
    await h.post('/client/challenge/email-otp', { token: user.token });
    const second = await h.lastCode(user.email);
    if (first !== second) {
      const old = await h.post(
        '/client/verify/email-otp',
        { token: user.token },
        { verificationCode: first },
      );
      expect(old.status).toBe(400);
    }
    const ok = await h.post('/client/verify/email-otp', { token: user.token }, { verificationCode: second });
    expect(ok.status).toBe(200);
  });

  it('enforces the resend cooldown with retryAfterSeconds, then the send limit per 10 minutes', async () => {
    const user = await h.enrolledUser();
    const first = await h.post(
      '/client/user-authenticators/email-otp',
      { token: user.token },
      { email: user.email },
    );
    expect(first.status).toBe(200);
    const tooSoon = await h.post('/client/challenge/email-otp', { token: user.token });
    expect(tooSoon.status).toBe(429);
    expectProviderError(tooSoon.body, 'rate_limited', 'resend_cooldown');
    expect(tooSoon.body.retryAfterSeconds).toBeGreaterThan(25);
    expect(tooSoon.body.retryAfterSeconds).toBeLessThanOrEqual(30);
    expect(tooSoon.headers.get('retry-after')).toBe(String(tooSoon.body.retryAfterSeconds));

    for (let sent = 2; sent <= 5; sent++) {
      await h.rewindSends(31);
      const res = await h.post('/client/challenge/email-otp', { token: user.token });
      expect(res.status).toBe(200);
    }
    await h.rewindSends(31);
    const sixth = await h.post('/client/challenge/email-otp', { token: user.token });
    expect(sixth.status).toBe(429);
    expectProviderError(sixth.body, 'rate_limited', 'send_limit');
    expect(sixth.body.retryAfterSeconds).toBeGreaterThan(0);
    expect(sixth.body.retryAfterSeconds).toBeLessThanOrEqual(600);
    expect(await h.outbox(user.email)).toHaveLength(5);

    // Sends older than the window no longer count.
    await h.rewindSends(600);
    const later = await h.post('/client/challenge/email-otp', { token: user.token });
    expect(later.status).toBe(200);
  });

  it('refuses malformed bodies and codes with 400 and a description, never 500', async () => {
    const user = await h.enrolledUser();
    for (const body of [{}, { email: 'not-an-address' }, { email: 42 }, '[1,2]', 'not json', 'null']) {
      const res = await h.post('/client/user-authenticators/email-otp', { token: user.token }, body);
      expect(res.status).toBe(400);
      expectProviderError(res.body, 'invalid_request');
    }
    for (const verificationCode of [undefined, '', '12345', '1234567', 'abcdef', 123456]) {
      const res = await h.post('/client/verify/email-otp', { token: user.token }, { verificationCode });
      expect(res.status).toBe(400);
      expectProviderError(res.body, 'invalid_request');
    }
  });

  it('refuses to enrol with a challenge token', async () => {
    const userId = crypto.randomUUID();
    const { token } = await h.provider.track({ userId, email: 'x@example.test', action: 'deleteCampaign' });
    const res = await h.post(
      '/client/user-authenticators/email-otp',
      { token },
      { email: 'attacker@example.test' },
    );
    expect(res.status).toBe(403);
    expectProviderError(res.body, 'invalid_token', 'insufficient_scope');
  });
});

describe('SMS', () => {
  it('enrols a phone number (normalised to E.164), texts a code to the outbox, and verifies it', async () => {
    const user = await h.enrolledUser();
    const enrol = await h.post(
      '/client/user-authenticators/sms',
      { token: user.token },
      { phoneNumber: '+1 (415) 555-0100' },
    );
    expect(enrol.status).toBe(200);
    const [message] = await h.outbox('+14155550100');
    expect(message).toMatchObject({ channel: 'sms', to: '+14155550100', subject: null });
    // The unencoded + of a query string arrives as a space: still found.
    expect((await h.client.get('/dev/outbox.json?to=+14155550100')).body.messages).toHaveLength(1);
    const verify = await h.post(
      '/client/verify/sms',
      { token: user.token },
      { verificationCode: message?.code },
    );
    expect(verify.status).toBe(200);
    expect(verify.body.userAuthenticator).toMatchObject({
      verificationMethod: 'SMS',
      phoneNumber: '+14155550100',
    });

    // A step-up for this user offers SMS, with the number.
    const options = await h.provider.track({
      userId: user.userId,
      email: user.email,
      action: 'launchCampaign',
    });
    expect(options.verificationMethods).toEqual(['SMS']);
    expect(options.user.phoneNumber).toBe('+14155550100');
    await h.rewindSends(31);
    const challenge = await h.post('/client/challenge/sms', { token: options.token });
    expect(challenge.status).toBe(200);
    const code = (await h.outbox('+14155550100'))[0]?.code;
    const ok = await h.post('/client/verify/sms', { token: options.token }, { verificationCode: code });
    expect(ok.status).toBe(200);
    expect(
      await h.provider.validate(ok.body.accessToken, { userId: user.userId, action: 'launchCampaign' }),
    ).toMatchObject({ ok: true });
  });

  it('refuses a malformed number and an SMS challenge for a user without a number', async () => {
    const user = await h.enrolledUser();
    const bad = await h.post(
      '/client/user-authenticators/sms',
      { token: user.token },
      { phoneNumber: '0800 CALL ME' },
    );
    expect(bad.status).toBe(400);
    expectProviderError(bad.body, 'invalid_request');
    const none = await h.post('/client/challenge/sms', { token: user.token });
    expect(none.status).toBe(400);
    expectProviderError(none.body, 'invalid_request', 'not_enrolled');
  });

  it('locks after 5 wrong SMS codes', async () => {
    const user = await h.enrolledUser();
    await h.post('/client/user-authenticators/sms', { token: user.token }, { phoneNumber: '+442071234567' });
    const code = (await h.outbox('+442071234567'))[0]?.code ?? '';
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) {
      statuses.push(
        (await h.post('/client/verify/sms', { token: user.token }, { verificationCode: wrong(code) })).status,
      );
    }
    expect(statuses).toEqual([400, 400, 400, 400, 423]);
    const right = await h.post('/client/verify/sms', { token: user.token }, { verificationCode: code });
    expect(right.status).toBe(423);
  });
});

describe('the outbox', () => {
  it('lists messages newest first as HTML at /dev/outbox', async () => {
    const res = await h.client.get('/dev/outbox');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/html');
    expect(String(res.body)).toContain('Outbox');
    expect(String(res.body)).toContain('+14155550100');
    const json = await h.client.get('/dev/outbox.json');
    const times = json.body.messages.map((m: { createdAt: string }) => m.createdAt);
    expect([...times].sort().reverse()).toEqual(times);
  });
});

describe('where the outbox is served', () => {
  it('is a server route, served unless NODE_ENV=production or SMTP_URL (DEV_OUTBOX=auto|on|off)', () => {
    expect(isServerRoute('GET', '/dev/outbox')).toBe(true);
    expect(isServerRoute('GET', '/dev/outbox.json')).toBe(true);
    expect(readProviderConfig({}).outboxPage).toBe(true);
    expect(readProviderConfig({ DEV_OUTBOX: 'on' }).outboxPage).toBe(true);
    expect(readProviderConfig({ NODE_ENV: 'production' }).outboxPage).toBe(false);
    expect(readProviderConfig({ SMTP_URL: 'smtp://mail.example.test' }).outboxPage).toBe(false);
    expect(readProviderConfig({ DEV_OUTBOX: 'off' }).outboxPage).toBe(false);
    const hidden = createStepUp(db, readProviderConfig({ NODE_ENV: 'production' }), {
      factory: builtInStepUpProvider,
    });
    expect(hidden.outboxApp).toBeUndefined();
  });

  it('delivers e-mail codes over SMTP when SMTP_URL is set, not to the outbox', async () => {
    const received: string[] = [];
    const server = createServer((socket) => {
      let data = false;
      let buffer = '';
      socket.write('220 test ESMTP\r\n');
      socket.on('data', (chunk) => {
        buffer += chunk.toString('utf8');
        for (;;) {
          if (data) {
            const end = buffer.indexOf('\r\n.\r\n');
            if (end < 0) return;
            received.push(buffer.slice(0, end));
            buffer = buffer.slice(end + 5);
            data = false;
            socket.write('250 queued\r\n');
            continue;
          }
          const eol = buffer.indexOf('\r\n');
          if (eol < 0) return;
          const line = buffer.slice(0, eol).toUpperCase();
          buffer = buffer.slice(eol + 2);
          if (line.startsWith('DATA')) {
            data = true;
            socket.write('354 go on\r\n');
          } else if (line.startsWith('QUIT')) socket.end('221 bye\r\n');
          else socket.write('250 ok\r\n');
        }
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const port = (server.address() as AddressInfo).port;
      const config = readProviderConfig({
        SMTP_URL: `smtp://127.0.0.1:${port}`,
        SMTP_FROM: 'Ops <ops@example.test>',
      });
      const stepUp = createStepUp(db, config, { factory: builtInStepUpProvider });
      const client = new TestClient(
        createApp({ ...testDeps(db), config: { ...TEST_CONFIG, provider: config }, stepUp }),
      );
      const userId = crypto.randomUUID();
      const token = await stepUp.provider.enrollmentToken({ userId, email: 'smtp-user@example.test' });
      const res = await client.post(
        '/provider/v1/client/user-authenticators/email-otp',
        { email: 'smtp-user@example.test' },
        { authorization: `Bearer ${token}` },
      );
      expect(res.status).toBe(200);
      expect(received).toHaveLength(1);
      expect(received[0]).toMatch(/From: Ops <ops@example\.test>/);
      expect(received[0]).toMatch(/To: smtp-user@example\.test/);
      const code = received[0]?.match(/verification code is (\d{6})/)?.[1];
      expect(code).toMatch(/^\d{6}$/);
      expect(await h.outbox('smtp-user@example.test')).toEqual([]);
      const verify = await client.post(
        '/provider/v1/client/verify/email-otp',
        { verificationCode: code },
        { authorization: `Bearer ${token}` },
      );
      expect(verify.status).toBe(200);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it('e-mail goes over SMTP when SMTP_URL is set (SMS still to the outbox)', () => {
    const config = readProviderConfig({
      SMTP_URL: 'smtp://mail.example.test:2525',
      SMTP_FROM: 'Ops <ops@example.test>',
    });
    expect(config).toMatchObject({
      smtpUrl: 'smtp://mail.example.test:2525',
      smtpFrom: 'Ops <ops@example.test>',
    });
    const setup = createStepUp(db, config, { factory: builtInStepUpProvider });
    expect(setup.service.delivery.email.name).toBe('smtp');
    expect(setup.service.delivery.sms.name).toBe('outbox');
  });
});

import { randomUUID } from 'node:crypto';
import { expect, type Page } from '@playwright/test';
import { TOTP, URI } from 'otpauth';
import { clearSendLog, nextOutboxMessage, outboxIds } from './stepUp';

/**
 * Gives a user step-up methods through the real provider, the way the enrolment UI does (without
 * depending on it): an enrolment token from the app (`POST /api/security/enrollment-token`, signed in —
 * a risky action since issue 11, so first the step-up a user without methods gets: a code to the sign-in
 * address, read from the outbox), then the provider's `/client/user-authenticators/...` calls with that
 * token as the Bearer.
 */

const PASSWORD = 'a long enough password';

/**
 * A new user with their own organization and account (sign-up + onboarding API), signed in in `page`'s
 * context. Each journey that needs its own set of methods starts with one, so journeys do not interfere.
 */
export async function newUser(page: Page, name: string): Promise<{ email: string; password: string }> {
  const email = `${name.toLowerCase().replace(/\W+/g, '-')}-${randomUUID().slice(0, 8)}@example.com`;
  const signup = await page.request.post('/api/auth/signup', {
    data: { email, password: PASSWORD, firstName: 'Stella', lastName: 'Stepup' },
  });
  expect(signup.status(), await signup.text()).toBe(201);
  const onboarding = await page.request.post('/api/onboarding', {
    data: {
      firstName: 'Stella',
      lastName: 'Stepup',
      organizationName: `${name} Org`,
      accountName: `${name} Account`,
    },
  });
  expect(onboarding.status(), await onboarding.text()).toBe(201);
  return { email, password: PASSWORD };
}

/** A customer of the signed-in user's account (the target of the "delete customer" risky action). */
export async function createCustomer(page: Page, name: string): Promise<string> {
  const response = await page.request.post('/api/customers', {
    data: { name },
    headers: { Origin: new URL(page.url() === 'about:blank' ? 'http://x' : page.url()).origin },
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()).id;
}

/** The provider, called as the enrolment UI calls it. */
export class Enrolment {
  private constructor(
    private readonly page: Page,
    private readonly token: string,
    private readonly baseUrl: string,
  ) {}

  /** For a user without methods yet: the step-up by e-mail code, then the enrolment token. */
  static async start(page: Page): Promise<Enrolment> {
    const origin = new URL(page.url()).origin;
    const ask = (headers: Record<string, string> = {}) =>
      page.request.post('/api/security/enrollment-token', { headers: { Origin: origin, ...headers } });
    const refused = await ask();
    expect(refused.status(), await refused.text()).toBe(403);
    const { challenge } = (await refused.json()) as {
      challenge: { token: string; user: { email: string }; verificationMethods: string[] };
    };
    expect(challenge.verificationMethods).toEqual(['EMAIL_OTP']);
    const to = challenge.user.email;
    const bearer = { Authorization: `Bearer ${challenge.token}` };
    await clearSendLog(to);
    const seen = await outboxIds(page.request, to);
    const sent = await page.request.post('/provider/v1/client/challenge/email-otp', {
      headers: bearer,
      data: {},
    });
    expect(sent.status(), await sent.text()).toBe(200);
    const message = await nextOutboxMessage(page.request, to, seen);
    const verified = await page.request.post('/provider/v1/client/verify/email-otp', {
      headers: bearer,
      data: { verificationCode: message.code },
    });
    const { accessToken } = (await verified.json()) as { accessToken: string };
    await clearSendLog(to);
    const response = await ask({ 'X-Step-Up-Token': accessToken });
    expect(response.status(), await response.text()).toBe(200);
    const { token, baseUrl } = (await response.json()) as { token: string; baseUrl: string };
    return new Enrolment(page, token, baseUrl);
  }

  /** POST `<base>/client/<path>` with the enrolment token; expects a 200 and answers the JSON. */
  async call(path: string, body: unknown = {}): Promise<Record<string, unknown>> {
    const response = await this.page.request.post(`${this.baseUrl}/client/${path}`, {
      headers: { Authorization: `Bearer ${this.token}` },
      data: body,
    });
    const json = (await response.json()) as Record<string, unknown>;
    expect(response.status(), `${path}: ${JSON.stringify(json)}`).toBe(200);
    return json;
  }

  /** An authenticator app: enrols, confirms with a first code; answers the TOTP to compute later codes. */
  async totp(): Promise<TOTP> {
    const { uri } = await this.call('user-authenticators/totp');
    const totp = URI.parse(String(uri));
    if (!(totp instanceof TOTP)) throw new Error(`Not a TOTP URI: ${uri}`);
    const confirmed = await this.call('verify/totp', { verificationCode: totp.generate() });
    expect(confirmed.isVerified).toBe(true);
    return totp;
  }

  /** An e-mail or text-message code method, confirmed with the code from the outbox. */
  async codeMethod(kind: 'email-otp' | 'sms', to: string): Promise<void> {
    const seen = await outboxIds(this.page.request, to);
    await this.call(`user-authenticators/${kind}`, kind === 'sms' ? { phoneNumber: to } : { email: to });
    const message = await nextOutboxMessage(this.page.request, to, seen);
    const confirmed = await this.call(`verify/${kind}`, { verificationCode: message.code });
    expect(confirmed.isVerified).toBe(true);
    // The challenge that follows sends to the same recipient at once: no resend cooldown from enrolment.
    await clearSendLog(to);
  }

  /** An e-mail magic link, confirmed by following the link from the outbox. */
  async magicLink(email: string): Promise<void> {
    const seen = await outboxIds(this.page.request, email);
    await this.call('user-authenticators/email-magic-link', { email });
    const message = await nextOutboxMessage(this.page.request, email, seen);
    const opened = await this.page.request.get(String(message.link));
    expect(opened.status()).toBe(200);
    const confirmed = await this.call('verify/email-magic-link/finalize');
    expect(confirmed.isVerified).toBe(true);
    await clearSendLog(email);
  }

  /**
   * A passkey or security key: the provider's registration options, `navigator.credentials.create` in the
   * page (answered by the CDP virtual authenticator added beforehand), the credential JSON posted back.
   */
  async webAuthn(kind: 'passkey' | 'securityKey', username: string): Promise<void> {
    const segment = kind === 'passkey' ? 'passkey' : 'security-key';
    const { challengeId, options } = await this.call(
      `user-authenticators/${segment}/registration-options`,
      kind === 'passkey' ? { username } : {},
    );
    const credential = await this.page.evaluate(async (json) => {
      const publicKey = PublicKeyCredential.parseCreationOptionsFromJSON(
        json as PublicKeyCredentialCreationOptionsJSON,
      );
      const created = (await navigator.credentials.create({ publicKey })) as PublicKeyCredential | null;
      if (!created) throw new Error('navigator.credentials.create answered nothing');
      return created.toJSON();
    }, options);
    const registered = await this.call(`user-authenticators/${segment}`, {
      challengeId,
      registrationCredential: credential,
    });
    expect(registered.isVerified).toBe(true);
  }
}

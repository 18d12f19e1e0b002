import type { WebAuthnMethod } from '@machines/challenge';
import type { AuthClient, AuthResponse, AuthResult, PreparedCeremony } from '@src/auth-client';
import { isAuthError, isWebAuthnSupported } from '@src/auth-client';
import type { ChallengeServices } from './services';

/** How the machines' actors report a provider refusal: like a server failure (machines/shared/errors). */
class ProviderRefusal extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly errorCode: string | undefined,
  ) {
    super(message);
  }
}

const describeAnswer = (answer: { error: string; errorDescription?: string }) =>
  answer.errorDescription ?? answer.error;

function refusalOf(answer: AuthResponse<AuthResult>): ProviderRefusal | null {
  if (!isAuthError(answer)) return null;
  return new ProviderRefusal(describeAnswer(answer), 400, answer.errorCode ?? answer.error);
}

/** Safari (not Chrome/Edge/Firefox on iOS or macOS, which say so in their user agent). */
const isSafari = () => /^((?!chrome|android|crios|fxios|edgios).)*safari/i.test(navigator.userAgent);
const isEmbedded = () => {
  try {
    return window.self !== window.top;
  } catch {
    return true;
  }
};

/**
 * The challenge dialog's services over the step-up client library. Provider answers map to what the charts
 * expect: a wrong code (`invalid_code`, or a verify answer with no token) is "no token" so the slots shake;
 * any other error answer is handed over as `error`, which the code view ignores (spec section 8).
 */
export function authClientServices(client: AuthClient): ChallengeServices {
  /** Ceremonies whose options were fetched ahead of the click that starts them. */
  const prepared = new Map<WebAuthnMethod, PreparedCeremony>();
  return {
    setToken: (token) => client.setToken(token),

    async sendCode(method) {
      if (method === 'AUTHENTICATOR_APP') return { sent: false };
      const answer =
        method === 'EMAIL_OTP' ? await client.emailOtp.challenge() : await client.sms.challenge();
      const refusal = refusalOf(answer);
      if (refusal) throw refusal;
      return { sent: true };
    },

    async verifyCode(method, code) {
      const api =
        method === 'AUTHENTICATOR_APP' ? client.totp : method === 'EMAIL_OTP' ? client.emailOtp : client.sms;
      const answer = await api.verify({ code });
      if (isAuthError(answer)) {
        if (answer.error === 'invalid_code') {
          return answer.attemptsRemaining === undefined
            ? {}
            : { attemptsRemaining: answer.attemptsRemaining };
        }
        return { error: describeAnswer(answer) };
      }
      return answer.data.token ? { token: answer.data.token } : {};
    },

    async checkWebAuthnSupport(method) {
      const supported = isWebAuthnSupported();
      const needsClick = supported && isEmbedded() && isSafari();
      if (needsClick) {
        // The click must reach navigator.credentials.get with nothing awaited in between: fetch the options now.
        const ready =
          method === 'PASSKEY'
            ? await client.passkey.prepareSignIn({ token: client.token ?? '' })
            : await client.securityKey.prepareVerify();
        if (!isAuthError(ready)) prepared.set(method, ready.data);
      }
      return { supported, needsClick };
    },

    async authenticate(method) {
      const ceremony = prepared.get(method);
      prepared.delete(method);
      const answer = ceremony
        ? await ceremony.start()
        : method === 'PASSKEY'
          ? await client.passkey.signIn({ token: client.token ?? '' })
          : await client.securityKey.verify();
      if (isAuthError(answer)) return { error: describeAnswer(answer) };
      return answer.data.token ? { token: answer.data.token } : { error: 'The provider did not confirm it.' };
    },

    async sendMagicLink() {
      const refusal = refusalOf(await client.emailMagicLink.challenge());
      if (refusal) throw refusal;
    },

    async verifyRecoveryCode(code) {
      const answer = await client.recoveryCodes.verify({ code });
      if (isAuthError(answer)) {
        // A wrong (or already used) code says how many attempts are left; anything else is shown as it is.
        if (answer.error === 'invalid_code') {
          return answer.attemptsRemaining === undefined
            ? {}
            : { attemptsRemaining: answer.attemptsRemaining };
        }
        return { error: describeAnswer(answer) };
      }
      return answer.data.token ? { token: answer.data.token } : {};
    },

    async checkMagicLink() {
      const answer = await client.emailMagicLink.finalize();
      if (isAuthError(answer)) return { isVerified: false, error: describeAnswer(answer) };
      const token = answer.data.token;
      return token && answer.data.isVerified ? { isVerified: true, token } : { isVerified: false };
    },
  };
}

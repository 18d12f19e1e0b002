import type {
  AppSecret,
  CeremonyMethod,
  CodeCheck,
  ConfirmCodeMethod,
  ContactMethod,
  Enrolment,
  SentTo,
} from '@machines/enrolAuthenticator';
import {
  type AuthClient,
  type AuthError,
  type AuthResponse,
  createAuthClient,
  isAuthError,
} from '@src/auth-client';

/**
 * The provider calls of the add dialog (`enrolAuthenticator` chart), over the step-up client library. The
 * dialog opens with the enrolment token the app server handed out after the step-up (the page's chart got
 * it); every method's first call sets it on the client (`setToken`), and the later calls of that method
 * (verify, resend, link status) use the same client, whose token each verification replaces.
 */

/** How a refused call reaches the chart: a ServerFailure-shaped object (message, errorCode, status). */
export interface EnrolmentFailure {
  status: number;
  message: string;
  errorCode: string;
  attemptsRemaining?: number;
}

const NAMES: Record<CeremonyMethod, string> = { PASSKEY: 'passkey', SECURITY_KEY: 'security key' };

/** Words for the ceremony failures a person can act on; everything else keeps the provider's or client's text. */
function ceremonyMessage(method: CeremonyMethod, error: AuthError): string | undefined {
  switch (error.errorCode ?? error.error) {
    case 'CEREMONY_ABORTED':
      return `The ${NAMES[method]} was not added: the browser’s prompt was closed or timed out.`;
    case 'AUTHENTICATOR_PREVIOUSLY_REGISTERED':
    case 'credential_exists':
      return `This ${NAMES[method]} is already one of your sign-in methods.`;
    case 'WEBAUTHN_NOT_SUPPORTED':
      return method === 'PASSKEY'
        ? 'Your browser does not support passkeys.'
        : 'Your browser does not support security keys.';
    default:
      return undefined;
  }
}

/** The enrolment token lives 10 minutes; past that, the provider answers `expired_token`. */
export const ENROLMENT_EXPIRED_MESSAGE =
  'This took longer than 10 minutes, so it has to start again. Close this and add the method again.';

const describe = (error: AuthError) =>
  (error.errorCode ?? error.error) === 'expired_token'
    ? ENROLMENT_EXPIRED_MESSAGE
    : (error.errorDescription ?? error.error);

export function failureOf(error: AuthError, message?: string): EnrolmentFailure {
  return {
    // Client-side failures (no token, no WebAuthn, no answer) have no HTTP status: 400 marks them as answers
    // the chart shows as they are, rather than as a network failure with a generic text.
    status: 400,
    message: message ?? describe(error),
    errorCode: error.errorCode ?? error.error,
    ...(error.attemptsRemaining === undefined ? {} : { attemptsRemaining: error.attemptsRemaining }),
  };
}

function unwrap<T>(response: AuthResponse<T>): T {
  if (isAuthError(response)) throw failureOf(response);
  return response.data;
}

export interface EnrolmentServices {
  registerCredential(method: CeremonyMethod, enrolment: Enrolment): Promise<void>;
  startApp(enrolment: Enrolment): Promise<AppSecret>;
  sendCode(method: ContactMethod, address: string, enrolment: Enrolment): Promise<SentTo>;
  verifyCode(method: ConfirmCodeMethod, code: string): Promise<CodeCheck>;
  waitForLink(signal: AbortSignal): Promise<void>;
  /** A new set of recovery codes (the old set stops working), on the enrolment token. */
  generateRecoveryCodes(enrolment: Enrolment): Promise<string[]>;
}

/**
 * The services over the real client. `username` is the name a new passkey is saved under (the user's
 * e-mail address).
 */
export function createEnrolmentServices(options: {
  username: () => string;
  clientFactory?: typeof createAuthClient;
}): EnrolmentServices {
  const factory = options.clientFactory ?? createAuthClient;
  let client: AuthClient | null = null;
  let clientKey = '';

  /** The dialog's enrolment token, set on the client of its provider. */
  const freshClient = async ({ token, baseUrl, tenantId }: Enrolment): Promise<AuthClient> => {
    const key = `${tenantId} ${baseUrl}`;
    if (!client || key !== clientKey) {
      client = factory({ tenantId, baseUrl });
      clientKey = key;
    }
    client.setToken(token);
    return client;
  };
  const currentClient = async (): Promise<AuthClient> => {
    if (!client) throw failureOf({ error: 'TOKEN_NOT_SET', errorDescription: 'Choose the method again.' });
    return client;
  };

  return {
    async registerCredential(method, enrolment) {
      const auth = await freshClient(enrolment);
      const response =
        method === 'PASSKEY'
          ? await auth.passkey.signUp({ username: options.username() })
          : await auth.securityKey.enroll();
      if (isAuthError(response)) throw failureOf(response, ceremonyMessage(method, response));
    },

    async startApp(enrolment) {
      const auth = await freshClient(enrolment);
      const data = unwrap(await auth.totp.enroll());
      if (!data.uri || !data.secret) {
        throw failureOf({ error: 'INVALID_RESPONSE', errorDescription: 'The provider sent no secret.' });
      }
      return { uri: data.uri, secret: data.secret };
    },

    async sendCode(method, address, enrolment) {
      const auth = await freshClient(enrolment);
      const response =
        method === 'SMS'
          ? await auth.sms.enroll({ phoneNumber: address })
          : method === 'EMAIL_OTP'
            ? await auth.emailOtp.enroll({ email: address })
            : await auth.emailMagicLink.enroll({ email: address });
      unwrap(response);
      const normalised =
        method === 'SMS' ? address.trim().replace(/[\s().-]/g, '') : address.trim().toLowerCase();
      return { address: normalised };
    },

    async verifyCode(method, code) {
      const auth = await currentClient();
      const api = method === 'AUTHENTICATOR_APP' ? auth.totp : method === 'SMS' ? auth.sms : auth.emailOtp;
      const response = await api.verify({ code });
      if (isAuthError(response)) {
        // A wrong code answers attemptsRemaining (whatever the status); other refusals (locked, expired,
        // no pending code) say why. No answer at all rejects.
        if (response.errorCode === 'NETWORK_ERROR') throw failureOf(response);
        if ((response.errorCode ?? response.error) === 'invalid_code') {
          return { verified: false, attemptsRemaining: response.attemptsRemaining };
        }
        return { verified: false, message: describe(response) };
      }
      if (response.data.token || response.data.isVerified) return { verified: true };
      return { verified: false, attemptsRemaining: response.data.attemptsRemaining };
    },

    async generateRecoveryCodes(enrolment) {
      const auth = await freshClient(enrolment);
      const data = unwrap(await auth.recoveryCodes.generate());
      if (!data.recoveryCodes?.length) {
        throw failureOf({ error: 'INVALID_RESPONSE', errorDescription: 'The provider sent no codes.' });
      }
      return data.recoveryCodes;
    },

    async waitForLink(signal) {
      const auth = await currentClient();
      const response = await auth.emailMagicLink.checkVerificationStatus({ signal });
      if (isAuthError(response)) throw failureOf(response);
    },
  };
}

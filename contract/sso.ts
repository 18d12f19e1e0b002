import * as v from 'valibot';
import { RoleSchema } from './policy';
import { CLIENT_NEEDS_ACCOUNTS } from './team';

/**
 * Single sign-on (issue 26): an organization signs its people in with its own OpenID Connect identity
 * provider. An owner or admin (`sso.manage`) sets the issuer, the client, the e-mail domains it signs in,
 * what a new person gets (role and accounts; `accountIds: null` = every account) and whether password
 * sign-in is refused at those domains. The client secret is written, never read back (only `hasClientSecret`).
 */

const Domain = v.pipe(
  v.string('Domains are strings'),
  v.trim(),
  v.toLowerCase(),
  v.regex(
    /^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/,
    'Enter e-mail domains such as example.com',
  ),
);

/** An http(s) URL; plain http only for this machine (a local identity provider in development and tests). */
export const IssuerUrl = v.pipe(
  v.string('Enter the issuer URL'),
  v.trim(),
  v.nonEmpty('Enter the issuer URL'),
  v.maxLength(500, 'That issuer URL is too long'),
  v.url('Enter the issuer URL, such as https://login.example.com'),
  v.check((value) => isAllowedIssuer(value), 'The issuer URL must use https'),
);

export function isAllowedIssuer(value: string): boolean {
  try {
    const url = new URL(value);
    if (url.search || url.hash) return false;
    if (url.protocol === 'https:') return true;
    return url.protocol === 'http:' && ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname);
  } catch {
    return false;
  }
}

const AccountIds = v.pipe(
  v.array(
    v.pipe(v.string('Account ids are strings'), v.uuid('That is not an account id')),
    'Choose accounts as a list',
  ),
  v.maxLength(500, 'Choose at most 500 accounts'),
);

/** The refusal when someone other than an owner chooses the role `owner` for new people (403 naming `role`). */
export const SSO_OWNER_ROLE_MESSAGE = 'Only an owner can give new people the owner role';

/** PUT /api/organizations/{orgId}/sso. `clientSecret` omitted (or null): keep the one set. */
export const SsoSettingsRequestSchema = v.pipe(
  v.object({
    issuer: IssuerUrl,
    clientId: v.pipe(
      v.string('Enter the client id'),
      v.trim(),
      v.nonEmpty('Enter the client id'),
      v.maxLength(500, 'That client id is too long'),
    ),
    clientSecret: v.optional(
      v.nullable(
        v.pipe(
          v.string('The client secret is a string'),
          v.nonEmpty('Enter the client secret'),
          v.maxLength(2000, 'That client secret is too long'),
        ),
      ),
    ),
    domains: v.pipe(
      v.array(Domain, 'Enter the e-mail domains as a list'),
      v.minLength(1, 'Enter at least one e-mail domain'),
      v.maxLength(50, 'Enter at most 50 e-mail domains'),
    ),
    role: RoleSchema,
    accountIds: v.optional(v.nullable(AccountIds), null),
    requireSso: v.optional(v.boolean('Require single sign-on is true or false'), false),
  }),
  v.forward(
    v.check((input) => input.role !== 'client' || (input.accountIds?.length ?? 0) > 0, CLIENT_NEEDS_ACCOUNTS),
    ['accountIds'],
  ),
);
export type SsoSettingsRequest = v.InferInput<typeof SsoSettingsRequestSchema>;

/** GET/PUT /api/organizations/{orgId}/sso: the settings, the secret never included. */
export const SsoSettingsSchema = v.object({
  configured: v.boolean(),
  issuer: v.nullable(v.string()),
  clientId: v.nullable(v.string()),
  hasClientSecret: v.boolean(),
  domains: v.array(v.string()),
  role: RoleSchema,
  accountIds: v.nullable(v.array(v.string())),
  requireSso: v.boolean(),
  /** Where the identity provider must send people back: register it with the provider. */
  redirectUri: v.string(),
});
export type SsoSettings = v.InferOutput<typeof SsoSettingsSchema>;

/** GET /api/auth/sso?email=: whether the address signs in with single sign-on (public). */
export const SsoLookupSchema = v.object({
  sso: v.boolean(),
  /** Password sign-in is refused for this address. */
  required: v.boolean(),
  /** The address's domain; `/auth/federate?domain=` starts the sign-in. */
  domain: v.nullable(v.string()),
});
export type SsoLookup = v.InferOutput<typeof SsoLookupSchema>;

/** The refusals of `/auth/federate` and its callback: `/auth/login?ssoError=<code>`. */
export const SSO_ERRORS = {
  UNKNOWN_DOMAIN:
    'No organization signs in with single sign-on at that e-mail domain. Sign in with your password.',
  IDP_UNAVAILABLE: "Your organization's identity provider could not be reached. Try again later.",
  WRONG_ISSUER:
    "The identity provider's answer did not come from the issuer your organization set up. Nothing was signed in.",
  STATE_USED: 'This single sign-on answer was already used. Start the sign-in again.',
  STATE_EXPIRED: 'This single sign-on attempt took too long. Start the sign-in again.',
  STATE_INVALID: 'This single sign-on answer was not started from this browser. Start the sign-in again.',
  WRONG_NONCE: "The identity provider's answer does not belong to this sign-in. Start the sign-in again.",
  INVALID_CODE:
    'The identity provider did not accept the sign-in code (expired or already used). Start the sign-in again.',
  EMAIL_NOT_VERIFIED:
    'Your identity provider has not verified your e-mail address, so it cannot sign you in here.',
  EMAIL_OUTSIDE_DOMAINS:
    "The identity provider signed in an address outside your organization's single sign-on domains.",
  ACCOUNT_ELSEWHERE:
    'You already work in another organization on Flightplan. Ask an administrator of this one to invite you, then sign in with single sign-on.',
  DENIED: 'The identity provider did not sign you in.',
  FAILED: 'Single sign-on did not work. Try again, or ask your administrator.',
} as const;
export type SsoErrorCode = keyof typeof SSO_ERRORS;

export function ssoErrorMessage(code: string | null | undefined): string | null {
  if (!code) return null;
  return (SSO_ERRORS as Record<string, string>)[code] ?? SSO_ERRORS.FAILED;
}

/** The login route's refusal when the organization requires single sign-on for the address. */
export const SSO_REQUIRED_MESSAGE =
  'Your organization signs in with single sign-on. Choose "Sign in with single sign-on".';

/** The sign-up route's refusal for an address at a domain that requires single sign-on. */
export const SSO_SIGNUP_REFUSED_MESSAGE =
  'Your organization signs in with single sign-on: no password is needed. Sign in with single sign-on instead.';

/** The e-mail address's domain, lower-cased ('' when there is none). */
export function emailDomain(email: string): string {
  const at = email.lastIndexOf('@');
  return at < 0
    ? ''
    : email
        .slice(at + 1)
        .trim()
        .toLowerCase();
}

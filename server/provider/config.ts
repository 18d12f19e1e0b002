import { DEFAULT_PROVIDER_BASE_PATH, DEFAULT_PROVIDER_TENANT_ID } from '@contract/provider';
import { type ProviderAppearance, ProviderAppearanceSchema } from '@contract/stepUp';
import * as v from 'valibot';

/** Everything the built-in step-up provider reads from the environment (docs/configuration.md). */
export interface ProviderConfig {
  /** PROVIDER_TENANT_ID: the tenant the app's own users belong to. */
  tenantId: string;
  /** PROVIDER_SECRET: signs tokens and encrypts TOTP secrets. Unset: one is generated once and kept in the database. */
  secret: string | undefined;
  /** PROVIDER_RP_ID: the WebAuthn relying-party id. Unset: PUBLIC_ORIGIN's hostname, else the request's hostname. */
  rpId: string | undefined;
  /** Display name of the relying party in passkey prompts. */
  rpName: string;
  /** PUBLIC_ORIGIN: the only origin WebAuthn responses may come from; unset: the request's own origin. */
  publicOrigin: string | undefined;
  /** Where the provider is served on this app. */
  basePath: string;
  /** SMTP_URL / SMTP_FROM: e-mail through nodemailer; unset: the development outbox (/dev/outbox). */
  smtpUrl: string | undefined;
  smtpFrom: string;
  /**
   * Serve /dev/outbox (the codes and links sent while no e-mail/SMS provider is configured), to loopback clients
   * only. DEV_OUTBOX: `auto` (default) is on unless NODE_ENV=production or SMTP_URL is set; `off`; `on` (refused
   * with production or SMTP_URL). Anyone who can read it can pass e-mail/SMS challenges (`readDevOutbox`).
   */
  outboxPage: boolean;
  /** PROVIDER_APPEARANCE: the challenge dialog's appearance variables, JSON (docs/configuration.md). */
  appearance: ProviderAppearance;
  /** PROVIDER_REGIONAL_BASE_URL: a second, regional provider API the browser client may select. */
  regionalBaseUrl: string | undefined;
}

/** Parses the provider's settings out of the environment `server/config.ts` reads once (tests pass their own). */
export function readProviderConfig(env: NodeJS.ProcessEnv): ProviderConfig {
  const tenantId = env.PROVIDER_TENANT_ID?.trim() || DEFAULT_PROVIDER_TENANT_ID;
  if (!/^[A-Za-z0-9_.-]{1,100}$/.test(tenantId)) {
    throw new Error(`PROVIDER_TENANT_ID may only contain letters, digits, _ . and -; got "${tenantId}"`);
  }
  const secret = env.PROVIDER_SECRET || undefined;
  if (secret !== undefined && secret.length < 32) {
    throw new Error('PROVIDER_SECRET must be at least 32 characters long');
  }
  return {
    tenantId,
    secret,
    rpId: env.PROVIDER_RP_ID?.trim() || undefined,
    rpName: env.PROVIDER_RP_NAME?.trim() || 'Flightplan',
    publicOrigin: env.PUBLIC_ORIGIN || undefined,
    basePath: DEFAULT_PROVIDER_BASE_PATH,
    smtpUrl: env.SMTP_URL || undefined,
    smtpFrom: env.SMTP_FROM?.trim() || 'Flightplan <no-reply@flightplan.local>',
    outboxPage: readDevOutbox(env),
    appearance: readAppearance(env.PROVIDER_APPEARANCE),
    regionalBaseUrl: env.PROVIDER_REGIONAL_BASE_URL?.trim() || undefined,
  };
}

/**
 * DEV_OUTBOX=auto|on|off: whether the development outbox is served. It is never on where messages are really
 * delivered (SMTP_URL) or in production: `auto` turns it off there, `on` there is a mistake that stops the start.
 */
export function readDevOutbox(env: NodeJS.ProcessEnv): boolean {
  if (env.PROVIDER_DEV_OUTBOX !== undefined) {
    throw new Error('PROVIDER_DEV_OUTBOX is now DEV_OUTBOX=auto|on|off (docs/configuration.md)');
  }
  const mode = env.DEV_OUTBOX?.trim().toLowerCase() || 'auto';
  const production = env.NODE_ENV === 'production';
  const realDelivery = Boolean(env.SMTP_URL);
  if (mode === 'off') return false;
  if (mode === 'auto') return !production && !realDelivery;
  if (mode === 'on') {
    if (production || realDelivery) {
      throw new Error(
        `DEV_OUTBOX=on is refused ${production ? 'with NODE_ENV=production' : 'while SMTP_URL delivers e-mail'}: the outbox would show real users' codes and links`,
      );
    }
    return true;
  }
  throw new Error(`DEV_OUTBOX must be auto, on or off; got "${env.DEV_OUTBOX}"`);
}

function readAppearance(json: string | undefined): ProviderAppearance {
  if (!json?.trim()) return {};
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    throw new Error(
      'PROVIDER_APPEARANCE must be JSON, e.g. {"colors":{"primary":"#4f46e5"},"borderRadius":"8px"}',
    );
  }
  const parsed = v.safeParse(ProviderAppearanceSchema, value);
  if (!parsed.success) {
    const issue = parsed.issues[0];
    throw new Error(`PROVIDER_APPEARANCE: ${v.getDotPath(issue) ?? 'value'}: ${issue.message}`);
  }
  return parsed.output;
}

import { createHash, randomUUID } from 'node:crypto';
import {
  type AuthenticationResponseJSONSchema,
  type AuthenticationResult,
  PASSKEY_AVAILABILITY_QUERY,
  PasskeyAuthenticationOptionsRequestSchema,
  PasskeyRegisterRequestSchema,
  PasskeyRegistrationOptionsRequestSchema,
  PasskeyVerifyRequestSchema,
  type RegistrationResponseJSONSchema,
  SecurityKeyOptionsRequestSchema,
  SecurityKeyRegisterRequestSchema,
  SecurityKeyVerifyRequestSchema,
  WEBAUTHN_CHALLENGE_TTL_SECONDS,
} from '@contract/provider';
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from '@simplewebauthn/server';
import { type Context, Hono } from 'hono';
import type * as v from 'valibot';
import { type BearerAuth, type ProviderEnv, requireEnrollToken, requireToken, VERIFY_SCOPES } from './auth';
import { notEnrolled } from './challenges';
import { invalidRequest, ProviderHttpError, parseBody, readProviderBody } from './errors';
import { subjectOf, verifiedResult } from './result';
import type { AuthenticatorRow, ProviderService } from './service';
import {
  actionChallengeToPasskeyCeremony,
  advanceCounter,
  type CeremonyRef,
  consumeAuthenticationCeremony,
  consumeRegistrationCeremony,
  findCredential,
  insertAuthenticator,
  insertChallenge,
  knownPasskeyIds,
} from './store';
import { targetOfClaims } from './tokens';

type RegistrationJSON = v.InferOutput<typeof RegistrationResponseJSONSchema>;
type AuthenticationJSON = v.InferOutput<typeof AuthenticationResponseJSONSchema>;
type WebAuthnMethod = 'PASSKEY' | 'SECURITY_KEY';

/** Action of a passkey sign-in started without a token or an action. */
export const DEFAULT_SIGN_IN_ACTION = 'sign-in';
const TIMEOUT_MS = WEBAUTHN_CHALLENGE_TTL_SECONDS * 1000;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The relying-party id: PROVIDER_RP_ID, else PUBLIC_ORIGIN's hostname, else the request's hostname. */
export function rpIdOf(c: Context, service: ProviderService): string {
  if (service.config.rpId) return service.config.rpId;
  return new URL(service.config.publicOrigin ?? c.req.url).hostname;
}

/** Origins WebAuthn responses may come from: PUBLIC_ORIGIN, else the request's own origin. */
export function expectedOrigins(c: Context, service: ProviderService): string[] {
  return [service.config.publicOrigin ?? new URL(c.req.url).origin];
}

/** `options` travels as a JSON object (typed views: RegistrationOptionsResult / AuthenticationOptionsResult). */
const asOptions = (options: object) => options as Record<string, unknown>;

const invalidChallenge = () =>
  new ProviderHttpError(
    400,
    'invalid_request',
    'The challenge is unknown, has expired or was already used.',
    {
      errorCode: 'invalid_challenge',
    },
  );

const invalidCredential = (description: string, errorCode = 'invalid_credential') =>
  new ProviderHttpError(400, 'invalid_credential', description, { errorCode, isVerified: false });

/** The user handle: the user id's UTF-8 bytes (its SHA-256 when longer than WebAuthn's 64 bytes). */
function userHandle(userId: string): Uint8Array<ArrayBuffer> {
  const bytes = new TextEncoder().encode(userId);
  return bytes.length <= 64 ? bytes : new Uint8Array(createHash('sha256').update(userId).digest());
}

/** The challenge inside clientDataJSON (security keys send the bare credential, without a challengeId). */
function challengeInside(clientDataJSON: string): string {
  try {
    const parsed = JSON.parse(Buffer.from(clientDataJSON, 'base64url').toString('utf8')) as {
      challenge?: unknown;
    };
    if (typeof parsed.challenge === 'string' && parsed.challenge) return parsed.challenge;
  } catch {}
  throw invalidCredential('clientDataJSON is malformed.');
}

function byIdOrChallenge(challengeId: string | undefined | null, clientDataJSON: string): CeremonyRef {
  if (challengeId) {
    if (!UUID.test(challengeId)) throw invalidChallenge();
    return { id: challengeId };
  }
  return { webauthnChallenge: challengeInside(clientDataJSON) };
}

async function credentialsOf(service: ProviderService, auth: BearerAuth, method: WebAuthnMethod) {
  const rows = await service.authenticators(auth.tenantId, auth.claims.sub, { method, verifiedOnly: true });
  return rows.filter((row) => row.credentialId);
}

async function registrationOptions(
  c: Context<ProviderEnv>,
  auth: BearerAuth,
  method: WebAuthnMethod,
  userName: string,
  attachment: 'platform' | 'cross-platform' | null,
) {
  const service = c.get('service');
  await service.upsertUser(auth.tenantId, auth.claims.sub);
  const existing = (await service.authenticators(auth.tenantId, auth.claims.sub)).filter(
    (row) => row.credentialId,
  );
  const passkey = method === 'PASSKEY';
  const options = await generateRegistrationOptions({
    rpName: service.config.rpName,
    rpID: rpIdOf(c, service),
    userName,
    userDisplayName: userName,
    userID: userHandle(auth.claims.sub),
    attestationType: 'none',
    timeout: TIMEOUT_MS,
    excludeCredentials: existing.map((row) => ({
      id: row.credentialId as string,
      transports: row.transports ?? undefined,
    })),
    authenticatorSelection: {
      residentKey: passkey ? 'required' : 'discouraged',
      requireResidentKey: passkey,
      userVerification: passkey ? 'required' : 'preferred',
      ...(attachment ? { authenticatorAttachment: attachment } : {}),
    },
  });
  const id = randomUUID();
  await insertChallenge(service.db, {
    id,
    tenantId: auth.tenantId,
    userId: auth.claims.sub,
    kind: 'webauthn_registration',
    method,
    action: auth.claims.act,
    webauthnChallenge: options.challenge,
    attachment,
    expiresAt: new Date(Date.now() + TIMEOUT_MS),
  });
  return { challengeId: id, options: asOptions(options) } satisfies AuthenticationResult;
}

async function register(
  c: Context<ProviderEnv>,
  auth: BearerAuth,
  method: WebAuthnMethod,
  credential: RegistrationJSON,
  challengeId: string | undefined,
  conditionalCreate: boolean,
) {
  const service = c.get('service');
  // Consumed atomically: single use, even when the verification then fails.
  const ceremony = await consumeRegistrationCeremony(
    service.db,
    byIdOrChallenge(challengeId, credential.response.clientDataJSON),
    { tenantId: auth.tenantId, userId: auth.claims.sub },
    method,
  );
  if (!ceremony) throw invalidChallenge();
  const passkey = method === 'PASSKEY';
  let verification: Awaited<ReturnType<typeof verifyRegistrationResponse>>;
  try {
    verification = await verifyRegistrationResponse({
      response: credential,
      expectedChallenge: ceremony.webauthnChallenge ?? '',
      expectedOrigin: expectedOrigins(c, service),
      expectedRPID: rpIdOf(c, service),
      requireUserPresence: !conditionalCreate,
      requireUserVerification: passkey && !conditionalCreate,
    });
  } catch (error) {
    throw invalidCredential(`The credential could not be verified: ${(error as Error).message}`);
  }
  if (!verification.verified) throw invalidCredential('The credential could not be verified.');
  const info = verification.registrationInfo.credential;
  const attachment = credential.authenticatorAttachment ?? ceremony.attachment ?? null;
  let row: AuthenticatorRow | undefined;
  try {
    row = await insertAuthenticator(service.db, {
      tenantId: auth.tenantId,
      userId: auth.claims.sub,
      method,
      label: passkey ? 'Passkey' : 'Security key',
      verifiedAt: new Date(),
      lastUsedAt: new Date(),
      credentialId: info.id,
      publicKey: Buffer.from(info.publicKey).toString('base64url'),
      counter: info.counter,
      transports: credential.response.transports ?? info.transports ?? null,
      attachment,
    });
  } catch (error) {
    const code = (error as { code?: string }).code ?? (error as { cause?: { code?: string } }).cause?.code;
    if (code === '23505') {
      throw new ProviderHttpError(409, 'invalid_request', 'This authenticator is already registered.', {
        errorCode: 'credential_exists',
      });
    }
    throw error;
  }
  if (!row) throw new Error('insert returned nothing');
  return verifiedResult(service, subjectOf(auth), row, c.req.header('user-agent'));
}

async function authenticate(
  c: Context<ProviderEnv>,
  method: WebAuthnMethod,
  credential: AuthenticationJSON,
  challengeId: string | undefined | null,
) {
  const service = c.get('service');
  const auth = c.get('auth');
  const bearerUser = auth.kind === 'bearer' ? auth.claims.sub : undefined;
  // A tenant-only caller may only finish tenant-only (usernameless) ceremonies; a token only its own user's.
  const ceremony = await consumeAuthenticationCeremony(
    service.db,
    byIdOrChallenge(challengeId, credential.response.clientDataJSON),
    auth.tenantId,
    method,
    bearerUser,
  );
  if (!ceremony) throw invalidChallenge();
  const authenticator = await findCredential(service.db, auth.tenantId, method, credential.id);
  const expectedUser = ceremony.userId ?? bearerUser;
  if (!authenticator?.publicKey || (expectedUser && authenticator.userId !== expectedUser)) {
    throw invalidCredential(
      method === 'PASSKEY' ? 'This passkey is not registered.' : 'This security key is not registered.',
      'unknown_credential',
    );
  }
  let verification: Awaited<ReturnType<typeof verifyAuthenticationResponse>>;
  try {
    verification = await verifyAuthenticationResponse({
      response: credential,
      expectedChallenge: ceremony.webauthnChallenge ?? '',
      expectedOrigin: expectedOrigins(c, service),
      expectedRPID: rpIdOf(c, service),
      credential: {
        id: authenticator.credentialId as string,
        publicKey: new Uint8Array(Buffer.from(authenticator.publicKey, 'base64url')),
        counter: authenticator.counter,
        transports: (authenticator.transports ?? undefined) as never,
      },
      requireUserVerification: method === 'PASSKEY',
    });
  } catch (error) {
    const message = (error as Error).message;
    throw invalidCredential(
      `The credential could not be verified: ${message}`,
      /counter/i.test(message) ? 'counter_regression' : 'invalid_credential',
    );
  }
  if (!verification.verified) throw invalidCredential('The credential could not be verified.');
  // Counter update guarded by the old value: two concurrent uses of one signature cannot both pass.
  const updated = await advanceCounter(
    service.db,
    authenticator.id,
    authenticator.counter,
    verification.authenticationInfo.newCounter,
  );
  if (!updated) throw invalidCredential('The credential was used concurrently.', 'counter_regression');
  const user = await service.findUser(auth.tenantId, authenticator.userId);
  // A step-up's target comes from the bearer token that asks (the ceremony row keeps only the action): kept
  // when the token is for the ceremony's action, else the verified token has no target and opens no targeted action.
  const bearerTarget =
    auth.kind === 'bearer' && auth.claims.act === ceremony.action ? targetOfClaims(auth.claims) : undefined;
  const result = await verifiedResult(
    service,
    {
      tenantId: auth.tenantId,
      userId: authenticator.userId,
      action: ceremony.action,
      ...(bearerTarget ? { target: bearerTarget } : {}),
    },
    updated,
    c.req.header('user-agent'),
  );
  if (user?.email) {
    result.username = user.email;
    result.userDisplayName = user.email;
  }
  return result;
}

/** Passkeys (platform, user verification required) and security keys (cross-platform) with @simplewebauthn/server. */
export function createWebauthnRoutes(): Hono<ProviderEnv> {
  const routes = new Hono<ProviderEnv>();

  routes.post('/client/user-authenticators/passkey/registration-options', async (c) => {
    const auth = requireEnrollToken(c);
    const body = parseBody(PasskeyRegistrationOptionsRequestSchema, await readProviderBody(c));
    const attachment = body.authenticatorAttachment === undefined ? 'platform' : body.authenticatorAttachment;
    // The hosted provider's SDK may leave `username` out: the user's display identity is their e-mail.
    const username =
      body.username ??
      (await c.get('service').findUser(auth.tenantId, auth.claims.sub))?.email ??
      auth.claims.sub;
    return c.json(await registrationOptions(c, auth, 'PASSKEY', username, attachment));
  });

  routes.post('/client/user-authenticators/passkey', async (c) => {
    const auth = requireEnrollToken(c);
    const body = parseBody(PasskeyRegisterRequestSchema, await readProviderBody(c));
    return c.json(
      await register(
        c,
        auth,
        'PASSKEY',
        body.registrationCredential,
        body.challengeId,
        body.conditionalCreate === true,
      ),
    );
  });

  routes.get('/client/user-authenticators/passkey', async (c) => {
    const service = c.get('service');
    const auth = c.get('auth');
    const raw = c.req.queries(PASSKEY_AVAILABILITY_QUERY);
    if (!raw) throw invalidRequest(`Pass the credential ids to check as ?${PASSKEY_AVAILABILITY_QUERY}=a,b`);
    const ids = [...new Set(raw.flatMap((value) => value.split(',')).map((id) => id.trim()))].filter((id) =>
      /^[A-Za-z0-9_-]{1,1024}$/.test(id),
    );
    if (ids.length > 100) throw invalidRequest('Check at most 100 credential ids at once.');
    if (ids.length === 0) return c.json({ credentialIds: [] } satisfies AuthenticationResult);
    const rows = await knownPasskeyIds(service.db, auth.tenantId, ids);
    const found = new Set(rows.map((row) => row.credentialId));
    return c.json({ credentialIds: ids.filter((id) => found.has(id)) } satisfies AuthenticationResult);
  });

  routes.post('/client/user-authenticators/passkey/authentication-options', async (c) => {
    const service = c.get('service');
    const auth = c.get('auth');
    if (auth.kind === 'bearer') requireToken(c, VERIFY_SCOPES);
    const { challengeId } = parseBody(PasskeyAuthenticationOptionsRequestSchema, await readProviderBody(c));
    const bearer = auth.kind === 'bearer' ? auth : undefined;
    const allowed = bearer ? await credentialsOf(service, bearer, 'PASSKEY') : [];
    if (bearer && allowed.length === 0) throw notEnrolled('Passkeys');
    const options = await generateAuthenticationOptions({
      rpID: rpIdOf(c, service),
      userVerification: 'required',
      timeout: TIMEOUT_MS,
      allowCredentials: allowed.map((row) => ({
        id: row.credentialId as string,
        transports: row.transports ?? undefined,
      })),
    });
    const expiresAt = new Date(Date.now() + TIMEOUT_MS);
    if (challengeId) {
      // The action challenge of POST /client/challenge becomes this ceremony.
      if (!UUID.test(challengeId)) throw invalidChallenge();
      const row = await actionChallengeToPasskeyCeremony(
        service.db,
        challengeId,
        auth.tenantId,
        bearer?.claims.sub,
        options.challenge,
        expiresAt,
      );
      if (!row) throw invalidChallenge();
      return c.json({ challengeId: row.id, options: asOptions(options) } satisfies AuthenticationResult);
    }
    const id = randomUUID();
    await insertChallenge(service.db, {
      id,
      tenantId: auth.tenantId,
      userId: bearer?.claims.sub ?? null,
      kind: 'webauthn_authentication',
      method: 'PASSKEY',
      action: bearer?.claims.act ?? DEFAULT_SIGN_IN_ACTION,
      webauthnChallenge: options.challenge,
      expiresAt,
    });
    return c.json({ challengeId: id, options: asOptions(options) } satisfies AuthenticationResult);
  });

  routes.post('/client/verify/passkey', async (c) => {
    const auth = c.get('auth');
    if (auth.kind === 'bearer') requireToken(c, VERIFY_SCOPES);
    const body = parseBody(PasskeyVerifyRequestSchema, await readProviderBody(c));
    return c.json(await authenticate(c, 'PASSKEY', body.authenticationCredential, body.challengeId));
  });

  routes.post('/client/user-authenticators/security-key/registration-options', async (c) => {
    const auth = requireEnrollToken(c);
    parseBody(SecurityKeyOptionsRequestSchema, await readProviderBody(c));
    const user = await c.get('service').findUser(auth.tenantId, auth.claims.sub);
    return c.json(
      await registrationOptions(c, auth, 'SECURITY_KEY', user?.email || auth.claims.sub, 'cross-platform'),
    );
  });

  routes.post('/client/user-authenticators/security-key', async (c) => {
    const auth = requireEnrollToken(c);
    const body = parseBody(SecurityKeyRegisterRequestSchema, await readProviderBody(c));
    const wrapped = 'registrationCredential' in body;
    const credential = wrapped ? body.registrationCredential : body;
    const challengeId = wrapped ? body.challengeId : undefined;
    return c.json(await register(c, auth, 'SECURITY_KEY', credential, challengeId, false));
  });

  routes.post('/client/user-authenticators/security-key/authentication-options', async (c) => {
    const auth = requireToken(c, VERIFY_SCOPES);
    const service = c.get('service');
    parseBody(SecurityKeyOptionsRequestSchema, await readProviderBody(c));
    const allowed = await credentialsOf(service, auth, 'SECURITY_KEY');
    if (allowed.length === 0) throw notEnrolled('Security keys');
    const options = await generateAuthenticationOptions({
      rpID: rpIdOf(c, service),
      userVerification: 'preferred',
      timeout: TIMEOUT_MS,
      allowCredentials: allowed.map((row) => ({
        id: row.credentialId as string,
        transports: row.transports ?? undefined,
      })),
    });
    const id = randomUUID();
    await insertChallenge(service.db, {
      id,
      tenantId: auth.tenantId,
      userId: auth.claims.sub,
      kind: 'webauthn_authentication',
      method: 'SECURITY_KEY',
      action: auth.claims.act,
      webauthnChallenge: options.challenge,
      expiresAt: new Date(Date.now() + TIMEOUT_MS),
    });
    return c.json({ challengeId: id, options: asOptions(options) } satisfies AuthenticationResult);
  });

  routes.post('/client/verify/security-key', async (c) => {
    requireToken(c, VERIFY_SCOPES);
    const body = parseBody(SecurityKeyVerifyRequestSchema, await readProviderBody(c));
    const wrapped = 'authenticationCredential' in body;
    const credential = wrapped ? body.authenticationCredential : body;
    return c.json(await authenticate(c, 'SECURITY_KEY', credential, wrapped ? body.challengeId : undefined));
  });

  return routes;
}

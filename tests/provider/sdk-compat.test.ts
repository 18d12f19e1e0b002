import { organizations } from '@server/db/schema';
import { DEMO_EMAIL } from '@server/seed/seed';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { freshDatabase } from '../support/db';
import { signedIn } from '../support/http';
import { SoftAuthenticator } from './softAuthenticator';
import { BASE } from './support';

/**
 * The built-in provider called exactly as the hosted provider's browser SDK calls it: JSON bodies built with
 * JSON.stringify (so optional fields left undefined are absent), `Authorization: Bearer <token>`, or without a
 * token `Basic base64(encodeURIComponent(tenantId))` (no colon), and the tenant id the app hands the browser.
 */
const { db } = await freshDatabase();
const app = await signedIn(db, 'demo');

/** The SDK's buildHeaders(). */
const sdkHeaders = (tenantId: string, token?: string) => ({
  'content-type': 'application/json',
  authorization: token
    ? `Bearer ${token}`
    : `Basic ${Buffer.from(encodeURIComponent(tenantId), 'binary').toString('base64')}`,
});

/** A POST as the SDK sends it: the body through JSON.stringify, undefined fields dropped. */
const sdkPost = (tenantId: string, path: string, body: object, token?: string) =>
  app.post(`${BASE}${path}`, JSON.stringify(body), sdkHeaders(tenantId, token));

describe("the hosted provider's browser SDK against the built-in provider", () => {
  it('hands the browser one tenant id: the one tokens carry and the Basic authorization accepts', async () => {
    const config = await app.get('/api/security/provider');
    const enrolment = await app.post('/api/security/enrollment-token');
    const user = await app.get('/api/auth/user');
    const memberships = await app.get('/api/organization');
    const tenantId = config.body.tenantId;
    expect(enrolment.body.tenantId).toBe(tenantId);
    expect(user.body.currentOrganization.tenantId).toBe(tenantId);
    expect(memberships.body.map((o: { tenantId: string }) => o.tenantId)).toEqual([tenantId]);
    const claims = JSON.parse(Buffer.from(enrolment.body.token.split('.')[1], 'base64url').toString());
    expect(claims.tid).toBe(tenantId);
    const basic = await sdkPost(tenantId, '/client/challenge', { action: 'signIn' });
    expect(basic.status).toBe(200);
    // The organization's stored id is not a tenant of the provider.
    const [stored] = await db.select().from(organizations).where(eq(organizations.name, 'Demo Agency'));
    expect(stored?.tenantId).toMatch(/^tnt_/);
    expect((await sdkPost(stored?.tenantId ?? '', '/client/challenge', { action: 'signIn' })).status).toBe(
      401,
    );
  });

  it('enrols a passkey with the bodies the SDK sends (no username, no attachment), then signs in usernameless', async () => {
    const { tenantId } = (await app.get('/api/security/provider')).body;
    const { token } = (await app.post('/api/security/enrollment-token')).body;
    const authenticator = new SoftAuthenticator({ attachment: 'platform' });

    // registrationOptions({ token }) → body {username: undefined} → "{}"
    const options = await sdkPost(tenantId, '/client/user-authenticators/passkey/registration-options', {
      username: undefined,
    });
    expect(options.status).toBe(401); // without the token the SDK would have sent Basic: enrolment needs a token
    const withToken = await sdkPost(
      tenantId,
      '/client/user-authenticators/passkey/registration-options',
      { username: undefined },
      token,
    );
    expect(withToken.status).toBe(200);
    expect(withToken.body.options.user).toMatchObject({ name: DEMO_EMAIL, displayName: DEMO_EMAIL });
    expect(withToken.body.options.authenticatorSelection.authenticatorAttachment).toBe('platform');

    // addAuthenticator({ token, registrationCredential, challengeId }) — conditionalCreate undefined
    const added = await sdkPost(
      tenantId,
      '/client/user-authenticators/passkey',
      {
        registrationCredential: authenticator.register(withToken.body.options),
        conditionalCreate: undefined,
        challengeId: withToken.body.challengeId,
      },
      token,
    );
    expect(added.status).toBe(200);
    expect(added.body).toMatchObject({ isVerified: true, accessToken: expect.any(String) });

    // Usernameless sign-in: challenge({action}) and authenticationOptions({challengeId}) with the Basic header,
    // verify({authenticationCredential, challengeId}) with deviceId left undefined.
    const challenge = await sdkPost(tenantId, '/client/challenge', { action: 'signIn' });
    expect(challenge.status).toBe(200);
    const auth = await sdkPost(tenantId, '/client/user-authenticators/passkey/authentication-options', {
      challengeId: challenge.body.challengeId,
    });
    expect(auth.status).toBe(200);
    const verified = await sdkPost(tenantId, '/client/verify/passkey', {
      authenticationCredential: authenticator.assert(auth.body.options),
      deviceId: undefined,
      challengeId: auth.body.challengeId,
    });
    expect(verified.status).toBe(200);
    expect(verified.body).toMatchObject({ isVerified: true, accessToken: expect.any(String) });

    // getPasskeyAuthenticator({credentialIds}): `?credentialIds=${array}` (comma-joined), Basic, no body.
    const found = await app.get(
      `${BASE}/client/user-authenticators/passkey?credentialIds=${[authenticator.id, 'gone']}`,
      sdkHeaders(tenantId),
    );
    expect(found.status).toBe(200);
    expect(found.body.credentialIds).toEqual([authenticator.id]);
  });
});

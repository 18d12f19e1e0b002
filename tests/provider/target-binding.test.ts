import { randomUUID } from 'node:crypto';
import type { StepUpTarget } from '@contract/stepUp';
import { SignJWT } from 'jose';
import { Secret, TOTP } from 'otpauth';
import { describe, expect, it } from 'vitest';
import { freshDatabase } from '../support/db';
import { SoftAuthenticator } from './softAuthenticator';
import { providerHarness, TENANT } from './support';

/**
 * Issue 11, finding 4: the built-in provider binds a step-up to its target. `track` with a target puts it in
 * the challenge token (`tgt`, `tgh`) and the options (`description`); every verification method keeps it in
 * the verified token; `validate` refuses it for another target, for an untargeted check, and the other way
 * round.
 */

const { db } = await freshDatabase();
const h = await providerHarness(db);

const campaignA: StepUpTarget = {
  kind: 'campaign',
  id: '11111111-1111-4111-8111-111111111111',
  description: 'Delete campaign Spring Launch on Meta and TikTok',
  params: { platforms: ['meta', 'tiktok'], budgetMinor: 100_000 },
};
const campaignB: StepUpTarget = { ...campaignA, id: '22222222-2222-4222-8222-222222222222' };
const claimsOf = (token: string) => JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString());

async function passkeyUser() {
  const user = await h.enrolledUser();
  const authenticator = new SoftAuthenticator({ attachment: 'platform' });
  const options = await h.post(
    '/client/user-authenticators/passkey/registration-options',
    { token: user.token },
    { username: user.email },
  );
  const registered = await h.post(
    '/client/user-authenticators/passkey',
    { token: user.token },
    {
      challengeId: options.body.challengeId,
      registrationCredential: authenticator.register(options.body.options),
      conditionalCreate: false,
    },
  );
  expect(registered.status).toBe(200);
  return { ...user, authenticator };
}

/** A passkey step-up: options with `optionsToken`, verified with `verifyToken` (the same one normally). */
async function passkeyVerify(
  user: Awaited<ReturnType<typeof passkeyUser>>,
  optionsToken: string,
  verifyToken = optionsToken,
) {
  const options = await h.post(
    '/client/user-authenticators/passkey/authentication-options',
    { token: optionsToken },
    {},
  );
  expect(options.status).toBe(200);
  const verify = await h.post(
    '/client/verify/passkey',
    { token: verifyToken },
    {
      challengeId: options.body.challengeId,
      authenticationCredential: user.authenticator.assert(options.body.options),
      deviceId: 'device-1',
    },
  );
  expect(verify.status).toBe(200);
  return verify.body.accessToken as string;
}

describe('step-up target binding (built-in provider)', () => {
  it('track binds the challenge token and describes the target; a passkey verification keeps the binding', async () => {
    const user = await passkeyUser();
    const step = await h.provider.track({ ...user, action: 'deleteCampaign', target: campaignA });
    expect(step.description).toBe('Delete campaign Spring Launch on Meta and TikTok');
    expect(claimsOf(step.token)).toMatchObject({ act: 'deleteCampaign', tgt: `campaign:${campaignA.id}` });
    expect(claimsOf(step.token).tgh).toMatch(/^[\w-]{43}$/);

    const verified = await passkeyVerify(user, step.token);
    expect(claimsOf(verified)).toMatchObject({ scope: 'verified', tgt: `campaign:${campaignA.id}` });
    const expectAt = (target: StepUpTarget | undefined) =>
      h.provider.validate(verified, {
        userId: user.userId,
        action: 'deleteCampaign',
        ...(target ? { target } : {}),
      });
    expect(await expectAt(campaignB)).toEqual({ ok: false, reason: 'wrong_target' });
    expect(await expectAt(undefined)).toEqual({ ok: false, reason: 'wrong_target' });
    // Same campaign, but what the person was shown (or the change's parameters) is not what would happen now.
    expect(await expectAt({ ...campaignA, description: 'Delete campaign Spring Launch on Meta' })).toEqual({
      ok: false,
      reason: 'wrong_target',
    });
    expect(await expectAt({ ...campaignA, params: { platforms: ['meta'], budgetMinor: 100_000 } })).toEqual({
      ok: false,
      reason: 'wrong_target',
    });
    // Parameters in another key order are the same parameters.
    expect(
      await expectAt({ ...campaignA, params: { budgetMinor: 100_000, platforms: ['meta', 'tiktok'] } }),
    ).toMatchObject({ ok: true });
  });

  it('an untargeted step-up is refused for a targeted action', async () => {
    const user = await passkeyUser();
    const step = await h.provider.track({ ...user, action: 'deleteCampaign' });
    expect(step.description).toBeUndefined();
    expect(claimsOf(step.token).tgt).toBeUndefined();
    const verified = await passkeyVerify(user, step.token);
    expect(
      await h.provider.validate(verified, {
        userId: user.userId,
        action: 'deleteCampaign',
        target: campaignA,
      }),
    ).toEqual({ ok: false, reason: 'wrong_target' });
    expect(
      await h.provider.validate(verified, { userId: user.userId, action: 'deleteCampaign' }),
    ).toMatchObject({ ok: true });
  });

  it('a ceremony started for one step-up and finished with another token opens neither target', async () => {
    const user = await passkeyUser();
    const forA = await h.provider.track({ ...user, action: 'deleteCampaign', target: campaignA });
    const forB = await h.provider.track({ ...user, action: 'launchCampaign', target: campaignB });
    const verified = await passkeyVerify(user, forA.token, forB.token);
    expect(claimsOf(verified)).toMatchObject({ act: 'deleteCampaign' });
    expect(claimsOf(verified).tgt).toBeUndefined();
    for (const [action, target] of [
      ['deleteCampaign', campaignA],
      ['launchCampaign', campaignB],
    ] as const) {
      expect((await h.provider.validate(verified, { userId: user.userId, action, target })).ok).toBe(false);
    }
  });

  it('an authenticator-app verification keeps the binding', async () => {
    const user = await h.enrolledUser();
    const enrol = await h.post('/client/user-authenticators/totp', { token: user.token });
    const secret = Secret.fromBase32(enrol.body.secret);
    const code = (steps: number) => TOTP.generate({ secret, timestamp: Date.now() + steps * 30_000 });
    expect(
      (await h.post('/client/verify/totp', { token: user.token }, { verificationCode: code(0) })).status,
    ).toBe(200);
    const customer: StepUpTarget = {
      kind: 'customer',
      id: campaignA.id,
      description: 'Delete customer Northwind',
    };
    const step = await h.provider.track({ ...user, action: 'deleteCustomer', target: customer });
    const ok = await h.post('/client/verify/totp', { token: step.token }, { verificationCode: code(1) });
    expect(ok.status).toBe(200);
    // A campaign with the customer's id is another target.
    expect(
      await h.provider.validate(ok.body.accessToken, {
        userId: user.userId,
        action: 'deleteCustomer',
        target: { ...customer, kind: 'campaign' },
      }),
    ).toEqual({ ok: false, reason: 'wrong_target' });
    expect(
      await h.provider.validate(ok.body.accessToken, {
        userId: user.userId,
        action: 'deleteCustomer',
        target: customer,
      }),
    ).toMatchObject({ ok: true });
  });

  it('a token with half a binding (tgt without tgh) is malformed', async () => {
    const user = await h.enrolledUser();
    const keys = await h.stepUp.service.keys();
    const now = Math.floor(Date.now() / 1000);
    const half = await new SignJWT({
      tid: TENANT,
      act: 'deleteCampaign',
      scope: 'verified',
      tgt: 'campaign:x',
    })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(user.userId)
      .setJti(randomUUID())
      .setIssuedAt(now)
      .setExpirationTime(now + 600)
      .sign(keys.signingKey(TENANT));
    expect(await h.provider.validate(half, { userId: user.userId, action: 'deleteCampaign' })).toEqual({
      ok: false,
      reason: 'invalid_token',
    });
  });
});

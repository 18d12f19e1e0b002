import {
  type AuthenticationResult,
  EnrollEmailRequestSchema,
  EnrollSmsRequestSchema,
  RESEND_COOLDOWN_SECONDS,
  VerifyCodeRequestSchema,
} from '@contract/provider';
import { Hono } from 'hono';
import { type BearerAuth, type ProviderEnv, requireEnrollToken, requireToken, VERIFY_SCOPES } from './auth';
import {
  createSentChallenge,
  deliver,
  newCode,
  notEnrolled,
  targetAuthenticator,
  verifyCode,
} from './challenges';
import { parseBody, readProviderBody } from './errors';
import { subjectOf, verifiedResult } from './result';
import { canStillConfirm, type ProviderService } from './service';
import { deleteUnconfirmedAuthenticators, findCodeAuthenticator, insertAuthenticator } from './store';

interface CodeChannel {
  kind: 'email_otp' | 'sms';
  method: 'EMAIL_OTP' | 'SMS';
  channel: 'email' | 'sms';
  /** URL segment: /client/user-authenticators/<segment>, /client/challenge/<segment>, /client/verify/<segment> */
  segment: string;
  what: string;
}

const EMAIL: CodeChannel = {
  kind: 'email_otp',
  method: 'EMAIL_OTP',
  channel: 'email',
  segment: 'email-otp',
  what: 'E-mail codes',
};
const SMS: CodeChannel = {
  kind: 'sms',
  method: 'SMS',
  channel: 'sms',
  segment: 'sms',
  what: 'Text-message codes',
};

async function sendCode(
  service: ProviderService,
  auth: BearerAuth,
  channel: CodeChannel,
  recipient: string,
  authenticatorId: string | null,
): Promise<AuthenticationResult> {
  const code = newCode();
  const { challengeId, expiresAt } = await createSentChallenge(service, {
    ...subjectOf(auth),
    kind: channel.kind,
    method: channel.method,
    authenticatorId,
    recipient,
    channel: channel.channel,
    code,
  });
  await deliver(() =>
    channel.channel === 'email'
      ? service.delivery.email.send({
          to: recipient,
          subject: `${code} is your verification code`,
          text: `Your verification code is ${code}. It expires in 10 minutes.\n\nIf you did not ask for it, ignore this e-mail.`,
          code,
        })
      : service.delivery.sms.send({
          to: recipient,
          text: `${code} is your verification code. It expires in 10 minutes.`,
          code,
        }),
  );
  return { challengeId, expiresAt: expiresAt.toISOString(), retryAfterSeconds: RESEND_COOLDOWN_SECONDS };
}

/** Enrols `value` (an e-mail address or phone number) as a pending authenticator, reusing an existing one. */
async function enrolAuthenticator(
  service: ProviderService,
  auth: BearerAuth,
  channel: CodeChannel,
  value: string,
) {
  const owner = { tenantId: auth.tenantId, userId: auth.claims.sub };
  const field = channel.channel === 'email' ? 'email' : 'phoneNumber';
  const existing = await findCodeAuthenticator(service.db, owner, channel.method, field, value);
  if (existing) return existing;
  // A new enrolment replaces the user's other unconfirmed one of this method.
  await deleteUnconfirmedAuthenticators(service.db, owner, channel.method);
  const row = await insertAuthenticator(service.db, {
    tenantId: auth.tenantId,
    userId: auth.claims.sub,
    method: channel.method,
    label: value,
    email: channel.channel === 'email' ? value : null,
    phoneNumber: channel.channel === 'sms' ? value : null,
  });
  if (!row) throw new Error('insert returned nothing');
  return row;
}

function codeChannelRoutes(channel: CodeChannel) {
  const routes = new Hono<ProviderEnv>();

  routes.post(`/client/user-authenticators/${channel.segment}`, async (c) => {
    const auth = requireEnrollToken(c);
    const service = c.get('service');
    const body = await readProviderBody(c);
    const value =
      channel.channel === 'email'
        ? parseBody(EnrollEmailRequestSchema, body).email
        : parseBody(EnrollSmsRequestSchema, body).phoneNumber;
    await service.upsertUser(auth.tenantId, auth.claims.sub);
    const authenticator = await enrolAuthenticator(service, auth, channel, value);
    const sent = await sendCode(service, auth, channel, value, authenticator.id);
    return c.json({
      ...sent,
      userAuthenticatorId: authenticator.id,
      userId: auth.claims.sub,
    } satisfies AuthenticationResult);
  });

  routes.post(`/client/challenge/${channel.segment}`, async (c) => {
    const auth = requireToken(c, VERIFY_SCOPES);
    const service = c.get('service');
    await readProviderBody(c);
    const authenticator = await targetAuthenticator(service, auth, channel.method);
    if (authenticator) {
      const recipient = (channel.channel === 'email' ? authenticator.email : authenticator.phoneNumber) ?? '';
      return c.json(await sendCode(service, auth, channel, recipient, authenticator.id));
    }
    // A user with no authenticator at all is challenged by e-mail to their sign-in address.
    if (channel.method === 'EMAIL_OTP') {
      const verified = (
        await service.authenticators(auth.tenantId, auth.claims.sub, { verifiedOnly: true })
      ).filter(canStillConfirm);
      const user = await service.findUser(auth.tenantId, auth.claims.sub);
      if (verified.length === 0 && user?.email)
        return c.json(await sendCode(service, auth, channel, user.email, null));
    }
    throw notEnrolled(channel.what);
  });

  routes.post(`/client/verify/${channel.segment}`, async (c) => {
    const auth = requireToken(c, VERIFY_SCOPES);
    const service = c.get('service');
    const { verificationCode } = parseBody(VerifyCodeRequestSchema, await readProviderBody(c));
    const challenge = await verifyCode(service, auth, channel.kind, verificationCode);
    const authenticator = challenge.authenticatorId
      ? await service.markUsed(challenge.authenticatorId)
      : undefined;
    return c.json(
      await verifiedResult(
        service,
        subjectOf(auth),
        authenticator,
        c.req.header('user-agent'),
        channel.method,
      ),
    );
  });

  return routes;
}

/** E-mail OTP and SMS: enrol (sends a code), challenge (sends a code), verify. */
export function createCodeRoutes(): Hono<ProviderEnv> {
  const routes = new Hono<ProviderEnv>();
  routes.route('/', codeChannelRoutes(EMAIL));
  routes.route('/', codeChannelRoutes(SMS));
  return routes;
}

import { randomBytes } from 'node:crypto';
import {
  type AuthenticationResult,
  EnrollEmailRequestSchema,
  FinalizeMagicLinkRequestSchema,
  MAGIC_LINK_TTL_SECONDS,
  RESEND_COOLDOWN_SECONDS,
} from '@contract/provider';
import { type Context, Hono } from 'hono';
import { html, raw } from 'hono/html';
import { type BearerAuth, type ProviderEnv, requireEnrollToken, requireToken, VERIFY_SCOPES } from './auth';
import {
  createSentChallenge,
  deliver,
  notEnrolled,
  pendingChallenge,
  targetAuthenticator,
} from './challenges';
import { ProviderHttpError, parseBody, providerNotFound, readProviderBody } from './errors';
import { sha256 } from './keys';
import { subjectOf, verifiedResult } from './result';
import type { AuthenticatorRow, ProviderService } from './service';
import {
  consumeChallenge,
  deleteUnconfirmedMagicLinks,
  findMagicLinkAuthenticator,
  insertAuthenticator,
  magicLinkKnown,
  verifyMagicLink,
} from './store';

/** The app's own origin for absolute links: PUBLIC_ORIGIN, else the request's. */
export const originOf = (c: Context, service: ProviderService) =>
  service.config.publicOrigin ?? new URL(c.req.url).origin;

async function sendLink(c: Context<ProviderEnv>, auth: BearerAuth, authenticator: AuthenticatorRow) {
  const service = c.get('service');
  const email = authenticator.email ?? '';
  const token = randomBytes(32).toString('base64url');
  const link = `${originOf(c, service)}${service.config.basePath}/magic-link/${token}`;
  const { challengeId, expiresAt } = await createSentChallenge(service, {
    ...subjectOf(auth),
    kind: 'email_magic_link',
    method: 'EMAIL_MAGIC_LINK',
    authenticatorId: authenticator.id,
    recipient: email,
    channel: 'email',
    magicLinkHash: sha256(token),
    ttlSeconds: MAGIC_LINK_TTL_SECONDS,
  });
  await deliver(() =>
    service.delivery.email.send({
      to: email,
      subject: "Confirm it's you",
      text: `Open this link to confirm it's you:\n\n${link}\n\nIt works once and expires in 10 minutes. If you did not ask for it, ignore this e-mail.`,
      html: `<p>Open this link to confirm it's you:</p><p><a href="${link}">Confirm it's me</a></p><p>It works once and expires in 10 minutes. If you did not ask for it, ignore this e-mail.</p>`,
      link,
    }),
  );
  return {
    challengeId,
    userAuthenticatorId: authenticator.id,
    userId: auth.claims.sub,
    expiresAt: expiresAt.toISOString(),
    retryAfterSeconds: RESEND_COOLDOWN_SECONDS,
  } satisfies AuthenticationResult;
}

/** `title` and `text` are this file's constants (no user input), so they go in unescaped. */
function page(title: string, text: string) {
  return html`<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>${raw(title)}</title>
    <style>
      body { font-family: system-ui, sans-serif; display: grid; place-items: center; min-height: 90vh; margin: 0; color: #111; }
      main { max-width: 28rem; padding: 2rem; text-align: center; }
      h1 { font-size: 1.4rem; }
    </style>
  </head>
  <body>
    <main>
      <h1>${raw(title)}</h1>
      <p>${raw(text)}</p>
    </main>
  </body>
</html>`;
}

/** E-mail magic links: enrol and challenge send a single-use link; its page marks the challenge verified; finalize. */
export function createMagicLinkRoutes(): Hono<ProviderEnv> {
  const routes = new Hono<ProviderEnv>();

  routes.post('/client/user-authenticators/email-magic-link', async (c) => {
    const auth = requireEnrollToken(c);
    const service = c.get('service');
    const { email } = parseBody(EnrollEmailRequestSchema, await readProviderBody(c));
    await service.upsertUser(auth.tenantId, auth.claims.sub);
    const owner = { tenantId: auth.tenantId, userId: auth.claims.sub };
    let authenticator = await findMagicLinkAuthenticator(service.db, owner, email);
    if (!authenticator) {
      await deleteUnconfirmedMagicLinks(service.db, owner);
      authenticator = await insertAuthenticator(service.db, {
        tenantId: auth.tenantId,
        userId: auth.claims.sub,
        method: 'EMAIL_MAGIC_LINK',
        label: email,
        email,
      });
    }
    if (!authenticator) throw new Error('insert returned nothing');
    return c.json(await sendLink(c, auth, authenticator));
  });

  routes.post('/client/challenge/email-magic-link', async (c) => {
    const auth = requireToken(c, VERIFY_SCOPES);
    await readProviderBody(c);
    const authenticator = await targetAuthenticator(c.get('service'), auth, 'EMAIL_MAGIC_LINK');
    if (!authenticator) throw notEnrolled('E-mail magic links');
    return c.json(await sendLink(c, auth, authenticator));
  });

  routes.post('/client/verify/email-magic-link/finalize', async (c) => {
    const auth = requireToken(c, VERIFY_SCOPES);
    const service = c.get('service');
    parseBody(FinalizeMagicLinkRequestSchema, await readProviderBody(c));
    const outcome = await service.db.transaction(async (tx) => {
      const challenge = await pendingChallenge(tx, auth.tenantId, auth.claims.sub, 'email_magic_link');
      if (!challenge) return providerNotFound('No magic link is pending. Send a new one.');
      if (!challenge.verifiedAt) {
        if (challenge.expiresAt.getTime() <= Date.now()) {
          return new ProviderHttpError(400, 'invalid_code', 'The link has expired. Send a new one.', {
            errorCode: 'expired_link',
            isVerified: false,
          });
        }
        return { isVerified: false as const };
      }
      await consumeChallenge(tx, challenge.id, new Date());
      return { isVerified: true as const, authenticatorId: challenge.authenticatorId };
    });
    if (outcome instanceof ProviderHttpError) throw outcome;
    if (!outcome.isVerified) return c.json({ isVerified: false } satisfies AuthenticationResult);
    const authenticator = outcome.authenticatorId
      ? await service.markUsed(outcome.authenticatorId)
      : undefined;
    return c.json(
      await verifiedResult(
        service,
        subjectOf(auth),
        authenticator,
        c.req.header('user-agent'),
        'EMAIL_MAGIC_LINK',
      ),
    );
  });

  /** The link in the e-mail (no authorization: the link is the secret). */
  routes.get('/magic-link/:token', async (c) => {
    const service = c.get('service');
    const hash = sha256(c.req.param('token'));
    const verified = await verifyMagicLink(service.db, hash);
    c.header('Cache-Control', 'no-store');
    c.header('Referrer-Policy', 'no-referrer');
    if (verified) return c.html(page("You're verified", "You're verified. You can close this tab."));
    const known = await magicLinkKnown(service.db, hash);
    return known
      ? c.html(page('Link expired', 'This link has expired or was already used. Ask for a new one.'), 410)
      : c.html(page('Link not found', 'This link is not valid. Ask for a new one.'), 404);
  });

  return routes;
}

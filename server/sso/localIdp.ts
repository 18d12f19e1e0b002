import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';

/**
 * A local OpenID Connect identity provider (oidc-provider), so single sign-on works on one machine: the tests
 * start one in-process on a free port, and `DEMO_IDP=1` starts one beside the development server
 * (docs/sso.md). Its people are fixed; choosing one on its sign-in page signs them in — no password.
 */

export const DEMO_IDP_DOMAIN = 'demo-idp.test';

export interface LocalIdpUser {
  email: string;
  emailVerified: boolean;
  givenName: string;
  familyName: string;
}

export const DEMO_IDP_USERS: readonly LocalIdpUser[] = [
  { email: `ada@${DEMO_IDP_DOMAIN}`, emailVerified: true, givenName: 'Ada', familyName: 'Lovelace' },
  { email: `grace@${DEMO_IDP_DOMAIN}`, emailVerified: true, givenName: 'Grace', familyName: 'Hopper' },
  { email: `unverified@${DEMO_IDP_DOMAIN}`, emailVerified: false, givenName: 'Una', familyName: 'Verified' },
];

export const DEMO_IDP_CLIENT_ID = 'flightplan';
export const DEMO_IDP_CLIENT_SECRET = 'flightplan-demo-secret';

export interface LocalIdpOptions {
  /** 0: a free port. */
  port: number;
  host?: string;
  /** Where our callback lives: `<PUBLIC_ORIGIN>/auth/federate/callback`. */
  redirectUris: string[];
  clientId?: string;
  clientSecret?: string;
  users?: readonly LocalIdpUser[];
}

export interface LocalIdp {
  issuer: string;
  clientId: string;
  clientSecret: string;
  close(): Promise<void>;
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

async function readForm(req: IncomingMessage): Promise<URLSearchParams> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > 10_000) break;
    chunks.push(chunk as Buffer);
  }
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}

function signInPage(uid: string, users: readonly LocalIdpUser[]): string {
  const buttons = users
    .map(
      (user) =>
        `<li><button name="login" value="${escapeHtml(user.email)}">${escapeHtml(`${user.givenName} ${user.familyName}`)} · ${escapeHtml(user.email)}${user.emailVerified ? '' : ' (e-mail not verified)'}</button></li>`,
    )
    .join('');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Demo identity provider</title></head>
<body><main><h1>Demo identity provider</h1><p>Choose who signs in (no password: this provider is for development and tests only).</p>
<form method="post" action="/interaction/${escapeHtml(uid)}/login"><ul>${buttons}</ul></form></main></body></html>`;
}

/** Starts the identity provider; `close()` stops it. */
export async function startLocalIdp(options: LocalIdpOptions): Promise<LocalIdp> {
  const users = options.users ?? DEMO_IDP_USERS;
  const clientId = options.clientId ?? DEMO_IDP_CLIENT_ID;
  const clientSecret = options.clientSecret ?? DEMO_IDP_CLIENT_SECRET;
  const host = options.host ?? '127.0.0.1';
  let handle: (req: IncomingMessage, res: ServerResponse) => void = (_req, res) => res.end();
  const server: Server = createServer((req, res) => handle(req, res));
  await new Promise<void>((resolve) => server.listen(options.port, host, resolve));
  const { port } = server.address() as AddressInfo;
  const issuer = `http://${host === '0.0.0.0' ? 'localhost' : host}:${port}`;
  const signingKey = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ format: 'jwk' });

  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: options.redirectUris,
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_basic',
      },
    ],
    jwks: { keys: [{ ...signingKey, kid: 'local-idp', use: 'sig', alg: 'RS256' }] },
    cookies: { keys: [randomBytes(32).toString('base64url')] },
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['name', 'given_name', 'family_name'],
    },
    // The ID token carries the e-mail and names, as most providers' do (our client also asks userinfo).
    conformIdTokenClaims: false,
    features: { devInteractions: { enabled: false } },
    // Seconds; short: the artifacts live in memory only (the provider's development adapter).
    ttl: {
      AccessToken: 600,
      AuthorizationCode: 60,
      Grant: 600,
      IdToken: 600,
      Interaction: 600,
      Session: 3600,
    },
    interactions: { url: (_ctx: unknown, interaction: { uid: string }) => `/interaction/${interaction.uid}` },
    async findAccount(_ctx: unknown, sub: string) {
      const user = users.find((u) => u.email === sub);
      if (!user) return undefined;
      return {
        accountId: sub,
        claims: async () => ({
          sub,
          email: user.email,
          email_verified: user.emailVerified,
          name: `${user.givenName} ${user.familyName}`,
          given_name: user.givenName,
          family_name: user.familyName,
        }),
      };
    },
  });
  const callback = provider.callback();

  handle = (req, res) => {
    const url = new URL(req.url ?? '/', issuer);
    const match = /^\/interaction\/([\w-]+)(\/login)?$/.exec(url.pathname);
    if (!match) return callback(req, res);
    void (async () => {
      try {
        const details = await provider.interactionDetails(req, res);
        if (req.method === 'GET' && !match[2]) {
          res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
          return res.end(signInPage(details.uid, users));
        }
        if (req.method !== 'POST' || !match[2]) {
          res.writeHead(405);
          return res.end();
        }
        const login = (await readForm(req)).get('login') ?? '';
        if (!users.some((u) => u.email === login)) {
          res.writeHead(400, { 'content-type': 'text/plain' });
          return res.end('Unknown person');
        }
        const grant = new provider.Grant({ accountId: login, clientId: String(details.params.client_id) });
        grant.addOIDCScope(String(details.params.scope ?? 'openid'));
        const grantId = await grant.save();
        await provider.interactionFinished(
          req,
          res,
          { login: { accountId: login }, consent: { grantId } },
          { mergeWithLastSubmission: false },
        );
      } catch (error) {
        res.writeHead(400, { 'content-type': 'text/plain' });
        res.end(`Sign-in failed: ${(error as Error).message}`);
      }
    })();
  };

  return {
    issuer,
    clientId,
    clientSecret,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

import { createHash, randomBytes } from 'node:crypto';
import type { Database } from '@server/db/connect';
import {
  type ConnectorFetch,
  createConnectors,
  type PlatformAdMedia,
  type PlatformCredentials,
  type SandboxOptions,
} from '@server/platforms';
import { GraphConnector } from '@server/platforms/meta/graphConnector';
import { graphAdAccountId } from '@server/platforms/sandbox/graph/wire';
import { insertSandboxCode } from '@server/platforms/sandbox/oauth/store';
import { hashToken, issueSandboxTokens } from '@server/platforms/sandbox/oauthTokens';
import sharp from 'sharp';
import { socketEnv, TEST_CONFIG, testApp } from './http';
import { syntheticOriginal } from './syntheticMedia';

/** One HTTP exchange the Meta connector made, as the wire carried it. */
export interface GraphExchange {
  method: string;
  url: string;
  /** Query params (GET) or form fields (POST); file parts as `<file name>`. */
  params: Record<string, string>;
  status: number;
  headers: Record<string, string>;
  body: unknown;
}

export const META_GRAPH_URL = 'http://localhost/sandbox/meta/graph';
export const META_GRAPH_SETTINGS = {
  url: META_GRAPH_URL,
  version: 'v27.0',
  appId: TEST_CONFIG.oauth.sandboxClient.clientId,
  appSecret: TEST_CONFIG.oauth.sandboxClient.clientSecret,
};

/** A picture's bytes as the asset storage would hand them: a PNG of the media's size. */
export async function pngOf(media: Pick<PlatformAdMedia, 'width' | 'height'>): Promise<Uint8Array> {
  return sharp({ create: { width: media.width, height: media.height, channels: 3, background: '#3366aa' } })
    .png()
    .toBuffer();
}

/**
 * An app whose `meta` connector is the real Graph connector (`graph`), reaching the app's own Graph stand-in
 * (`/sandbox/meta/graph/v27.0/…`) in-process; every exchange is recorded in `exchanges`. `connector` is the
 * same connector with a media reader (pictures made to the media's size).
 */
export function metaGraphApp(db: Database, sandbox: SandboxOptions = { delayMs: 0, reviewMs: 200 }) {
  const exchanges: GraphExchange[] = [];
  let app: ReturnType<typeof testApp> | undefined;
  const fetch: ConnectorFetch = async (url, init) => {
    const response = await app!.request(url, init, socketEnv());
    exchanges.push(await record(url, init, response.clone()));
    return response;
  };
  const settings = { connectors: { meta: 'graph' }, sandbox, meta: META_GRAPH_SETTINGS, fetch };
  // The stand-in reviews on the same clock as the connectors' sandbox options.
  app = testApp(db, { connectors: createConnectors(db, settings), standIns: sandbox });
  const connector = new GraphConnector('meta', 'Meta', META_GRAPH_SETTINGS, fetch, {
    readMedia: { original: (media) => syntheticOriginal(media), cropped: async () => null },
  });
  return { app, connector, exchanges, fetch };
}

/** A Meta grant in the sandbox: a token for a sandbox ad account, and the credentials naming its `act_<id>`. */
export async function metaGrant(
  db: Database,
  sandboxAccountId = `meta-act-${Math.random().toString(16).slice(2, 10)}`,
  scope = 'ads_management ads_read business_management',
): Promise<PlatformCredentials & { sandboxAccountId: string }> {
  const tokens = await issueSandboxTokens(db, {
    platformKey: 'meta',
    clientId: META_GRAPH_SETTINGS.appId,
    externalAccountId: sandboxAccountId,
    scope,
  });
  return {
    accessToken: tokens.accessToken,
    externalAccountId: graphAdAccountId(sandboxAccountId),
    sandboxAccountId,
  };
}

async function record(url: string, init: RequestInit, response: Response): Promise<GraphExchange> {
  const parsed = new URL(url);
  const params: Record<string, string> = Object.fromEntries(parsed.searchParams);
  if (typeof init.body === 'string')
    Object.assign(params, Object.fromEntries(new URLSearchParams(init.body)));
  else if (init.body instanceof FormData)
    for (const [name, value] of init.body)
      params[name] = typeof value === 'string' ? value : `<file ${value.name}>`;
  let body: unknown = null;
  try {
    body = await response.json();
  } catch {
    body = null;
  }
  return {
    method: init.method ?? 'GET',
    url: `${parsed.origin}${parsed.pathname}`,
    params,
    status: response.status,
    headers: Object.fromEntries(
      [...response.headers].filter(([name]) => name.startsWith('x-') && name !== 'x-fb-trace-id'),
    ),
    body,
  };
}

/**
 * A short-lived token as Facebook Login gives one: a code from the sandbox consent page (inserted as the page
 * would), exchanged at Graph's `oauth/access_token`.
 */
export async function metaShortLivedToken(
  db: Database,
  fetch: ConnectorFetch,
  scope: string,
): Promise<Record<string, unknown>> {
  const code = randomBytes(16).toString('base64url');
  const verifier = randomBytes(32).toString('base64url');
  const redirectUri = 'http://localhost/connections/meta/callback';
  await insertSandboxCode(db, {
    codeHash: hashToken(code),
    platformKey: 'meta',
    clientId: META_GRAPH_SETTINGS.appId,
    redirectUri,
    codeChallenge: createHash('sha256').update(verifier).digest('base64url'),
    codeChallengeMethod: 'S256',
    scope,
    externalAccountId: `meta-act-${randomBytes(4).toString('hex')}-0`,
    expiresAt: new Date(Date.now() + 60_000),
  });
  const body = new URLSearchParams({
    client_id: META_GRAPH_SETTINGS.appId,
    client_secret: META_GRAPH_SETTINGS.appSecret,
    redirect_uri: redirectUri,
    code,
    code_verifier: verifier,
  });
  const response = await fetch(`${META_GRAPH_URL}/${META_GRAPH_SETTINGS.version}/oauth/access_token`, {
    method: 'POST',
    body: body.toString(),
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
  });
  return (await response.json()) as Record<string, unknown>;
}

import {
  type AdAccountChoice,
  ChooseAdAccountBodySchema,
  ConnectBodySchema,
  type ConnectError,
  disconnectRefusal,
  PLATFORM_IN_USE,
} from '@contract/connections';
import { PLATFORMS } from '@contract/reference';
import { safeReturnUrl } from '@contract/returnUrl';
import { STEP_UP_ACTIONS, type StepUpTarget } from '@contract/stepUp';
import { type Context, Hono } from 'hono';
import { requireAccount, stepUpFor } from '../auth/sessions';
import { businessError } from '../campaignRules/lifecycle';
import type { Database } from '../db/connect';
import type { SecretBox } from '../db/secretBox';
import type { AppEnv } from '../http/env';
import { HttpError, parseWith, readJsonObject } from '../http/errors';
import { allow } from '../http/policy';
import {
  type ConnectorRegistry,
  type AdAccountChoice as PlatformAdAccount,
  type PlatformConnector,
  PlatformError,
} from '../platforms/connector';
import { optionOf, readAdAccountChoice, saveAdAccountChoice, takeAdAccountChoice } from './adAccountChoices';
import { consumeAuthorization, startAuthorization } from './authorizations';
import { type OAuthClients, openid, tokensOf } from './oauthClient';
import { campaignsUsing, listConnections } from './queries';
import { type ConnectionRow, deleteConnection, findConnection, saveConnection, tokenContext } from './store';

const PLATFORMS_PATH = '/platforms';

/**
 * The account's platform connections (docs/connections.md): the list, Connect (an OAuth 2.0
 * authorization code flow with PKCE and `state`, openid-client), its callback, and Disconnect. Any member
 * of the account whose role may (`platforms.connect`: owner, admin, planner) connects and disconnects; both a
 * disconnect and a connect over an existing connection ask for the step-up.
 */
export function createConnectionRoutes({
  db,
  box,
  clients,
  connectors,
}: {
  db: Database;
  box: SecretBox;
  clients: OAuthClients;
  /** A real platform's connector finishes the grant itself (`completeGrant`) and lists its ad accounts. */
  connectors?: ConnectorRegistry;
}): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  const platformOf = (c: Context<AppEnv>) => {
    const key = c.req.param('key') ?? '';
    const platform = PLATFORMS.find((p) => p.key === key);
    const oauth = clients.get(key);
    if (!platform || !oauth) throw new HttpError(404, `No platform "${key}"`);
    return { ...platform, oauth, connector: connectors?.get(key) };
  };

  routes.get('/api/platforms/connections', allow('platforms.read'), async (c) => {
    const { accountId } = requireAccount(c);
    return c.json(await listConnections(db, accountId));
  });

  routes.post('/api/platforms/:key/connect', allow('platforms.connect'), async (c) => {
    const session = requireAccount(c);
    const platform = platformOf(c);
    const body = parseWith(ConnectBodySchema, await readJsonObject(c));
    // Over an existing connection, Connect replaces the tokens every launch and sync of the account uses.
    const existing = await findConnection(db, session.accountId, platform.key);
    if (existing)
      await stepUpFor(c, STEP_UP_ACTIONS.reconnectPlatform)(reconnectTarget(platform.displayName, existing));
    const codeVerifier = openid.randomPKCECodeVerifier();
    const state = await startAuthorization(db, box, {
      accountId: session.accountId,
      userId: session.userId,
      platformKey: platform.key,
      codeVerifier,
      returnTo: safeReturnUrl(body.returnTo, PLATFORMS_PATH),
    });
    const authorizationUrl = openid.buildAuthorizationUrl(platform.oauth.config, {
      redirect_uri: platform.oauth.settings.redirectUri,
      scope: platform.oauth.settings.scope,
      code_challenge: await openid.calculatePKCECodeChallenge(codeVerifier),
      code_challenge_method: 'S256',
      state,
      ...platform.oauth.settings.authorizationParams,
    });
    return c.json({ authorizationUrl: authorizationUrl.href });
  });

  routes.get('/api/platforms/:key/callback', allow('platforms.connect'), async (c) => {
    const platform = platformOf(c);
    const query = c.req.query();
    const back = (returnTo: string, outcome: { connected: string } | { connectError: ConnectError }) =>
      c.redirect(withParam(returnTo, outcome), 302);
    // A browser navigation, not a fetch: signed out (the session ended meanwhile), the page says so.
    const session = c.get('session');
    if (!session) return back(PLATFORMS_PATH, { connectError: 'expired' });
    const consumed = query.state
      ? await consumeAuthorization(db, box, query.state, {
          userId: session.userId,
          accountId: session.accountId,
          platformKey: platform.key,
        })
      : ({ ok: false, reason: 'unknown' } as const);
    // Not our state (forged, replayed, another person's) or too late: nothing is exchanged.
    if (!consumed.ok) return back(PLATFORMS_PATH, { connectError: 'expired' });
    const { authorization } = consumed;
    if (query.error)
      return back(authorization.returnTo, {
        connectError: query.error === 'access_denied' ? 'denied' : 'failed',
      });
    const callbackUrl = new URL(platform.oauth.settings.redirectUri);
    callbackUrl.search = new URL(c.req.url).search;
    let granted: { tokens: ReturnType<typeof tokensOf>; adAccounts: PlatformAdAccount[] };
    try {
      const response = await openid.authorizationCodeGrant(platform.oauth.config, callbackUrl, {
        pkceCodeVerifier: authorization.codeVerifier,
        expectedState: query.state,
      });
      granted = await finishGrant(platform.connector, response);
    } catch (error) {
      if (error instanceof PlatformError && error.kind === 'credentials_expired')
        return back(authorization.returnTo, { connectError: 'missing_permission' });
      // The error's text only: a library error may carry the request, and with it the code and verifier.
      console.warn(
        `Connecting ${platform.displayName} for account ${authorization.accountId} failed: ${
          error instanceof openid.ResponseBodyError
            ? error.error
            : error instanceof PlatformError
              ? `${error.kind}: ${error.message}`
              : 'the token exchange failed'
        }`,
      );
      return back(authorization.returnTo, { connectError: 'failed' });
    }
    const [only, ...others] = granted.adAccounts;
    if (!only) return back(authorization.returnTo, { connectError: 'no_ad_account' });
    if (others.length > 0) {
      // Several ad accounts: the planner chooses one on our page; the grant waits, sealed, for 10 minutes.
      const choice = await saveAdAccountChoice(db, box, {
        accountId: authorization.accountId,
        userId: session.userId,
        platformKey: platform.key,
        tokens: granted.tokens,
        adAccounts: granted.adAccounts,
        returnTo: authorization.returnTo,
      });
      return c.redirect(
        withParam(authorization.returnTo, { chooseAdAccount: choice, platform: platform.key }),
        302,
      );
    }
    await saveConnection(db, box, {
      accountId: authorization.accountId,
      platformKey: platform.key,
      adAccount: only,
      connectedBy: session.userId,
      tokens: granted.tokens,
    });
    return back(authorization.returnTo, { connected: platform.key });
  });

  routes.get('/api/platforms/:key/ad-account-choices/:choiceId', allow('platforms.connect'), async (c) => {
    const session = requireAccount(c);
    const platform = platformOf(c);
    const choiceId = c.req.param('choiceId') ?? '';
    const choice = await readAdAccountChoice(db, choiceId, {
      userId: session.userId,
      accountId: session.accountId,
      platformKey: platform.key,
    });
    if (!choice) throw new HttpError(404, CHOICE_GONE);
    return c.json({
      id: choiceId,
      platform: platform.key,
      displayName: platform.displayName,
      adAccounts: choice.adAccounts.map(optionOf),
      expiresAt: choice.expiresAt.toISOString(),
    } satisfies AdAccountChoice);
  });

  routes.post('/api/platforms/:key/ad-account-choices/:choiceId', allow('platforms.connect'), async (c) => {
    const session = requireAccount(c);
    const platform = platformOf(c);
    const body = parseWith(ChooseAdAccountBodySchema, await readJsonObject(c));
    const taken = await takeAdAccountChoice(
      db,
      box,
      c.req.param('choiceId') ?? '',
      { userId: session.userId, accountId: session.accountId, platformKey: platform.key },
      body.adAccountId,
      (tx, { tokens, adAccount }) =>
        saveConnection(tx, box, {
          accountId: session.accountId,
          platformKey: platform.key,
          adAccount,
          connectedBy: session.userId,
          tokens,
        }),
    );
    if (!taken.ok && taken.reason === 'unknown') throw new HttpError(404, CHOICE_GONE);
    if (!taken.ok) {
      const refusal = `${platform.displayName} did not offer that ad account`;
      throw new HttpError(400, `adAccountId: ${refusal}`, {
        validationErrors: { adAccountId: { message: refusal } },
      });
    }
    return c.json({
      platform: platform.key,
      status: 'connected' as const,
      adAccount: { id: taken.adAccount.id, name: taken.adAccount.name },
      returnTo: taken.returnTo,
    });
  });

  routes.delete('/api/platforms/:key/connection', allow('platforms.connect'), async (c) => {
    const { accountId } = requireAccount(c);
    const platform = platformOf(c);
    const row = await findConnection(db, accountId, platform.key);
    if (!row) throw new HttpError(404, `${platform.displayName} is not connected`);
    // Disconnecting under running campaigns would leave them unpausable and undeletable: refused.
    const refusal = disconnectRefusal(
      platform.displayName,
      await campaignsUsing(db, accountId, platform.key),
    );
    if (refusal) throw businessError(409, PLATFORM_IN_USE, refusal);
    // Last, once nothing else refuses it: the confirmation is for a disconnect that will happen.
    await stepUpFor(c, STEP_UP_ACTIONS.disconnectPlatform)(disconnectTarget(platform.displayName, row));
    const accessToken = box.open(row.accessTokenSealed, tokenContext('access', platform.key, accountId));
    await revokeBestEffort(platform.oauth, [
      row.refreshTokenSealed &&
        box.open(row.refreshTokenSealed, tokenContext('refresh', platform.key, accountId)),
      accessToken,
    ]);
    if (platform.connector?.revokeGrant) {
      try {
        await platform.connector.revokeGrant(accessToken, { signal: AbortSignal.timeout(10_000) });
      } catch {
        console.warn(`Handing back the ${platform.displayName} grant failed; disconnected anyway.`);
      }
    }
    await deleteConnection(db, accountId, platform.key);
    return c.json({ platform: platform.key, status: 'not_connected' });
  });

  return routes;
}

const CHOICE_GONE = 'That choice of ad account expired or was already used. Connect again to choose one.';

/**
 * The grant as the platform finished it: a real connector's own steps (long-lived token, the ad accounts the
 * grant reaches); otherwise the sandbox names the chosen ad account in its token response.
 */
async function finishGrant(
  connector: PlatformConnector | undefined,
  response: Parameters<typeof tokensOf>[0],
): Promise<{ tokens: ReturnType<typeof tokensOf>; adAccounts: PlatformAdAccount[] }> {
  const tokens = tokensOf(response);
  if (connector?.completeGrant) {
    return connector.completeGrant(tokens, { signal: AbortSignal.timeout(20_000) });
  }
  const id = typeof response.ad_account_id === 'string' ? response.ad_account_id : '';
  if (!id) throw new Error('The token response names no ad account');
  const name = typeof response.ad_account_name === 'string' ? response.ad_account_name : id;
  return { tokens, adAccounts: [{ id, name, currency: null, managerId: null, managerName: null }] };
}

/**
 * What the step-up of a disconnect is bound to and says ("Disconnect Meta (ad account Main account)"): the
 * platform of this account as connected now, so a token verified for another account, or before the
 * planner reconnected as another ad account, is refused.
 */
export function disconnectTarget(
  displayName: string,
  row: Pick<ConnectionRow, 'accountId' | 'platformKey' | 'externalAccountId' | 'externalAccountName'>,
): StepUpTarget {
  return {
    kind: 'platformConnection',
    id: row.platformKey,
    description: `Disconnect ${displayName} (ad account ${row.externalAccountName})`,
    params: { accountId: row.accountId, externalAccountId: row.externalAccountId },
  };
}

/** The step-up of a reconnect: bound to the connection it replaces ("Reconnect Meta (replacing Main account)"). */
export function reconnectTarget(
  displayName: string,
  row: Pick<ConnectionRow, 'accountId' | 'platformKey' | 'externalAccountId' | 'externalAccountName'>,
): StepUpTarget {
  return {
    kind: 'platformConnection',
    id: row.platformKey,
    description: `Reconnect ${displayName} (replacing ad account ${row.externalAccountName})`,
    params: { accountId: row.accountId, externalAccountId: row.externalAccountId },
  };
}

/** Hands the tokens back to the platform; one that does not answer does not keep the planner connected. */
async function revokeBestEffort(
  oauth: NonNullable<ReturnType<OAuthClients['get']>>,
  tokens: (string | null)[],
): Promise<void> {
  if (!oauth.settings.revocationUrl) return;
  for (const token of tokens) {
    if (!token) continue;
    try {
      await openid.tokenRevocation(oauth.config, token);
    } catch {
      console.warn(
        `Revoking a token at ${new URL(oauth.settings.revocationUrl).host} failed; disconnected anyway.`,
      );
    }
  }
}

function withParam(path: string, params: Record<string, string>): string {
  const url = new URL(path, 'https://flightplan.invalid');
  for (const [name, value] of Object.entries(params)) url.searchParams.set(name, value);
  return `${url.pathname}${url.search}${url.hash}`;
}

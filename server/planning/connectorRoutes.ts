import {
  type AudienceEstimateAnswer,
  AudienceEstimateRequestSchema,
  type Interest,
  type PlatformRules,
} from '@contract/planning';
import { type Context, Hono } from 'hono';
import { requireSession } from '../auth/sessions';
import { type ConnectionAccess, NotConnectedError } from '../connections/access';
import type { AppEnv } from '../http/env';
import { HttpError, parseWith, readJsonObject } from '../http/errors';
import { answerOtherMethods } from '../http/methodNotAllowed';
import { allow } from '../http/policy';
import {
  type ConnectorRegistry,
  type PlatformConnector,
  type PlatformCredentials,
  PlatformError,
} from '../platforms';

/**
 * The planning wizard's calls to the ad platforms (docs/planning.md): every platform's rules, its interest
 * taxonomy searched, and reach estimates for an audience as typed. Each answer comes from the platform's
 * connector; a connector that fails answers 503 naming the platform, never a half answer.
 *
 * Rules and interests are the platforms' public reference data, the same for every tenant: any signed-in
 * person may read them (no account needed), and the browser may keep them for five minutes.
 */

export const PLATFORM_UNAVAILABLE = 'PLATFORM_UNAVAILABLE';
/** A real platform answers some planning calls only for a connected ad account (Google's segments, Meta's estimates). */
export const PLATFORM_NOT_CONNECTED = 'PLATFORM_NOT_CONNECTED';

/** Longest a planning call waits for a platform before answering 503: the wizard is waiting on it. */
const DEFAULT_TIMEOUT_MS = 10_000;
const REFERENCE_CACHE = 'private, max-age=300';
const MAX_QUERY_LENGTH = 100;
const DEFAULT_LIMIT = 20;
const MAX_LIMIT = 50;
const MAX_IDS = 100;

export interface ConnectorRoutesOptions {
  connectors: ConnectorRegistry;
  timeoutMs?: number;
  /**
   * The account's access to a platform (its connection, refreshed when about to expire): a real platform
   * estimates an audience for an ad account (Meta's `delivery_estimate`), and a token it refuses marks the
   * connection as needing reconnecting.
   */
  connections?: ConnectionAccess;
}

export function createConnectorRoutes({
  connectors,
  timeoutMs = DEFAULT_TIMEOUT_MS,
  connections,
}: ConnectorRoutesOptions): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();

  const ask = <T>(
    c: Context<AppEnv>,
    connector: PlatformConnector,
    call: (signal: AbortSignal) => Promise<T>,
  ) => askPlatform(connector, c.req.raw.signal, timeoutMs, call);

  /** A call with the account's connection to `key` when it has one: the sandbox needs none, a real platform does. */
  const asAccount = <T>(
    accountId: string | null | undefined,
    key: string,
    call: (credentials: PlatformCredentials | undefined) => Promise<T>,
  ) => withAccountAccess(connectors, connections, accountId, key, call);

  routes.get('/planning/platforms', allow('campaigns.read'), async (c) => {
    requireSession(c);
    const rules = await readPlatformRules(connectors, { signal: c.req.raw.signal, timeoutMs });
    c.header('Cache-Control', REFERENCE_CACHE);
    return c.json(rules);
  });

  /** Every platform's creative specs by key (the same as each `rules().creative`, for the creative step alone). */
  routes.get('/planning/creative-specs', allow('campaigns.read'), async (c) => {
    requireSession(c);
    const rules = await readPlatformRules(connectors, { signal: c.req.raw.signal, timeoutMs });
    c.header('Cache-Control', REFERENCE_CACHE);
    return c.json(Object.fromEntries(rules.map((r) => [r.key, r.creative])));
  });

  /**
   * `?q=&limit=` searches the platform's taxonomy; `?id=…&id=…` instead answers those interests (the ones
   * the platform knows, in that order), so a saved audience can show its interests' names.
   */
  routes.get('/planning/platforms/:key/interests', allow('campaigns.read'), async (c) => {
    const session = requireSession(c);
    const connector = platformIn(connectors, c.req.param('key'));
    const withAccess = (signal: AbortSignal, credentials: PlatformCredentials | undefined) => ({
      signal,
      ...(credentials ? { credentials } : {}),
    });
    const ids = c.req.queries('id') ?? [];
    let interests: Interest[];
    if (ids.length > 0) {
      if (ids.length > MAX_IDS || ids.some((id) => id.length === 0 || id.length > 100))
        throw badQuery('id', `Ask for at most ${MAX_IDS} interest ids of at most 100 characters`);
      interests = await ask(c, connector, (signal) =>
        readOnly(connector, () =>
          asAccount(session.accountId, connector.key, (credentials) =>
            connector.interestsByIds(ids, withAccess(signal, credentials)),
          ),
        ),
      );
    } else {
      const q = c.req.query('q') ?? '';
      if (q.length > MAX_QUERY_LENGTH)
        throw badQuery('q', `Search with at most ${MAX_QUERY_LENGTH} characters`);
      const limit = limitOf(c.req.query('limit'));
      interests = await ask(c, connector, (signal) =>
        readOnly(connector, () =>
          asAccount(session.accountId, connector.key, (credentials) =>
            connector.searchInterests(q, limit, withAccess(signal, credentials)),
          ),
        ),
      );
    }
    c.header('Cache-Control', REFERENCE_CACHE);
    return c.json(interests);
  });

  routes.post('/planning/audience-estimates', allow('campaigns.read'), async (c) => {
    const session = requireSession(c);
    const body = parseWith(AudienceEstimateRequestSchema, await readJsonObject(c));
    const unknown = body.platforms.filter((key) => !connectors.has(key));
    if (unknown.length > 0) {
      const message = `Unknown platform${unknown.length > 1 ? 's' : ''}: ${unknown.join(', ')}`;
      throw new HttpError(400, message, { validationErrors: { platforms: { message } } });
    }
    if (new Set(body.platforms).size !== body.platforms.length) {
      const message = 'Choose each platform once';
      throw new HttpError(400, message, { validationErrors: { platforms: { message } } });
    }
    const { interests, ...audience } = body.audience;
    // Each platform answers for itself: one that is not answering, or not connected where it estimates for
    // an ad account, says why in its place, and the others' estimates stand.
    const estimates: AudienceEstimateAnswer[] = await Promise.all(
      body.platforms.map(async (key): Promise<AudienceEstimateAnswer> => {
        const connector = connectors.get(key)!;
        try {
          return await ask(c, connector, (signal) =>
            asAccount(session.accountId, key, (credentials) =>
              connector.estimateAudience(
                {
                  objectiveId: body.objectiveId,
                  audience: { ...audience, interests: interests[key] ?? [] },
                  dailyBudgetMinor: body.dailyBudgetMinor?.[key] ?? null,
                },
                { signal, ...(credentials ? { credentials } : {}) },
              ),
            ),
          );
        } catch (error) {
          // The platform refused the audience itself: only its interests are the platform's own words.
          if (error instanceof PlatformError && error.kind === 'validation') {
            const at = `audience.interests.${key}`;
            throw new HttpError(400, error.message, {
              validationErrors: { [at]: { message: error.message } },
            });
          }
          if (error instanceof HttpError && (error.status === 409 || error.status === 503))
            return { platform: key, unavailable: error.message };
          throw error;
        }
      }),
    );
    return c.json(estimates);
  });

  const allowed: Record<string, string> = {
    '/planning/platforms': 'GET',
    '/planning/creative-specs': 'GET',
    '/planning/platforms/:key/interests': 'GET',
    '/planning/audience-estimates': 'POST',
  };
  answerOtherMethods(routes, allowed);
  return routes;
}

/**
 * Every platform's rules, in reference order (the registry's), or a 503 `HttpError` naming the platform that
 * failed: what the wizard's step endpoints check a step against, the same as `GET /planning/platforms`.
 */
export async function readPlatformRules(
  connectors: ConnectorRegistry,
  { signal, timeoutMs = DEFAULT_TIMEOUT_MS }: { signal?: AbortSignal; timeoutMs?: number } = {},
): Promise<PlatformRules[]> {
  return Promise.all(
    [...connectors.values()].map((connector) =>
      askPlatform(connector, signal, timeoutMs, (bounded) =>
        readOnly(connector, () => connector.rules({ signal: bounded })),
      ),
    ),
  );
}

/**
 * The account's connection to a platform, or none when it has not connected it (the sandbox needs none).
 * Any other failure to read it (a refresh the platform refused, an outage) is said as the platform's: 409
 * to reconnect, or 503, never "not connected" hiding an outage.
 */
export async function credentialsOrNone(
  connectors: ConnectorRegistry,
  connections: ConnectionAccess | undefined,
  accountId: string | null | undefined,
  key: string,
  onMissing?: (refusal: NotConnectedError) => void,
): Promise<PlatformCredentials | undefined> {
  if (!accountId || !connections) return undefined;
  try {
    return await connections.credentialsFor(accountId, key);
  } catch (error) {
    if (error instanceof NotConnectedError) {
      onMissing?.(error);
      return undefined;
    }
    const connector = connectors.get(key);
    if (connector && error instanceof PlatformError) throw unavailable(connector, error);
    throw error;
  }
}

/**
 * A platform call for the account, with its connection when it has one (`credentialsOrNone`). When the
 * platform refuses the token (revoked, expired), the connection is marked as needing reconnecting and the
 * account's planners are told, as when a job or a sync meets it; the refusal goes on to the caller (409).
 * A platform that needs the account's token while its connection waits to be reconnected is said as that
 * ("… needs reconnecting"), not as "connect it first".
 */
export async function withAccountAccess<T>(
  connectors: ConnectorRegistry,
  connections: ConnectionAccess | undefined,
  accountId: string | null | undefined,
  key: string,
  call: (credentials: PlatformCredentials | undefined) => Promise<T>,
): Promise<T> {
  let waiting: NotConnectedError | undefined;
  const credentials = await credentialsOrNone(connectors, connections, accountId, key, (missing) => {
    if (missing.status === 'needs_reconnect') waiting = missing;
  });
  try {
    return await call(credentials);
  } catch (error) {
    if (!(error instanceof PlatformError) || error.kind !== 'credentials_expired') throw error;
    if (credentials && connections && accountId) await connections.noteFailure(accountId, error);
    throw credentials || !waiting ? error : waiting;
  }
}

/**
 * The interests of `ids` that `platform`'s taxonomy knows, with their names (an unknown platform knows
 * none); a platform that cannot answer is a 503 naming it, like the other planning calls.
 */
export async function knownInterestsOf(
  connectors: ConnectorRegistry,
  platform: string,
  ids: readonly string[],
  signal?: AbortSignal,
  access: { connections?: ConnectionAccess | undefined; accountId?: string | null } = {},
): Promise<{ id: string; name: string }[]> {
  const connector = connectors.get(platform);
  if (!connector || ids.length === 0) return [];
  const known = await askPlatform(connector, signal, DEFAULT_TIMEOUT_MS, (bounded) =>
    readOnly(connector, () =>
      withAccountAccess(connectors, access.connections, access.accountId, platform, (credentials) =>
        connector.interestsByIds(ids, { signal: bounded, ...(credentials ? { credentials } : {}) }),
      ),
    ),
  );
  return known.map((interest) => ({ id: interest.id, name: interest.name }));
}

/**
 * One connector call, bounded by the caller's signal (the browser left) and the timeout; a platform's
 * failure becomes a 503 naming it. A `validation` refusal is left to the caller: only it knows the field.
 */
async function askPlatform<T>(
  connector: PlatformConnector,
  outer: AbortSignal | undefined,
  timeoutMs: number,
  call: (signal: AbortSignal) => Promise<T>,
): Promise<T> {
  const timeout = AbortSignal.timeout(timeoutMs);
  const signal = outer ? AbortSignal.any([outer, timeout]) : timeout;
  try {
    return await call(signal);
  } catch (error) {
    if (error instanceof PlatformError && error.kind !== 'validation') throw unavailable(connector, error);
    if (signal.aborted && !(error instanceof PlatformError) && !(error instanceof HttpError))
      throw unavailable(
        connector,
        new PlatformError(connector.key, 'unavailable', 'It did not answer in time.'),
      );
    throw error;
  }
}

function platformIn(connectors: ConnectorRegistry, key: string): PlatformConnector {
  const connector = connectors.get(key);
  if (!connector) throw new HttpError(404, `No platform "${key.slice(0, 50)}"`);
  return connector;
}

/** A read the platform refuses as "validation" is still the platform failing us, not the planner's input. */
async function readOnly<T>(connector: PlatformConnector, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof PlatformError) throw unavailable(connector, error);
    throw error;
  }
}

function unavailable(connector: PlatformConnector, error: PlatformError): HttpError {
  // Not the platform failing: the account has no (working) connection to it, and the message says where to make one.
  if (error.kind === 'credentials_expired')
    return new HttpError(409, error.message, { errorCode: PLATFORM_NOT_CONNECTED });
  const headers: Record<string, string> =
    error.retryAfterSeconds !== null ? { 'Retry-After': String(error.retryAfterSeconds) } : {};
  return new HttpError(
    503,
    `${connector.displayName} is not answering right now: ${error.message}`,
    { errorCode: PLATFORM_UNAVAILABLE },
    headers,
  );
}

function badQuery(name: string, message: string): HttpError {
  return new HttpError(400, message, { validationErrors: { [name]: { message } } });
}

function limitOf(raw: string | undefined): number {
  if (raw === undefined || raw === '') return DEFAULT_LIMIT;
  const limit = /^\d{1,3}$/.test(raw) ? Number(raw) : Number.NaN;
  if (!(limit >= 1 && limit <= MAX_LIMIT))
    throw badQuery('limit', `limit is a whole number from 1 to ${MAX_LIMIT}`);
  return limit;
}

import type { GraphExchange } from '../../support/metaGraphApp';

/**
 * A recorded exchange as filed under ./exchanges: the request the connector sent (tokens blanked) and the
 * answer it got. Replayed against the connector with a fetch that answers from the file (no stand-in).
 */
export interface RecordedExchange {
  request: { method: string; path: string; params: Record<string, string> };
  response: { status: number; headers: Record<string, string>; body: unknown };
}

export interface Recording {
  operation: string;
  description: string;
  exchanges: RecordedExchange[];
  /** Hand-written error recordings: what the connector must make of the answer. */
  expect?: { kind: string; retryAfterSeconds?: number; messageContains?: string };
}

const SECRET_PARAMS = new Set([
  'access_token',
  'appsecret_proof',
  'client_secret',
  'fb_exchange_token',
  'input_token',
  'code',
  'code_verifier',
  'bytes',
]);

export function toRecorded(exchange: GraphExchange): RecordedExchange {
  const url = new URL(exchange.url);
  return {
    request: {
      method: exchange.method,
      path: url.pathname.replace(/^.*?\/(v\d{1,3}\.0)\//, '/$1/'),
      params: Object.fromEntries(
        Object.entries(exchange.params).map(([name, value]) => [
          name,
          SECRET_PARAMS.has(name) ? `<${name}>` : value,
        ]),
      ),
    },
    response: { status: exchange.status, headers: exchange.headers, body: blankTokens(exchange.body) },
  };
}

function blankTokens(body: unknown): unknown {
  if (!body || typeof body !== 'object') return body;
  const copy = JSON.parse(JSON.stringify(body)) as Record<string, unknown>;
  if (typeof copy.access_token === 'string') copy.access_token = 'EAAB-recorded-token';
  return copy;
}

/** A fetch answering the recorded exchanges in order, refusing a request that is not the one recorded next. */
export function replayFetch(recordings: RecordedExchange[]) {
  let next = 0;
  const fetch = async (url: string, init: RequestInit): Promise<Response> => {
    const expected = recordings[next++];
    const path = new URL(url).pathname.replace(/^.*?\/(v\d{1,3}\.0)\//, '/$1/');
    const method = init.method ?? 'GET';
    if (!expected) throw new Error(`Unrecorded request ${method} ${path}`);
    if (expected.request.method !== method || expected.request.path !== path)
      throw new Error(`Expected ${expected.request.method} ${expected.request.path}, got ${method} ${path}`);
    const sent = new Set([...new URL(url).searchParams.keys()]);
    if (typeof init.body === 'string')
      for (const name of new URLSearchParams(init.body).keys()) sent.add(name);
    else if (init.body instanceof FormData) for (const name of init.body.keys()) sent.add(name);
    const recorded = Object.keys(expected.request.params).sort();
    if (JSON.stringify([...sent].sort()) !== JSON.stringify(recorded))
      throw new Error(
        `${method} ${path}: sent params ${[...sent].sort().join(',')}, recorded ${recorded.join(',')}`,
      );
    return new Response(JSON.stringify(expected.response.body), {
      status: expected.response.status,
      headers: { 'Content-Type': 'application/json', ...expected.response.headers },
    });
  };
  return { fetch, remaining: () => recordings.length - next };
}

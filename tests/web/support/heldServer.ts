import { waitFor } from '@testing-library/react';
import { vi } from 'vitest';
import { json, type SeenRequest } from './fakeApi';

/**
 * A fake server whose chosen requests wait until the test answers them, so a
 * test decides when (and how) an actor's request settles: the view path tests
 * turn `xstate.done.actor.*` / `xstate.error.actor.*` steps into answers.
 *
 *   const server = heldServer({
 *     hold: (request) => request.path === '/data/campaigns/get',
 *     answer: (request) => (request.path === '/api/auth/user' ? json(SIGNED_IN_USER) : undefined),
 *   });
 *   await server.respond('/data/campaigns/get', json({ ... }));
 *   await server.answerWith('/data/campaigns/get', { error: new TypeError('Failed to fetch') });
 *
 * Requests that are not held get `answer`'s response, else `fallback`'s (e.g. the fetch of a stateful
 * fake server installed before), else a 404 JSON.
 */
export interface HeldRequest {
  request: SeenRequest;
  resolve: (response: Response) => void;
  reject: (error: unknown) => void;
}

export type RequestMatch = string | ((request: SeenRequest) => boolean);

const matches = (match: RequestMatch, request: SeenRequest) =>
  typeof match === 'string' ? request.path === match : match(request);

const describeMatch = (match: RequestMatch) => (typeof match === 'string' ? match : 'the matching request');

/** The server's answer for a failure a path step carries (`xstate.error.actor.*`'s `error`). */
export function failureResponse(error: unknown): { response: Response } | { networkError: Error } {
  const failure = error as { status?: unknown; message?: unknown } | null;
  if (failure === null || typeof failure !== 'object' || typeof failure.status !== 'number') {
    // No HTTP status: fetch itself rejects (offline, DNS...), like `TypeError: Failed to fetch`.
    return {
      networkError: new TypeError(typeof failure?.message === 'string' ? failure.message : 'Failed to fetch'),
    };
  }
  const { status, ...body } = failure as { status: number } & Record<string, unknown>;
  return { response: json(body, { status }) };
}

export function heldServer(options: {
  hold: (request: SeenRequest) => boolean;
  answer?: (request: SeenRequest) => Response | undefined;
  /** Answers what is neither held nor answered, e.g. the `fetch` another fake server installed. */
  fallback?: typeof fetch;
}) {
  const held: HeldRequest[] = [];
  const seen: SeenRequest[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(input, init);
    const url = new URL(request.url);
    const isJson = request.headers.get('content-type')?.includes('json') ?? false;
    const text = isJson ? await request.clone().text() : '';
    const entry: SeenRequest = {
      method: request.method,
      path: url.pathname,
      search: url.searchParams,
      body: text ? JSON.parse(text) : undefined,
      credentials: request.credentials,
      headers: request.headers,
    };
    seen.push(entry);
    if (options.hold(entry)) {
      return new Promise<Response>((resolve, reject) => held.push({ request: entry, resolve, reject }));
    }
    const own = options.answer?.(entry);
    if (own) return own;
    if (options.fallback) return options.fallback(input instanceof Request ? request : input, init);
    return json({ message: 'Not found' }, { status: 404 });
  });
  globalThis.fetch = fetchMock as unknown as typeof fetch;

  /** Waits until a held request matches, and takes it out of the queue. */
  async function take(match: RequestMatch): Promise<HeldRequest> {
    let found: HeldRequest | undefined;
    await waitFor(
      () => {
        found = held.find((entry) => matches(match, entry.request));
        if (!found) throw new Error(`No request to ${describeMatch(match)} is waiting for an answer`);
      },
      { interval: 5 },
    );
    held.splice(held.indexOf(found!), 1);
    return found!;
  }

  return {
    seen,
    fetchMock,
    /** Requests still waiting for an answer. */
    held,
    take,
    /** Answers the next held request that matches with `response`. */
    async respond(match: RequestMatch, response: Response): Promise<SeenRequest> {
      const entry = await take(match);
      entry.resolve(response);
      return entry.request;
    },
    /** Answers the next held request that matches with a success body (`output`) or a failure (`error`). */
    async answerWith(
      match: RequestMatch,
      outcome: { body: unknown } | { error: unknown },
    ): Promise<SeenRequest> {
      const entry = await take(match);
      if ('body' in outcome) {
        entry.resolve(json(outcome.body));
      } else {
        const failure = failureResponse(outcome.error);
        if ('response' in failure) entry.resolve(failure.response);
        else entry.reject(failure.networkError);
      }
      return entry.request;
    },
  };
}

export type HeldServer = ReturnType<typeof heldServer>;

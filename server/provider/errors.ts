import type { ProviderError, ProviderErrorName } from '@contract/provider';
import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import * as v from 'valibot';
import { HttpError, parseWith } from '../http/errors';

/** A 4xx of the provider, in its wire shape `{ error, errorCode?, errorDescription }` (contract/provider.ts). */
export class ProviderHttpError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    readonly error: ProviderErrorName,
    readonly errorDescription: string,
    readonly extra: Omit<ProviderError, 'error' | 'errorDescription'> = {},
  ) {
    super(errorDescription);
  }

  toJSON(): ProviderError {
    return {
      error: this.error,
      errorCode: this.extra.errorCode ?? this.error,
      errorDescription: this.errorDescription,
      ...this.extra,
    };
  }
}

export const invalidRequest = (description: string, errorCode?: string) =>
  new ProviderHttpError(400, 'invalid_request', description, errorCode ? { errorCode } : {});
export const providerNotFound = (description: string) => new ProviderHttpError(404, 'not_found', description);

/** Parses with a contract schema; a failure is a 400 naming the first problem and its field. */
export function parseBody<S extends v.GenericSchema>(schema: S, input: unknown): v.InferOutput<S> {
  return parseWith(schema, input, (issues) => {
    const issue = issues[0];
    const path = issue ? v.getDotPath(issue) : null;
    const message = issue?.message ?? 'Invalid input';
    return invalidRequest(path ? `${path}: ${message}` : message);
  });
}

/** The provider's error handler: everything becomes its wire shape; only real bugs are 500s. */
export function providerErrorResponse(c: Context, error: unknown) {
  if (error instanceof ProviderHttpError) {
    if (error.extra.retryAfterSeconds !== undefined)
      c.header('Retry-After', String(error.extra.retryAfterSeconds));
    return c.json(error.toJSON(), error.status);
  }
  if (error instanceof HttpError) {
    const name: ProviderErrorName =
      error.status === 401 ? 'unauthorized' : error.status === 404 ? 'not_found' : 'invalid_request';
    return c.json(
      { error: name, errorCode: error.extra.errorCode ?? name, errorDescription: error.message },
      error.status,
    );
  }
  const code =
    (error as { code?: string } | null)?.code ?? (error as { cause?: { code?: string } } | null)?.cause?.code;
  if (code === '22P02' || code === '22003' || code === '22007' || code === '22008' || code === '22021') {
    return c.json(
      {
        error: 'invalid_request',
        errorCode: 'invalid_request',
        errorDescription: 'A value in the request has the wrong format',
      },
      400,
    );
  }
  console.error(`${c.req.method} ${c.req.path} failed:`, error);
  return c.json(
    { error: 'server_error', errorCode: 'server_error', errorDescription: 'Sorry, something went wrong.' },
    500,
  );
}

/** Reads a JSON object body; an empty body is `{}` (calls such as TOTP enrolment send none). */
export async function readProviderBody(c: Context): Promise<Record<string, unknown>> {
  let text: string;
  try {
    text = await c.req.text();
  } catch {
    throw invalidRequest('The request body could not be read');
  }
  if (text.length > 100_000)
    throw new ProviderHttpError(413, 'invalid_request', 'The request body is too large');
  if (text.trim() === '') return {};
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw invalidRequest('The request body is not valid JSON');
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw invalidRequest('The request body must be a JSON object');
  }
  return body as Record<string, unknown>;
}

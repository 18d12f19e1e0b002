import type { ApiError } from '@contract/errors';
import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import * as v from 'valibot';

/** A 4xx answer with the API's JSON error shape. Thrown anywhere in a handler. */
export class HttpError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    message: string,
    readonly extra: Omit<ApiError, 'message'> = {},
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

export const notFound = (what: string) => new HttpError(404, `${what} not found`);

/** Turns valibot issues into `validationErrors` keyed by the first path segment of each issue. */
export function validationError(issues: v.BaseIssue<unknown>[], message?: string): HttpError {
  const validationErrors: Record<string, { message: string }> = {};
  for (const issue of issues) {
    const key = v.getDotPath(issue) ?? '_';
    validationErrors[key] ??= { message: issue.message };
  }
  const first = Object.entries(validationErrors)[0];
  return new HttpError(
    400,
    message ??
      (first ? (first[0] === '_' ? first[1].message : `${first[0]}: ${first[1].message}`) : 'Invalid input'),
    { validationErrors },
  );
}

export function parseWith<S extends v.GenericSchema>(
  schema: S,
  input: unknown,
  refuse: (issues: [v.InferIssue<S>, ...v.InferIssue<S>[]]) => Error = (issues) => validationError(issues),
): v.InferOutput<S> {
  const result = v.safeParse(schema, input);
  if (!result.success) throw refuse(result.issues);
  return result.output;
}

/** `parseWith`'s refusal whose message is the first problem's own (no field name before it). */
export const firstIssueMessage = (issues: [v.BaseIssue<unknown>, ...v.BaseIssue<unknown>[]]) =>
  validationError(issues, issues[0]?.message);

/** A parsed JSON body that must be an object: an array, a string or null is a 400 that says so. */
export function jsonObject(body: unknown): Record<string, unknown> {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new HttpError(400, 'The request body must be a JSON object');
  }
  return body as Record<string, unknown>;
}

/** Reads a JSON body; malformed JSON or a non-object is a 400 that says so. */
export async function readJsonObject(c: Context): Promise<Record<string, unknown>> {
  const type = c.req.header('content-type') ?? '';
  if (!type.includes('application/json'))
    throw new HttpError(415, 'Send the body as JSON (Content-Type: application/json)');
  let body: unknown;
  try {
    body = await c.req.json();
  } catch {
    throw new HttpError(400, 'The request body is not valid JSON');
  }
  return jsonObject(body);
}

export function errorResponse(c: Context, error: unknown) {
  if (error instanceof HttpError) {
    for (const [name, value] of Object.entries(error.headers)) c.header(name, value);
    return c.json({ message: error.message, ...error.extra }, error.status);
  }
  // Postgres rejects malformed uuids / out-of-range values with these codes: the caller's input, not our bug.
  // drizzle wraps driver errors (DrizzleQueryError), so the code may sit on `cause`.
  const code =
    (error as { code?: string } | null)?.code ?? (error as { cause?: { code?: string } } | null)?.cause?.code;
  if (code === '22P02' || code === '22003' || code === '22007' || code === '22008' || code === '22021') {
    return c.json({ message: 'A value in the request has the wrong format' }, 400);
  }
  console.error(`${c.req.method} ${c.req.path} failed:`, error);
  return c.json({ message: 'Sorry, something went wrong.' }, 500);
}

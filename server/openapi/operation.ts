import type * as v from 'valibot';

/** Any valibot schema: what the contract exports and the routes parse with. */
export type Schema = v.GenericSchema;

export type HttpMethod = 'get' | 'post' | 'put' | 'patch' | 'delete';

/**
 * One answer of an operation: JSON with a schema, files of some media types, both (a report as JSON or CSV),
 * the API's error shape (contract/errors.ts, shared by every 4xx and 503), or none of them (204).
 */
export interface ResponseSpec {
  description: string;
  json?: Schema;
  files?: readonly string[];
  error?: true;
  headers?: Record<string, string>;
}

/**
 * One operation of the HTTP API as an integrator sees it. Path and query parameters are valibot objects
 * (each entry one parameter); `body` is the schema the route parses the request with, never a copy of it.
 */
export interface OperationSpec {
  method: HttpMethod;
  /** OpenAPI form: `/api/assets/{id}`. */
  path: string;
  summary: string;
  description?: string;
  tags: readonly string[];
  /** Answers without a session (sign-in, sign-up, the error and event beacons, the document itself). */
  public?: boolean;
  pathParams?: v.ObjectSchema<v.ObjectEntries, undefined>;
  query?: v.ObjectSchema<v.ObjectEntries, undefined>;
  /** Query parameters that may repeat (`?id=a&id=b`): documented as arrays, exploded. */
  repeatedQuery?: readonly string[];
  /** Request headers the route reads (the step-up token). */
  headers?: v.ObjectSchema<v.ObjectEntries, undefined>;
  body?: { json: Schema } | { raw: readonly string[]; description: string };
  responses: Record<number, ResponseSpec>;
}

export const json = (description: string, schema: Schema): ResponseSpec => ({ description, json: schema });
export const file = (description: string, ...mediaTypes: string[]): ResponseSpec => ({
  description,
  files: mediaTypes,
});
export const problem = (description: string, headers?: Record<string, string>): ResponseSpec => ({
  description,
  error: true,
  ...(headers ? { headers } : {}),
});

/** The refusals most operations share, by status. Spread and override where a route says more. */
export const UNAUTHENTICATED = { 401: problem('Not signed in (no valid session cookie)') };
export const NO_ACCOUNT = {
  ...UNAUTHENTICATED,
  409: problem(
    'No current organization or account yet (`errorCode` ORGANIZATION_REQUIRED or ACCOUNT_REQUIRED)',
  ),
};
export const BAD_INPUT = { 400: problem('The input is invalid: `validationErrors` names each field') };
export const NOT_FOUND = (what: string) => ({
  404: problem(`No such ${what} in the current account (another tenant's answers the same)`),
});
export const JSON_BODY = {
  ...BAD_INPUT,
  415: problem('The body was not sent as application/json'),
};
/** A risky action: without a verified step-up token the answer is 403 with the challenge to pass. */
export const STEP_UP = {
  403: problem(
    'A step-up is required: `errorCode` CHALLENGE_REQUIRED and `challenge` open the step-up dialog; repeat with its token in X-Step-Up-Token',
  ),
};

import {
  CUSTOMER_ID,
  DURATION,
  DURING_LITERALS,
  ENDPOINTS,
  ERROR_CATEGORIES,
  ERROR_CODE_VALUE,
  ERROR_STATUS,
  FIELD_PATH_NAME,
  type FieldType,
  GAQL_FIELDS,
  GAQL_FROM,
  GOOGLE_ADS_FAILURE_TYPE,
  HEADERS,
  type MessageFields,
  MUTATE_OPERATIONS,
  MUTATE_REQUEST_FIELDS,
  RESOURCES,
  ROW_VALUES,
  SEARCH_REQUEST_FIELDS,
  SEARCH_STREAM_REQUEST_FIELDS,
  VERSION_SEGMENT,
} from './reference';

/** One HTTP exchange as recorded (tests/support/googleAdsApp.ts, exchanges/*.json). */
export interface Exchange {
  method: string;
  url: string;
  headers: Record<string, string>;
  body: unknown;
  status: number;
  response: unknown;
}

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => v !== null && typeof v === 'object' && !Array.isArray(v);

/** What in `value` breaks `type`, at `path`. */
export function checkValue(value: unknown, type: FieldType, path: string): string[] {
  switch (type.kind) {
    case 'string':
      if (typeof value !== 'string') return [`${path}: expected a string, got ${JSON.stringify(value)}`];
      return type.pattern && !type.pattern.test(value)
        ? [`${path}: "${value}" does not match ${type.pattern}`]
        : [];
    case 'int64':
      return typeof value === 'string' && /^-?\d+$/.test(value)
        ? []
        : [`${path}: int64 must be a decimal string, got ${JSON.stringify(value)}`];
    case 'double':
      return typeof value === 'number' ? [] : [`${path}: expected a number, got ${JSON.stringify(value)}`];
    case 'bool':
      return typeof value === 'boolean' ? [] : [`${path}: expected a boolean, got ${JSON.stringify(value)}`];
    case 'bytes':
      return typeof value === 'string' && /^[A-Za-z0-9+/_-]*=*$/.test(value) && value.length > 0
        ? []
        : [`${path}: bytes must be base64`];
    case 'enum':
      return typeof value === 'string' && type.values.includes(value)
        ? []
        : [`${path}: ${JSON.stringify(value)} is not one of ${type.values.join(', ')}`];
    case 'repeated': {
      if (!Array.isArray(value)) return [`${path}: expected a list`];
      const problems = value.flatMap((item, i) => checkValue(item, type.of, `${path}[${i}]`));
      if (type.min !== undefined && value.length < type.min)
        problems.push(`${path}: at least ${type.min} expected, got ${value.length}`);
      if (type.max !== undefined && value.length > type.max)
        problems.push(`${path}: at most ${type.max} expected, got ${value.length}`);
      return problems;
    }
    case 'message':
      return checkMessage(value, type.fields, type.required ?? [], path);
  }
}

function checkMessage(
  value: unknown,
  fields: MessageFields,
  required: readonly string[],
  path: string,
): string[] {
  if (!isObject(value)) return [`${path}: expected an object`];
  const problems: string[] = [];
  for (const [key, item] of Object.entries(value)) {
    const type = fields[key];
    if (!type) problems.push(`${path}.${key}: no such field`);
    else problems.push(...checkValue(item, type, `${path}.${key}`));
  }
  for (const key of required) if (value[key] === undefined) problems.push(`${path}.${key}: required`);
  return problems;
}

const BIDDING = ['targetSpend', 'maximizeConversions', 'targetCpa', 'manualCpc'];

function checkOperation(operation: unknown, path: string): string[] {
  if (!isObject(operation)) return [`${path}: expected an object`];
  const keys = Object.keys(operation);
  if (keys.length !== 1) return [`${path}: exactly one operation expected, got ${keys.join(', ')}`];
  const key = keys[0]!;
  const spec = MUTATE_OPERATIONS[key];
  if (!spec) return [`${path}.${key}: not a MutateOperation`];
  const inner = operation[key];
  if (!isObject(inner)) return [`${path}.${key}: expected an object`];
  const at = `${path}.${key}`;
  const resource = RESOURCES[spec.resource]!;
  const kinds = ['create', 'update', 'remove'].filter((k) => inner[k] !== undefined);
  if (kinds.length !== 1) return [`${at}: exactly one of create, update, remove expected`];
  const problems: string[] = [];
  for (const k of Object.keys(inner))
    if (!['create', 'update', 'remove', 'updateMask'].includes(k)) problems.push(`${at}.${k}: no such field`);
  if (inner.create !== undefined) {
    problems.push(...checkMessage(inner.create, resource.fields, resource.requiredOnCreate, `${at}.create`));
    if (spec.resource === 'campaign') {
      const bidding = BIDDING.filter((b) => (inner.create as Json)[b] !== undefined);
      if (bidding.length !== 1) problems.push(`${at}.create: exactly one bidding strategy expected`);
    }
    if (inner.updateMask !== undefined) problems.push(`${at}.updateMask: only with update`);
  }
  if (inner.update !== undefined) {
    problems.push(...checkMessage(inner.update, resource.fields, ['resourceName'], `${at}.update`));
    if (typeof inner.updateMask !== 'string' || inner.updateMask === '')
      problems.push(`${at}.updateMask: required with update`);
    else
      for (const field of inner.updateMask.split(','))
        if (!resource.fields[field.split('.')[0]!] || field !== field.trim() || /_/.test(field))
          problems.push(`${at}.updateMask: "${field}" is not a lowerCamel field of ${spec.resource}`);
  }
  if (inner.remove !== undefined) {
    if (!spec.removable) problems.push(`${at}.remove: ${spec.resource} cannot be removed`);
    if (typeof inner.remove !== 'string' || !/^customers\/\d{10}\//.test(inner.remove))
      problems.push(`${at}.remove: a resource name expected`);
  }
  return problems;
}

/** The GAQL query's resource and fields (SELECT, WHERE, ORDER BY) against the reference. */
export function checkQuery(query: unknown): string[] {
  if (typeof query !== 'string') return ['query: expected a string'];
  const match =
    /^\s*SELECT\s+(.+?)\s+FROM\s+([a-z_]+)(?:\s+WHERE\s+(.+?))?(?:\s+ORDER BY\s+(.+?))?(?:\s+LIMIT\s+\d+)?\s*$/s.exec(
      query,
    );
  if (!match) return [`query: not a GAQL query: ${query}`];
  const [, select = '', from = '', where = '', order = ''] = match;
  const joins = GAQL_FROM[from];
  if (!joins) return [`query: unknown resource ${from}`];
  const fields = [
    ...select.split(',').map((f) => f.trim()),
    ...[...where.replace(/'(?:[^'\\]|\\.)*'/g, "''").matchAll(/\b([a-z_]+(?:\.[a-z_]+)+)\b/g)].map(
      (m) => m[1]!,
    ),
    ...order
      .split(',')
      .filter(Boolean)
      .map((f) => f.trim().split(/\s+/)[0]!),
  ];
  const problems: string[] = [];
  for (const field of fields) {
    const [resource = '', ...rest] = field.split('.');
    if (!joins.includes(resource) || !GAQL_FIELDS[resource]?.includes(rest.join('.')))
      problems.push(`query: ${field} cannot be queried FROM ${from}`);
  }
  for (const during of where.matchAll(/DURING\s+([A-Z_0-9]+)/g))
    if (!DURING_LITERALS.includes(during[1]!))
      problems.push(`query: DURING ${during[1]} is not a date literal`);
  if (fields.includes('segments.date') && !/segments\.date\s+(BETWEEN|DURING|>=|=)/.test(where))
    problems.push('query: segments.date needs a finite date range');
  return problems;
}

/** Everything the facts say about a request the connector sent. */
export function checkRequest(exchange: Pick<Exchange, 'method' | 'url' | 'headers' | 'body'>): string[] {
  const url = new URL(exchange.url);
  const path = url.pathname.replace(/^\/sandbox\/google-ads/, '');
  const endpoint = ENDPOINTS.find((e) => e.method === exchange.method && e.path.test(path));
  if (!endpoint) return [`${exchange.method} ${path}: no such Google Ads call`];
  const problems: string[] = [];
  if (!VERSION_SEGMENT.test(path)) problems.push(`${path}: the version segment is missing`);
  const customer = endpoint.path.exec(path)?.[1];
  if (customer !== undefined && !CUSTOMER_ID.test(customer))
    problems.push(`${path}: customer id must be 10 digits`);
  const headers = Object.fromEntries(Object.entries(exchange.headers).map(([k, v]) => [k.toLowerCase(), v]));
  if (!HEADERS.authorization.test(headers.authorization ?? ''))
    problems.push('Authorization: Bearer token missing');
  if (!HEADERS['developer-token'].test(headers['developer-token'] ?? ''))
    problems.push('developer-token missing');
  if (
    headers['login-customer-id'] !== undefined &&
    !HEADERS['login-customer-id'].test(headers['login-customer-id'])
  )
    problems.push('login-customer-id must be 10 digits');
  if (exchange.method === 'POST' && !HEADERS['content-type'].test(headers['content-type'] ?? ''))
    problems.push('Content-Type must be application/json');
  const body = exchange.body;
  switch (endpoint.name) {
    case 'listAccessibleCustomers':
      if (body !== null && body !== undefined) problems.push('listAccessibleCustomers takes no body');
      break;
    case 'mutate': {
      if (!isObject(body)) return [...problems, 'mutate: a JSON body expected'];
      for (const key of Object.keys(body))
        if (!MUTATE_REQUEST_FIELDS.includes(key)) problems.push(`mutate.${key}: no such field`);
      if (!Array.isArray(body.mutateOperations) || body.mutateOperations.length === 0)
        problems.push('mutate.mutateOperations: at least one operation');
      else
        body.mutateOperations.forEach((op, i) => {
          problems.push(...checkOperation(op, `mutateOperations[${i}]`));
        });
      for (const flag of ['partialFailure', 'validateOnly'])
        if (body[flag] !== undefined && typeof body[flag] !== 'boolean')
          problems.push(`mutate.${flag}: boolean`);
      // Temporary ids: negative, and each created once.
      const temps = JSON.stringify(body).match(/customers\/\d{10}\/[A-Za-z]+\/-\d+(?=")/g) ?? [];
      const created = (body.mutateOperations as Json[]).flatMap((op) =>
        Object.values(op).flatMap(
          (inner) => ((inner as Json).create as Json | undefined)?.resourceName ?? [],
        ),
      );
      for (const temp of new Set(temps))
        if (!created.includes(temp)) problems.push(`mutate: temporary id ${temp} used but never created`);
      break;
    }
    case 'search':
    case 'searchStream': {
      if (!isObject(body)) return [...problems, `${endpoint.name}: a JSON body expected`];
      const allowed = endpoint.name === 'search' ? SEARCH_REQUEST_FIELDS : SEARCH_STREAM_REQUEST_FIELDS;
      for (const key of Object.keys(body))
        if (!allowed.includes(key)) problems.push(`${endpoint.name}.${key}: no such field`);
      problems.push(...checkQuery(body.query));
      break;
    }
  }
  return problems;
}

function checkRow(row: unknown, at: string): string[] {
  const problems: string[] = [];
  const walk = (value: unknown, path: string) => {
    if (isObject(value)) {
      for (const [k, v] of Object.entries(value)) walk(v, path ? `${path}.${k}` : k);
      return;
    }
    if (/_/.test(path.split('.').at(-1) ?? '')) problems.push(`${at}.${path}: answer keys are lowerCamel`);
    const type = ROW_VALUES[path];
    if (type) problems.push(...checkValue(value, type, `${at}.${path}`));
    else if (/\.(id|userInterestId)$/.test(path))
      problems.push(...checkValue(value, { kind: 'int64' }, `${at}.${path}`));
  };
  walk(row, '');
  return problems;
}

/**
 * `partialFailureError`: a google.rpc.Status whose `code` is the gRPC code (3, INVALID_ARGUMENT), with the same
 * GoogleAdsFailure in its details as a 400 error body (MutateGoogleAdsResponse, partial failures guide).
 */
function checkPartialFailure(status: unknown): string[] {
  if (!isObject(status)) return ['partialFailureError: a google.rpc.Status expected'];
  const problems = status.code === 3 ? [] : ['partialFailureError.code: 3 (INVALID_ARGUMENT)'];
  return [
    ...problems,
    ...checkErrorBody(400, { error: { ...status, code: 400, status: 'INVALID_ARGUMENT' } }, false).map(
      (p) => `partialFailureError: ${p}`,
    ),
  ];
}

/** The error body of a failed call (a google.rpc.Status with a GoogleAdsFailure, or array-wrapped for searchStream). */
export function checkErrorBody(status: number, body: unknown, stream: boolean): string[] {
  const problems: string[] = [];
  let envelope = body;
  if (stream) {
    if (!Array.isArray(body) || body.length !== 1)
      return ['searchStream errors are a one-element JSON array'];
    envelope = body[0];
  }
  if (!isObject(envelope) || !isObject(envelope.error)) return ['error body: { error: {...} } expected'];
  const error = envelope.error;
  if (error.code !== status)
    problems.push(`error.code ${String(error.code)} is not the HTTP status ${status}`);
  if (ERROR_STATUS[status] !== error.status)
    problems.push(`error.status ${String(error.status)} is not ${ERROR_STATUS[status] ?? '?'} for ${status}`);
  if (typeof error.message !== 'string') problems.push('error.message: string');
  const details = Array.isArray(error.details) ? (error.details as Json[]) : [];
  const failure = details.find((d) => GOOGLE_ADS_FAILURE_TYPE.test(String(d['@type'])));
  if (!failure) {
    // Only Google's own auth layer answers without a GoogleAdsFailure (insufficient scopes: google.rpc.ErrorInfo).
    if (!(status === 403 && details.some((d) => d['@type'] === 'type.googleapis.com/google.rpc.ErrorInfo')))
      problems.push('error.details: a GoogleAdsFailure expected');
    return problems;
  }
  const errors = Array.isArray(failure.errors) ? (failure.errors as Json[]) : [];
  if (errors.length === 0) problems.push('GoogleAdsFailure.errors: at least one');
  if (typeof failure.requestId !== 'string') problems.push('GoogleAdsFailure.requestId: string');
  errors.forEach((entry, i) => {
    const at = `errors[${i}]`;
    const code = isObject(entry.errorCode) ? Object.entries(entry.errorCode) : [];
    if (code.length !== 1) problems.push(`${at}.errorCode: exactly one category`);
    for (const [category, value] of code) {
      if (!ERROR_CATEGORIES.includes(category))
        problems.push(`${at}.errorCode.${category}: unknown category`);
      if (typeof value !== 'string' || !ERROR_CODE_VALUE.test(value))
        problems.push(`${at}.errorCode: enum name`);
    }
    if (typeof entry.message !== 'string') problems.push(`${at}.message: string`);
    const location = entry.location as { fieldPathElements?: Json[] } | undefined;
    for (const element of location?.fieldPathElements ?? []) {
      if (!FIELD_PATH_NAME.test(String(element.fieldName)))
        problems.push(`${at}.location: snake_case field names`);
      if (element.index !== undefined && !Number.isInteger(element.index))
        problems.push(`${at}.location: integer index`);
    }
    const quota = (entry.details as { quotaErrorDetails?: Json } | undefined)?.quotaErrorDetails;
    if (quota?.retryDelay !== undefined && !DURATION.test(String(quota.retryDelay)))
      problems.push(`${at}.details.quotaErrorDetails.retryDelay: a Duration ("60s")`);
  });
  return problems;
}

/** Everything the facts say about the API's answer to a request. */
export function checkResponse(exchange: Exchange): string[] {
  const path = new URL(exchange.url).pathname.replace(/^\/sandbox\/google-ads/, '');
  const endpoint = ENDPOINTS.find((e) => e.method === exchange.method && e.path.test(path));
  if (!endpoint) return [`${path}: no such call`];
  const body = exchange.response;
  if (exchange.status >= 400) return checkErrorBody(exchange.status, body, endpoint.name === 'searchStream');
  if (exchange.status !== 200) return [`status ${exchange.status}: 200 expected`];
  switch (endpoint.name) {
    case 'listAccessibleCustomers':
      return isObject(body) &&
        Array.isArray(body.resourceNames) &&
        body.resourceNames.every((r) => /^customers\/\d{10}$/.test(String(r)))
        ? []
        : ['listAccessibleCustomers: { resourceNames: ["customers/<id>"] } expected'];
    case 'mutate': {
      if (!isObject(body)) return ['mutate: an object expected'];
      const request = exchange.body as {
        mutateOperations: Json[];
        validateOnly?: boolean;
        partialFailure?: boolean;
      };
      const partial = body.partialFailureError;
      const problems: string[] = [];
      if (partial !== undefined) {
        if (!request.partialFailure) problems.push('partialFailureError only answers partialFailure: true');
        problems.push(...checkPartialFailure(partial));
      }
      if (request.validateOnly) {
        // validate_only: "only errors are returned, not results" (the operations' refusals, with partialFailure).
        const extra = Object.keys(body).filter((key) => key !== 'partialFailureError');
        return extra.length === 0 ? problems : [...problems, 'validateOnly answers no results'];
      }
      const responses = body.mutateOperationResponses;
      if (!Array.isArray(responses) || responses.length !== request.mutateOperations.length)
        return [...problems, 'mutate: one mutateOperationResponses entry per operation'];
      responses.forEach((response, i) => {
        const key = Object.keys(request.mutateOperations[i]!)[0]!;
        const result = MUTATE_OPERATIONS[key]?.result ?? '?';
        const entry = (response as Json)[result] as Json | undefined;
        // A failed operation's slot is an empty object in partial-failure mode.
        if (partial !== undefined && isObject(response) && Object.keys(response).length === 0) return;
        if (!entry || typeof entry.resourceName !== 'string' || /\/-\d+/.test(entry.resourceName))
          problems.push(
            `mutateOperationResponses[${i}].${result}.resourceName: a real resource name expected`,
          );
      });
      return problems;
    }
    case 'search': {
      if (!isObject(body) || !Array.isArray(body.results)) return ['search: { results: [...] } expected'];
      const problems = body.results.flatMap((row, i) => checkRow(row, `results[${i}]`));
      if (typeof body.fieldMask !== 'string') problems.push('search.fieldMask: string');
      return problems;
    }
    case 'searchStream': {
      if (!Array.isArray(body)) return ['searchStream: a JSON array of batches expected'];
      return body.flatMap((batch, b) =>
        isObject(batch) && Array.isArray(batch.results)
          ? batch.results.flatMap((row, i) => checkRow(row, `[${b}].results[${i}]`))
          : [`[${b}]: { results: [...] } expected`],
      );
    }
  }
}

import type { createApp } from '@server/app';
import type { OpenApiDocument } from '@server/openapi/document';
import { isExcluded } from '@server/openapi/exclusions';
import Ajv2020, { type ValidateFunction } from 'ajv/dist/2020';
import addFormats from 'ajv-formats';

type App = ReturnType<typeof createApp>;
type Json = Record<string, any>;

const COMPONENTS_ID = 'https://flightplan.test/components';

/**
 * Validators of a document's schemas with ajv's JSON Schema 2020-12 (OpenAPI 3.1's dialect), strict mode:
 * an unknown keyword or a malformed schema fails to compile. Parameters are checked as strings coerced to
 * their documented types, as a server reads them from a URL.
 */
export function schemaValidators(document: OpenApiDocument) {
  const make = (coerceTypes: boolean | 'array') => {
    const ajv = new Ajv2020({ strict: true, allErrors: true, coerceTypes });
    addFormats(ajv);
    ajv.addSchema(relink({ $id: COMPONENTS_ID, $defs: document.components.schemas }));
    return ajv;
  };
  const exact = make(false);
  const coercing = make('array');
  const cache = new Map<string, ValidateFunction>();
  return (schema: Json, coerce = false): ValidateFunction => {
    const key = `${coerce}:${JSON.stringify(schema)}`;
    let validate = cache.get(key);
    if (!validate) {
      validate = (coerce ? coercing : exact).compile(relink(schema));
      cache.set(key, validate);
    }
    return validate;
  };
}

/** `#/components/schemas/X` as ajv finds it: in the schema registered as the components. */
function relink(schema: Json): Json {
  return JSON.parse(JSON.stringify(schema).replaceAll('"#/components/schemas/', `"${COMPONENTS_ID}#/$defs/`));
}

export interface DocumentedOperation {
  key: string;
  method: string;
  path: string;
  tags: string[];
  operation: Json;
}

export function operationsOf(document: OpenApiDocument): DocumentedOperation[] {
  return Object.entries(document.paths).flatMap(([path, item]) =>
    Object.entries(item as Json).map(([method, operation]) => ({
      key: `${method.toUpperCase()} ${path}`,
      method,
      path,
      tags: operation.tags,
      operation,
    })),
  );
}

/** The operation a concrete request is for: a literal path wins over a template, as OpenAPI says. */
export function matchOperation(operations: DocumentedOperation[], method: string, pathname: string) {
  const candidates = operations
    .filter((op) => op.method === method)
    .map((op) => ({ op, params: matchPath(op.path, pathname) }))
    .filter((m): m is { op: DocumentedOperation; params: Record<string, string> } => m.params !== null)
    .sort((a, b) => Object.keys(a.params).length - Object.keys(b.params).length);
  return candidates[0] ?? null;
}

function matchPath(template: string, pathname: string): Record<string, string> | null {
  const names: string[] = [];
  const pattern = template.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{([^}]+)\}/g, (_match, name) => {
    names.push(name);
    return '([^/]+)';
  });
  const match = new RegExp(`^${pattern}$`).exec(pathname);
  if (!match) return null;
  return Object.fromEntries(names.map((name, i) => [name, decodeURIComponent(match[i + 1]!)]));
}

export interface Sample {
  key: string;
  tags: string[];
  status: number;
  /** Its parameters and body are valid by the document (a 4xx sample sends bad input on purpose). */
  requestValid: boolean;
  requestProblems: string[];
}

/**
 * Every request through the returned app is checked against the document: its answer must be documented
 * for the status it has and match the documented schema (else `problems` says so); the request itself is
 * checked too and recorded as a sample of its operation.
 */
export function conformingApp(app: App, document: OpenApiDocument) {
  const operations = operationsOf(document);
  const validator = schemaValidators(document);
  const samples: Sample[] = [];
  const problems: string[] = [];

  const errorsOf = (validate: ValidateFunction) =>
    (validate.errors ?? []).map((e) => `${e.instancePath || '(root)'} ${e.message}`).join('; ');

  async function checkRequest(op: DocumentedOperation, params: Record<string, string>, request: Request) {
    const found: string[] = [];
    const url = new URL(request.url);
    const declared: Json[] = op.operation.parameters ?? [];
    for (const p of declared.filter((p) => p.in === 'path')) {
      const value = { v: params[p.name] };
      const validate = validator({ type: 'object', properties: { v: p.schema } }, true);
      if (!validate(value)) found.push(`path ${p.name}: ${errorsOf(validate)}`);
    }
    const query = declared.filter((p) => p.in === 'query');
    for (const name of new Set(url.searchParams.keys())) {
      if (!query.some((p) => p.name === name)) found.push(`query ${name} is not documented`);
    }
    for (const p of query) {
      const values = url.searchParams.getAll(p.name);
      if (values.length === 0) {
        if (p.required) found.push(`query ${p.name} is required`);
        continue;
      }
      const isArray = p.schema.type === 'array';
      if (!isArray && values.length > 1) found.push(`query ${p.name} is not documented to repeat`);
      const value = { v: isArray ? values : values[0] };
      const validate = validator({ type: 'object', properties: { v: p.schema } }, true);
      if (!validate(value)) found.push(`query ${p.name}: ${errorsOf(validate)}`);
    }
    const body = op.operation.requestBody;
    const type = (request.headers.get('content-type') ?? '').split(';')[0]!.trim();
    const text = request.body ? await request.text() : '';
    if (body) {
      const media = body.content[type];
      if (!media) found.push(`a body of type "${type}" is not documented`);
      else if (type === 'application/json') {
        let parsed: unknown;
        try {
          parsed = JSON.parse(text);
        } catch {
          found.push('the body is not JSON');
        }
        const validate = validator(media.schema);
        if (parsed !== undefined && !validate(parsed)) found.push(`body: ${errorsOf(validate)}`);
      }
    } else if (text && text !== '{}') found.push('a body is not documented');
    return found;
  }

  async function checkResponse(op: DocumentedOperation, response: Response) {
    const documented = op.operation.responses[String(response.status)];
    if (!documented) return [`status ${response.status} is not documented`];
    const type = (response.headers.get('content-type') ?? '').split(';')[0]!.trim();
    const content: Json | undefined = documented.content;
    const bytes = await response.arrayBuffer();
    if (!content) return bytes.byteLength ? [`${response.status} has a body but none is documented`] : [];
    const media = content[type];
    if (!media)
      return [
        `${response.status} answered ${type || 'no content type'}; documented: ${Object.keys(content).join(', ')}`,
      ];
    if (type !== 'application/json' || media.schema.contentMediaType) return [];
    const validate = validator(media.schema);
    const body = JSON.parse(Buffer.from(bytes).toString('utf8'));
    return validate(body) ? [] : [`${response.status} body: ${errorsOf(validate)}`];
  }

  const request = async (input: RequestInfo | URL, init?: RequestInit, env?: unknown) => {
    const req =
      input instanceof Request ? input : new Request(new URL(String(input), 'http://localhost'), init);
    const url = new URL(req.url);
    const method = req.method.toLowerCase();
    const matched = matchOperation(operations, method, url.pathname);
    const forRequest = req.clone();
    const response = await app.request(req, undefined, env as never);
    if (!matched) {
      if (!isExcluded(method, url.pathname)) problems.push(`${req.method} ${url.pathname}: not documented`);
      return response;
    }
    const { op, params } = matched;
    const requestProblems = await checkRequest(op, params, forRequest);
    for (const problem of await checkResponse(op, response.clone()))
      problems.push(`${op.key} (${req.method} ${url.pathname}${url.search}): ${problem}`);
    samples.push({
      key: op.key,
      tags: op.tags,
      status: response.status,
      requestValid: requestProblems.length === 0,
      requestProblems,
    });
    return response;
  };

  const proxied = new Proxy(app, {
    get: (target, property, receiver) =>
      property === 'request' ? request : Reflect.get(target, property, receiver),
  });
  return { app: proxied as App, samples, problems, operations };
}

import { buildOpenApiDocument } from '@server/openapi/document';
import { describe, expect, it } from 'vitest';
import { operationsOf, schemaValidators } from './conformance';

/**
 * The document is a valid OpenAPI 3.1 document as far as can be checked offline (no copy of the official
 * OpenAPI 3.1 JSON Schema is available here): its structural rules below, and every schema in it compiles
 * with ajv's JSON Schema 2020-12 (OpenAPI 3.1's dialect) in strict mode, `$ref`s resolved.
 */

const document = buildOpenApiDocument({ sandboxControl: true });
const operations = operationsOf(document);
const HTTP_METHODS = new Set(['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace']);

/** Every object under a `schema` key (parameters, media types) with where it is. */
function schemasIn(value: unknown, at: string, found: { at: string; schema: object }[] = []) {
  if (Array.isArray(value)) {
    for (const [i, item] of value.entries()) schemasIn(item, `${at}/${i}`, found);
  } else if (value && typeof value === 'object')
    for (const [key, child] of Object.entries(value)) {
      if (key === 'schema' && child && typeof child === 'object')
        found.push({ at: `${at}/schema`, schema: child });
      else schemasIn(child, `${at}/${key}`, found);
    }
  return found;
}

describe('the OpenAPI document', () => {
  it('has the fields OpenAPI 3.1 requires', () => {
    expect(document.openapi).toBe('3.1.0');
    expect(document.info.title).toBeTruthy();
    expect(document.info.version).toBeTruthy();
    for (const path of Object.keys(document.paths)) expect(path).toMatch(/^\//);
  });

  it('names every operation once, with a summary, tags and responses', () => {
    const ids = operations.map((op) => op.operation.operationId);
    expect(ids.filter((id, i) => ids.indexOf(id) !== i)).toEqual([]);
    const tagNames = new Set(document.tags.map((tag) => tag.name));
    for (const op of operations) {
      expect(HTTP_METHODS.has(op.method), op.key).toBe(true);
      expect(op.operation.summary, op.key).toBeTruthy();
      expect(
        op.tags.every((tag) => tagNames.has(tag)),
        `${op.key} tags ${op.tags}`,
      ).toBe(true);
      const statuses = Object.keys(op.operation.responses);
      expect(statuses.length, op.key).toBeGreaterThan(0);
      for (const status of statuses) expect(status, op.key).toMatch(/^[1-5]\d\d$/);
      for (const response of Object.values(op.operation.responses) as { description?: string }[])
        expect(response.description, op.key).toBeTruthy();
    }
  });

  it('declares each path parameter of a path, and no other', () => {
    for (const op of operations) {
      const inPath = [...op.path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]).sort();
      const declared = (op.operation.parameters ?? [])
        .filter((p: { in: string }) => p.in === 'path')
        .map((p: { name: string; required: boolean }) => {
          expect(p.required, `${op.key} ${p.name}`).toBe(true);
          return p.name;
        })
        .sort();
      expect(declared, op.key).toEqual(inPath);
      const names = (op.operation.parameters ?? []).map(
        (p: { in: string; name: string }) => `${p.in}:${p.name}`,
      );
      expect(
        names.filter((n: string, i: number) => names.indexOf(n) !== i),
        op.key,
      ).toEqual([]);
    }
  });

  it('describes the session cookie as the security scheme, and public operations opt out', () => {
    expect(document.components.securitySchemes.session).toMatchObject({ type: 'apiKey', in: 'cookie' });
    expect(document.security).toEqual([{ session: [] }]);
    const publicOps = operations.filter((op) => op.operation.security?.length === 0).map((op) => op.key);
    expect(publicOps).toEqual(
      expect.arrayContaining(['POST /api/auth/login', 'GET /api/openapi.json', 'GET /api/health']),
    );
  });

  it('has only schemas that compile as JSON Schema 2020-12 in strict mode, every $ref resolving', () => {
    const validator = schemaValidators(document);
    // Strict: a keyword JSON Schema does not know is an error, not an annotation.
    expect(() => validator({ type: 'object', colour: 'blue' })).toThrow(/unknown keyword/);
    const failures: string[] = [];
    for (const [name, schema] of Object.entries(document.components.schemas))
      try {
        validator(schema as object);
      } catch (error) {
        failures.push(`components/${name}: ${(error as Error).message}`);
      }
    for (const { at, schema } of schemasIn(document.paths, '#/paths'))
      try {
        validator(schema);
      } catch (error) {
        failures.push(`${at}: ${(error as Error).message}`);
      }
    expect(failures).toEqual([]);
    const refs = JSON.stringify(document).match(/"\$ref":"[^"]+"/g) ?? [];
    for (const ref of new Set(refs)) {
      const name = /#\/components\/schemas\/([^"]+)"/.exec(ref)?.[1];
      expect(name && name in document.components.schemas, ref).toBe(true);
    }
  });

  it('refers to the shared error shape for every error answer', () => {
    for (const op of operations)
      for (const [status, response] of Object.entries(op.operation.responses) as [string, any][])
        if (Number(status) >= 400)
          expect(response.content?.['application/json']?.schema, `${op.key} ${status}`).toEqual({
            $ref: '#/components/schemas/ErrorResponse',
          });
  });
});

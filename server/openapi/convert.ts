import {
  type ConversionConfig,
  type JsonSchema,
  toJsonSchema,
  toJsonSchemaDefs,
} from '@valibot/to-json-schema';
import * as v from 'valibot';
import type { Schema } from './operation';

/** Where a named schema lives in the document. */
export const componentRef = (name: string) => `#/components/schemas/${name}`;

type Mode = 'input' | 'output';

/**
 * valibot → JSON Schema 2020-12 (the dialect of OpenAPI 3.1). Requests are documented as the route accepts
 * them (`input`: before trims and defaults), answers as it sends them (`output`). Refinements that JSON
 * Schema cannot say (trim, custom checks, transforms) are left out, and a record keyed by a picklist becomes
 * `propertyNames` with an enum: the document is as strict as it can be and the route stays the judge, which
 * names the problem in its 400.
 */
const config = (mode: Mode, components?: Record<string, Schema>): ConversionConfig => ({
  target: 'draft-2020-12',
  typeMode: mode,
  errorMode: 'ignore',
  overrideSchema: ({ valibotSchema }) =>
    valibotSchema.type === 'custom' ? customSchema(valibotSchema) : undefined,
  ...(components
    ? { definitions: components, overrideRef: ({ referenceId }) => componentRef(referenceId) }
    : {}),
});

/** A sample of each JSON type, to learn which ones a `v.custom` check lets through. */
const SAMPLES = { null: null, string: 'text', number: 1, boolean: true, object: {}, array: [] } as const;

/**
 * `v.custom` is a function JSON Schema cannot read, but what it accepts can be asked: one that refuses every
 * value (a field that may never be sent, such as a campaign's `status`) is `not: {}` with its message, one
 * that takes only objects is an object; anything else stays open (`{}`) and the route judges.
 */
function customSchema(schema: v.GenericSchema): JsonSchema | undefined {
  const accepted = Object.entries(SAMPLES)
    .filter(([, sample]) => v.safeParse(schema, sample).success)
    .map(([type]) => type);
  const message = (schema as { message?: unknown }).message;
  if (accepted.length === 0)
    return { not: {}, ...(typeof message === 'string' ? { description: message } : {}) };
  if (accepted.length === 1 && accepted[0] === 'object') return { type: 'object' };
  return undefined;
}

/** Conversions already made: many operations answer with the same schema (a plan, a record). */
const converted = new Map<string, WeakMap<Schema, JsonSchema>>();

/**
 * One schema; with `components`, any of them met inside is a `$ref` to its name. The result is shared
 * between the operations that use the same schema: treat it as read-only.
 */
export function toSchema(schema: Schema, mode: Mode, components?: Record<string, Schema>): JsonSchema {
  const key = `${mode}:${components ? Object.keys(components).join(',') : ''}`;
  let done = converted.get(key);
  if (!done) {
    done = new WeakMap();
    converted.set(key, done);
  }
  let result = done.get(schema);
  if (!result) {
    const named = components && reachable(schema, components);
    const { $schema: _dialect, $defs: _components, ...rest } = toJsonSchema(schema, config(mode, named));
    result = rest;
    done.set(schema, result);
  }
  return result;
}

/**
 * The named schemas met inside `schema`. The converter turns every definition it is given into JSON Schema
 * on each call; handing it only these makes building the document several times faster.
 */
function reachable(schema: Schema, components: Record<string, Schema>): Record<string, Schema> {
  const names = new Map<unknown, string>(Object.entries(components).map(([name, named]) => [named, name]));
  const found: Record<string, Schema> = {};
  const seen = new Set<unknown>();
  const visit = (value: unknown) => {
    if (!value || typeof value !== 'object' || seen.has(value)) return;
    seen.add(value);
    const name = names.get(value);
    if (name) found[name] = value as Schema;
    for (const child of Object.values(value)) visit(child);
  };
  visit(schema);
  return found;
}

/** Every named schema in its answer form, for `components.schemas`, referring to each other by name. */
export function toComponents(components: Record<string, Schema>): Record<string, JsonSchema> {
  return toJsonSchemaDefs(components, config('output', components));
}

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

/** One schema; with `components`, any of them met inside is a `$ref` to its name. */
export function toSchema(schema: Schema, mode: Mode, components?: Record<string, Schema>): JsonSchema {
  const {
    $schema: _dialect,
    $defs: _components,
    ...converted
  } = toJsonSchema(schema, config(mode, components));
  return converted;
}

/** Every named schema in its answer form, for `components.schemas`, referring to each other by name. */
export function toComponents(components: Record<string, Schema>): Record<string, JsonSchema> {
  return toJsonSchemaDefs(components, config('output', components));
}

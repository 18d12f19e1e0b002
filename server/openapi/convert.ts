import {
  type ConversionConfig,
  type JsonSchema,
  toJsonSchema,
  toJsonSchemaDefs,
} from '@valibot/to-json-schema';
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
  ...(components
    ? { definitions: components, overrideRef: ({ referenceId }) => componentRef(referenceId) }
    : {}),
});

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

import { MAX_PAGE_SIZE, RESOURCE_SCHEMAS, TOTAL_COUNT_HEADER } from '@contract/resources';
import { STEP_UP_HEADER } from '@contract/stepUp';
import * as v from 'valibot';
import type { ResourceDef } from '../../data/define';
import type { FieldDef } from '../../data/fields';
import { RESOURCES } from '../../data/resources';
import { JSON_BODY, json, type OperationSpec, problem, STEP_UP, UNAUTHENTICATED } from '../operation';

/** The JSON Schema of one query-string value of a field, as server/data/fields.ts parseFieldValue accepts it. */
function queryValueOf(field: FieldDef): v.GenericSchema {
  if (field.values) return v.picklist(field.values as [string, ...string[]]);
  switch (field.type) {
    case 'uuid':
      return v.pipe(v.string(), v.uuid());
    case 'int':
      return v.pipe(v.number(), v.integer());
    case 'date':
      return v.pipe(v.string(), v.isoDate());
    case 'boolean':
      return v.boolean();
    default:
      return v.string();
  }
}

/** Every filter a field takes (server/data/list.ts): equality and `_ne` repeat ("any of", "none of"). */
function filtersOf(def: ResourceDef) {
  const entries: v.ObjectEntries = {};
  const repeated: string[] = [];
  for (const [name, field] of Object.entries(def.fields)) {
    if (!field.filterable) continue;
    const value = queryValueOf(field);
    entries[name] = v.optional(v.array(value));
    entries[`${name}_ne`] = v.optional(v.array(value));
    repeated.push(name, `${name}_ne`);
    if (field.type !== 'uuid' && field.type !== 'boolean' && field.type !== 'textArray') {
      entries[`${name}_gte`] = v.optional(value);
      entries[`${name}_lte`] = v.optional(value);
    }
    if (field.type === 'text')
      entries[`${name}_like`] = v.optional(v.pipe(v.string(), v.description('Contains')));
  }
  return { entries, repeated };
}

function listQuery(def: ResourceDef) {
  const sortable = Object.entries(def.fields)
    .filter(([, field]) => field.sortable)
    .map(([name]) => name);
  const { entries, repeated } = filtersOf(def);
  return {
    query: v.object({
      _start: v.optional(
        v.pipe(v.number(), v.integer(), v.minValue(0), v.description('First row (default 0)')),
      ),
      _end: v.optional(
        v.pipe(
          v.number(),
          v.integer(),
          v.minValue(0),
          v.description(`After the last row (at most ${MAX_PAGE_SIZE} a page)`),
        ),
      ),
      _sort: v.optional(v.pipe(v.string(), v.description(`Comma-separated, of ${sortable.join(', ')}`))),
      _order: v.optional(v.pipe(v.string(), v.description('asc or desc per _sort field, comma-separated'))),
      q: v.optional(
        v.pipe(v.string(), v.maxLength(200), v.description('Text the searchable fields contain')),
      ),
      ...entries,
    }),
    repeated,
  };
}

const idSchema = (def: ResourceDef) =>
  def.idType === 'int'
    ? v.pipe(v.number(), v.integer())
    : def.idType === 'uuid'
      ? v.pipe(v.string(), v.uuid())
      : v.string();

/**
 * The generic data provider (`/api/{resource}`, server/data; refine simple-rest / json-server conventions),
 * one set of operations per resource of its registry, so a resource added there is documented at once.
 */
export function dataOperations(): OperationSpec[] {
  return Object.values(RESOURCES).flatMap((def): OperationSpec[] => {
    const record = RESOURCE_SCHEMAS[def.name];
    const label = def.label.toLowerCase();
    const tags = ['Data API'];
    const collection = `/api/${def.name}`;
    const item = `${collection}/{id}`;
    const pathParams = v.object({ id: v.pipe(idSchema(def), v.description(`The ${label}'s id`)) });
    const notFound = { 404: problem(`No such ${label} in your scope (another tenant's answers the same)`) };
    const { query, repeated } = listQuery(def);
    const operations: OperationSpec[] = [
      {
        method: 'get',
        path: collection,
        summary: `List ${def.name}`,
        description: `Paged, sorted and filtered; \`${TOTAL_COUNT_HEADER}\` counts every match.`,
        tags,
        query,
        repeatedQuery: [...repeated, 'id'],
        responses: {
          200: {
            ...json('One page', v.array(record)),
            headers: { [TOTAL_COUNT_HEADER]: 'Rows matching the filters' },
          },
          400: problem('An unknown or malformed parameter, named in `validationErrors`'),
          ...UNAUTHENTICATED,
        },
      },
      {
        method: 'get',
        path: item,
        summary: `One ${label}`,
        tags,
        pathParams,
        responses: { 200: json(`The ${label}`, record), ...UNAUTHENTICATED, ...notFound },
      },
    ];
    const write = def.write;
    if (!write) return operations;
    operations.push(
      {
        method: 'post',
        path: collection,
        summary: `Create a ${label}`,
        tags,
        body: { json: write.create },
        responses: { 201: json(`The new ${label}`, record), ...UNAUTHENTICATED, ...JSON_BODY },
      },
      {
        method: 'patch',
        path: item,
        summary: `Change a ${label}`,
        tags,
        pathParams,
        body: { json: write.update },
        responses: {
          200: json(`The ${label} as saved`, record),
          ...UNAUTHENTICATED,
          ...JSON_BODY,
          ...notFound,
          409: problem('The change is refused in its current state'),
        },
      },
    );
    if (write.noDelete) return operations;
    const stepUp: OperationSpec['responses'] = write.stepUp ? STEP_UP : {};
    operations.push({
      method: 'delete',
      path: item,
      summary: `Delete a ${label}${write.stepUp ? ' (risky: step-up)' : ''}`,
      tags,
      pathParams,
      ...(write.stepUp ? { headers: v.object({ [STEP_UP_HEADER]: v.optional(v.string()) }) } : {}),
      responses: {
        200: json(`The deleted ${label}`, record),
        ...UNAUTHENTICATED,
        ...stepUp,
        ...notFound,
        409: problem('Others still depend on it'),
      },
    });
    return operations;
  });
}

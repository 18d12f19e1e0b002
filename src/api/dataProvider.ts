import { RESOURCE_SCHEMAS, type ResourceName, type ResourceRecord } from '@contract/resources';
import type { Options } from 'ky';
import * as v from 'valibot';
import { parseResponse, ResponseShapeError, readJson, send } from './http';

/**
 * The generic data provider (refine simple-rest / json-server conventions) over `/api/{resource}`:
 * paging `_start`/`_end`, sorting `_sort`/`_order` (comma lists), filters `field=value` (repeated = any of),
 * `field_ne`, `field_gte`, `field_lte`, `field_like`; the total of a list in `x-total-count`.
 * Every answer is parsed with the resource's valibot schema (contract/resources.ts).
 */

export const DEFAULT_PAGE_SIZE = 10;

export type SortOrder = 'asc' | 'desc';
export interface Sorter {
  field: string;
  order: SortOrder;
}

export type FilterValue = string | number | boolean | null | readonly (string | number | boolean)[];
/** The operators this provider maps onto query parameters. */
export type SupportedOperator = 'eq' | 'ne' | 'gte' | 'lte' | 'contains' | 'in';
export interface LogicalFilter {
  field: string;
  operator: SupportedOperator;
  value: FilterValue;
}
/** Refine's conditional filters: accepted by the type so callers get a clear runtime refusal. */
export interface ConditionalFilter {
  key?: string;
  operator: 'or' | 'and';
  value: readonly (LogicalFilter | ConditionalFilter)[];
}
export type CrudFilter = LogicalFilter | ConditionalFilter;

export interface Pagination {
  current?: number;
  pageSize?: number;
  /** 'off' fetches every record (no _start/_end); 'server' (default) pages on the server. */
  mode?: 'server' | 'off';
}

export interface GetListParams<R extends ResourceName> {
  resource: R;
  pagination?: Pagination;
  sorters?: readonly Sorter[];
  filters?: readonly CrudFilter[];
  signal?: AbortSignal;
}
export interface GetListResult<R extends ResourceName> {
  data: ResourceRecord<R>[];
  total: number;
}

const SUFFIX: Record<Exclude<SupportedOperator, 'in'>, string> = {
  eq: '',
  ne: '_ne',
  gte: '_gte',
  lte: '_lte',
  contains: '_like',
};

/** Thrown before any request when a filter cannot be expressed in the query string. */
export class UnsupportedFilterError extends Error {
  override readonly name = 'UnsupportedFilterError';
}

function filterEntries(filters: readonly CrudFilter[]): [string, string][] {
  const entries: [string, string][] = [];
  for (const filter of filters) {
    const operator = (filter as { operator: string }).operator;
    if (operator === 'or' || operator === 'and') {
      throw new UnsupportedFilterError(
        `The data provider does not support conditional filters: the "${operator}" operator is rejected.`,
      );
    }
    const { field, value } = filter as LogicalFilter;
    if (operator === 'in' || (operator === 'eq' && Array.isArray(value))) {
      const values = Array.isArray(value) ? value : [value];
      for (const one of values) entries.push([field, String(one)]);
      continue;
    }
    if (!Object.hasOwn(SUFFIX, operator)) {
      throw new UnsupportedFilterError(
        `The data provider does not support the "${operator}" filter operator.`,
      );
    }
    if (value === undefined || value === null || value === '') continue;
    entries.push([`${field}${SUFFIX[operator as keyof typeof SUFFIX]}`, String(value)]);
  }
  return entries;
}

/** The query string of a list request (exported for tests and for the URL-synced tables). */
export function listQuery(params: Omit<GetListParams<ResourceName>, 'resource' | 'signal'>): URLSearchParams {
  const query = new URLSearchParams();
  const { current = 1, pageSize = DEFAULT_PAGE_SIZE, mode = 'server' } = params.pagination ?? {};
  if (mode === 'server') {
    query.set('_start', String((current - 1) * pageSize));
    query.set('_end', String(current * pageSize));
  }
  const sorters = params.sorters ?? [];
  if (sorters.length > 0) {
    query.set('_sort', sorters.map((s) => s.field).join(','));
    query.set('_order', sorters.map((s) => s.order).join(','));
  }
  for (const [key, value] of filterEntries(params.filters ?? [])) query.append(key, value);
  return query;
}

const describe = (method: string, url: string) => `${method} /${url.replace(/^\//, '')}`;
const schemaOf = <R extends ResourceName>(resource: R) => {
  const schema = RESOURCE_SCHEMAS[resource];
  if (!schema) throw new Error(`Unknown resource "${resource}".`);
  return schema as unknown as v.GenericSchema<unknown, ResourceRecord<R>>;
};
const path = (resource: string, id?: string) =>
  id === undefined ? `api/${resource}` : `api/${resource}/${encodeURIComponent(id)}`;

async function call(method: string, url: string, options: Options = {}) {
  const response = await send(url, { ...options, method });
  return { response, body: await readJson(response, describe(method, url)) };
}

export const dataProvider = {
  async getList<R extends ResourceName>(params: GetListParams<R>): Promise<GetListResult<R>> {
    const schema = schemaOf(params.resource);
    const searchParams = listQuery(params);
    const { response, body } = await call('GET', path(params.resource), {
      searchParams,
      signal: params.signal,
    });
    const what = describe('GET', path(params.resource));
    const data = parseResponse(v.array(schema), body, what);
    const header = response.headers.get('x-total-count');
    const total = header === null ? data.length : Number(header);
    if (!Number.isInteger(total) || total < 0) {
      throw new ResponseShapeError(`Unexpected response from ${what}: x-total-count is "${header}".`);
    }
    return { data, total };
  },

  async getOne<R extends ResourceName>(params: { resource: R; id: string; signal?: AbortSignal }) {
    const { body } = await call('GET', path(params.resource, params.id), { signal: params.signal });
    return {
      data: parseResponse(schemaOf(params.resource), body, describe('GET', path(params.resource, params.id))),
    };
  },

  async getMany<R extends ResourceName>(params: {
    resource: R;
    ids: readonly string[];
    signal?: AbortSignal;
  }) {
    if (params.ids.length === 0) return { data: [] as ResourceRecord<R>[] };
    const searchParams = new URLSearchParams(params.ids.map((id) => ['id', id]));
    const { body } = await call('GET', path(params.resource), { searchParams, signal: params.signal });
    return {
      data: parseResponse(v.array(schemaOf(params.resource)), body, describe('GET', path(params.resource))),
    };
  },

  async create<R extends ResourceName>(params: { resource: R; variables: Record<string, unknown> }) {
    const { body } = await call('POST', path(params.resource), { json: params.variables });
    return { data: parseResponse(schemaOf(params.resource), body, describe('POST', path(params.resource))) };
  },

  async update<R extends ResourceName>(params: {
    resource: R;
    id: string;
    variables: Record<string, unknown>;
  }) {
    const { body } = await call('PATCH', path(params.resource, params.id), { json: params.variables });
    return {
      data: parseResponse(
        schemaOf(params.resource),
        body,
        describe('PATCH', path(params.resource, params.id)),
      ),
    };
  },

  /** json-server answers a delete with the removed record or `{}`; `data` is null in the latter case. */
  async deleteOne<R extends ResourceName>(params: { resource: R; id: string }) {
    const { body } = await call('DELETE', path(params.resource, params.id));
    const empty =
      body === undefined || (typeof body === 'object' && body !== null && Object.keys(body).length === 0);
    return {
      data: empty
        ? null
        : parseResponse(
            schemaOf(params.resource),
            body,
            describe('DELETE', path(params.resource, params.id)),
          ),
    };
  },

  /** Any other call (e.g. `/data/campaigns/get`). Pass `schema` to parse the answer; without it `data` is unknown. */
  async custom<S extends v.GenericSchema = v.UnknownSchema>(params: {
    url: string;
    method: 'get' | 'post' | 'put' | 'patch' | 'delete';
    payload?: unknown;
    query?: Record<string, string | number | boolean | readonly (string | number | boolean)[] | undefined>;
    headers?: Record<string, string>;
    schema?: S;
    signal?: AbortSignal;
  }): Promise<{ data: v.InferOutput<S> }> {
    const searchParams = new URLSearchParams();
    for (const [key, value] of Object.entries(params.query ?? {})) {
      if (value === undefined) continue;
      for (const one of Array.isArray(value) ? value : [value]) searchParams.append(key, String(one));
    }
    const method = params.method.toUpperCase();
    const { body } = await call(method, params.url, {
      searchParams,
      headers: params.headers,
      signal: params.signal,
      ...(params.payload !== undefined && method !== 'GET' ? { json: params.payload } : {}),
    });
    const schema = params.schema ?? (v.unknown() as unknown as S);
    return { data: parseResponse(schema, body, describe(method, params.url)) };
  },
};

export type DataProvider = typeof dataProvider;

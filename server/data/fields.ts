import { isCalendarDate } from '@contract/resources';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { HttpError } from '../http/errors';

/**
 * How a wire field is filtered and sorted. The type decides how a query-string value is validated
 * and which Postgres array type a repeated value is sent as.
 */
export type FieldType = 'uuid' | 'text' | 'int' | 'date' | 'timestamp' | 'boolean' | 'textArray';

export interface FieldDef {
  column: PgColumn;
  type: FieldType;
  /** May appear in `_sort`. */
  sortable: boolean;
  /** May appear as `field`, `field_ne`, `field_gte`, `field_lte`, `field_like`. */
  filterable: boolean;
  /** Searched by `q` (case-insensitive contains). */
  searchable: boolean;
  /** For text fields with a closed set of values (statuses, currencies, platform keys). */
  values?: readonly string[];
  /**
   * A stored `lower(column)` of the same table (a generated column the schema does not map): a short
   * contains-search compares it with LIKE instead of case-folding every row with ILIKE.
   */
  folded?: string;
}

interface FieldOptions {
  sort?: boolean;
  filter?: boolean;
  search?: boolean;
  values?: readonly string[];
  folded?: string;
}

const field =
  (type: FieldType) =>
  (
    column: PgColumn,
    { sort = true, filter = true, search = false, values, folded }: FieldOptions = {},
  ): FieldDef => ({
    column,
    type,
    sortable: sort && type !== 'textArray',
    filterable: filter,
    searchable: search,
    ...(values ? { values } : {}),
    ...(folded ? { folded } : {}),
  });

export const uuidField = field('uuid');
export const textField = field('text');
export const intField = field('int');
export const dateField = field('date');
export const timestampField = field('timestamp');
export const booleanField = field('boolean');
/** A text[] column: `platforms=meta` means "contains meta". Never sortable. */
export const textArrayField = field('textArray');

export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const INT_PATTERN = /^-?\d{1,16}$/;
const TIMESTAMP_PATTERN =
  /^\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d{1,6})?)?(?:Z|[+-]\d{2}(?::?\d{2})?)?)?$/i;

/** The Postgres type a value of this field is sent as (arrays of it for "any of"). */
export const PG_TYPE: Record<FieldType, string> = {
  uuid: 'uuid',
  text: 'text',
  int: 'bigint',
  date: 'date',
  timestamp: 'timestamptz',
  boolean: 'boolean',
  textArray: 'text',
};

/**
 * Validates one query-string value for a field and returns what is sent to Postgres.
 * `param` is the query parameter's name, quoted in the message. A `partial` value (for `_like`) is any
 * text, even for fields with a closed set of values.
 */
export function parseFieldValue(
  def: FieldDef,
  param: string,
  raw: string,
  partial = false,
): string | number | boolean {
  const bad = (expected: string) =>
    new HttpError(400, `Filter ${param}: "${raw}" is not ${expected}`, {
      validationErrors: { [param]: { message: `Use ${expected}` } },
    });
  switch (def.type) {
    case 'uuid':
      if (!UUID_PATTERN.test(raw)) throw bad('a valid id (a UUID)');
      return raw.toLowerCase();
    case 'int': {
      const n = Number(raw);
      if (!INT_PATTERN.test(raw) || !Number.isSafeInteger(n)) throw bad('a whole number');
      if (def.column.columnType === 'PgInteger' && Math.abs(n) > 2_147_483_647)
        throw bad('a whole number in range');
      return n;
    }
    case 'date':
      if (!isCalendarDate(raw)) throw bad('a date in the form YYYY-MM-DD');
      return raw;
    case 'timestamp':
      if (!TIMESTAMP_PATTERN.test(raw) || Number.isNaN(Date.parse(raw)))
        throw bad('an ISO 8601 date or date-time');
      return raw;
    case 'boolean':
      if (raw !== 'true' && raw !== 'false') throw bad('true or false');
      return raw === 'true';
    case 'text':
    case 'textArray':
      if (raw.length > 200) throw bad('at most 200 characters long');
      if (raw.includes('\u0000')) throw bad('text without NUL characters');
      if (!partial && def.values && !def.values.includes(raw)) throw bad(`one of ${def.values.join(', ')}`);
      return raw;
  }
}

/**
 * The small part of the Google Ads Query Language the local stand-in answers: `SELECT fields FROM resource
 * [WHERE condition AND ...] [ORDER BY field [ASC|DESC], ...] [LIMIT n]`, conditions `= != > >= < <=`,
 * `IN (...)`, `NOT IN (...)`, `LIKE`, `NOT LIKE`, `BETWEEN a AND b`. Fields are snake_case as in GAQL; a field
 * the resource does not offer is the API's `queryError` (https://developers.google.com/google-ads/api/docs/query/grammar).
 */

export type GaqlValue = string | number;
export type GaqlOperator =
  | '='
  | '!='
  | '>'
  | '>='
  | '<'
  | '<='
  | 'IN'
  | 'NOT IN'
  | 'LIKE'
  | 'NOT LIKE'
  | 'BETWEEN';

export interface GaqlCondition {
  field: string;
  operator: GaqlOperator;
  values: GaqlValue[];
}

export interface GaqlQuery {
  select: string[];
  from: string;
  where: GaqlCondition[];
  orderBy: { field: string; descending: boolean }[];
  limit: number | null;
}

/** A query the API refuses: `code` is the queryError enum's name. */
export class GaqlError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

type Token =
  | { kind: 'word'; text: string }
  | { kind: 'string'; text: string }
  | { kind: 'number'; text: string }
  | { kind: 'symbol'; text: string };

const TOKEN =
  /\s*(?:(?<string>'(?:[^'\\]|\\.)*'|"(?:[^"\\]|\\.)*")|(?<number>-?\d+(?:\.\d+)?)(?![\w.])|(?<word>[A-Za-z_][\w.]*)|(?<symbol>!=|>=|<=|[=<>(),]))/y;

function tokenize(query: string): Token[] {
  const tokens: Token[] = [];
  TOKEN.lastIndex = 0;
  let at = 0;
  while (at < query.length) {
    if (/^\s*$/.test(query.slice(at))) break;
    TOKEN.lastIndex = at;
    const match = TOKEN.exec(query);
    if (!match?.groups)
      throw new GaqlError('QUERY_ERROR', `Error in query: unexpected input ${query.slice(at, at + 20)}.`);
    at = TOKEN.lastIndex;
    const { string, number, word, symbol } = match.groups;
    if (string !== undefined)
      tokens.push({ kind: 'string', text: string.slice(1, -1).replace(/\\(.)/g, '$1') });
    else if (number !== undefined) tokens.push({ kind: 'number', text: number });
    else if (word !== undefined) tokens.push({ kind: 'word', text: word });
    else tokens.push({ kind: 'symbol', text: symbol! });
  }
  return tokens;
}

const isKeyword = (token: Token | undefined, keyword: string) =>
  token?.kind === 'word' && token.text.toUpperCase() === keyword;

export function parseGaql(query: string): GaqlQuery {
  const tokens = tokenize(query);
  let i = 0;
  const expectKeyword = (keyword: string, code: string) => {
    if (!isKeyword(tokens[i], keyword)) throw new GaqlError(code, `Error in query: expected ${keyword}.`);
    i += 1;
  };
  const field = () => {
    const token = tokens[i];
    if (token?.kind !== 'word')
      throw new GaqlError('BAD_FIELD_NAME', 'Error in query: expected a field name.');
    i += 1;
    return token.text;
  };
  const value = (): GaqlValue => {
    const token = tokens[i];
    i += 1;
    if (token?.kind === 'string') return token.text;
    if (token?.kind === 'number') return Number(token.text);
    if (token?.kind === 'word') return token.text; // an enum value written bare
    throw new GaqlError('BAD_VALUE_IN_WHERE_CLAUSE', 'Error in query: expected a value.');
  };

  expectKeyword('SELECT', 'EXPECTED_SELECT');
  const select = [field()];
  while (tokens[i]?.text === ',') {
    i += 1;
    select.push(field());
  }
  expectKeyword('FROM', 'EXPECTED_FROM');
  const from = field();
  const where: GaqlCondition[] = [];
  if (isKeyword(tokens[i], 'WHERE')) {
    i += 1;
    do {
      if (where.length > 0) i += 1; // AND
      const name = field();
      const token = tokens[i];
      let operator: GaqlOperator;
      if (token?.kind === 'symbol' && ['=', '!=', '>', '>=', '<', '<='].includes(token.text)) {
        operator = token.text as GaqlOperator;
        i += 1;
      } else if (
        isKeyword(token, 'NOT') &&
        (isKeyword(tokens[i + 1], 'IN') || isKeyword(tokens[i + 1], 'LIKE'))
      ) {
        operator = `NOT ${tokens[i + 1]!.text.toUpperCase()}` as GaqlOperator;
        i += 2;
      } else if (isKeyword(token, 'IN') || isKeyword(token, 'LIKE') || isKeyword(token, 'BETWEEN')) {
        operator = token!.text.toUpperCase() as GaqlOperator;
        i += 1;
      } else {
        throw new GaqlError('BAD_OPERATOR', `Error in query: unsupported operator after ${name}.`);
      }
      let values: GaqlValue[];
      if (operator === 'IN' || operator === 'NOT IN') {
        if (tokens[i]?.text !== '(')
          throw new GaqlError('EXPECTED_OPENING_PARENTHESIS', 'Error in query: expected (.');
        i += 1;
        values = [value()];
        while (tokens[i]?.text === ',') {
          i += 1;
          values.push(value());
        }
        if (tokens[i]?.text !== ')')
          throw new GaqlError('EXPECTED_CLOSING_PARENTHESIS', 'Error in query: expected ).');
        i += 1;
      } else if (operator === 'BETWEEN') {
        const low = value();
        expectKeyword('AND', 'EXPECTED_AND');
        values = [low, value()];
      } else {
        values = [value()];
      }
      where.push({ field: name, operator, values });
    } while (isKeyword(tokens[i], 'AND'));
  }
  const orderBy: GaqlQuery['orderBy'] = [];
  if (isKeyword(tokens[i], 'ORDER')) {
    i += 1;
    expectKeyword('BY', 'EXPECTED_BY');
    do {
      if (orderBy.length > 0) i += 1;
      const name = field();
      let descending = false;
      if (isKeyword(tokens[i], 'DESC') || isKeyword(tokens[i], 'ASC')) {
        descending = tokens[i]!.text.toUpperCase() === 'DESC';
        i += 1;
      }
      orderBy.push({ field: name, descending });
    } while (tokens[i]?.text === ',');
  }
  let limit: number | null = null;
  if (isKeyword(tokens[i], 'LIMIT')) {
    i += 1;
    const token = tokens[i];
    if (token?.kind !== 'number' || !/^\d+$/.test(token.text))
      throw new GaqlError('LIMIT_VALUE_NOT_INTEGER', 'Error in query: LIMIT takes a whole number.');
    limit = Number(token.text);
    i += 1;
  }
  if (i < tokens.length)
    throw new GaqlError('UNEXPECTED_INPUT', `Error in query: unexpected input ${tokens[i]!.text}.`);
  return { select, from, where, orderBy, limit };
}

/** `ad_group_ad.policy_summary.approval_status` → `['adGroupAd', 'policySummary', 'approvalStatus']`. */
export const jsonPath = (field: string) =>
  field.split('.').map((part) => part.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase()));

export function readPath(row: Record<string, unknown>, field: string): unknown {
  let value: unknown = row;
  for (const key of jsonPath(field)) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<string, unknown>)[key];
  }
  return value;
}

function compare(a: unknown, b: GaqlValue): number {
  const left = typeof a === 'boolean' ? String(a).toUpperCase() : a;
  const right = typeof b === 'string' ? b : b;
  const ln = Number(left);
  const rn = Number(right);
  if (left !== '' && right !== '' && Number.isFinite(ln) && Number.isFinite(rn) && typeof left !== 'object')
    return ln - rn;
  const ls = String(left ?? '');
  const rs =
    String(right).toUpperCase() === 'TRUE' || String(right).toUpperCase() === 'FALSE'
      ? String(right).toUpperCase()
      : String(right);
  return ls < rs ? -1 : ls > rs ? 1 : 0;
}

/** LIKE: `%` any run, `_` one character, `[c]` the character c itself (GAQL's escape). */
const like = (value: unknown, pattern: GaqlValue) => {
  let source = '';
  const text = String(pattern);
  for (let i = 0; i < text.length; i += 1) {
    const ch = text[i]!;
    if (ch === '[' && text[i + 2] === ']') {
      source += text[i + 1]!.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      i += 2;
    } else if (ch === '%') source += '.*';
    else if (ch === '_') source += '.';
    else source += ch.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  }
  return new RegExp(`^${source}$`, 's').test(String(value ?? ''));
};

export function matches(row: Record<string, unknown>, condition: GaqlCondition): boolean {
  const value = readPath(row, condition.field);
  const [first, second] = condition.values;
  switch (condition.operator) {
    case '=':
      return compare(value, first!) === 0;
    case '!=':
      return compare(value, first!) !== 0;
    case '>':
      return compare(value, first!) > 0;
    case '>=':
      return compare(value, first!) >= 0;
    case '<':
      return compare(value, first!) < 0;
    case '<=':
      return compare(value, first!) <= 0;
    case 'IN':
      return condition.values.some((v) => compare(value, v) === 0);
    case 'NOT IN':
      return !condition.values.some((v) => compare(value, v) === 0);
    case 'LIKE':
      return like(value, first!);
    case 'NOT LIKE':
      return !like(value, first!);
    case 'BETWEEN':
      return compare(value, first!) >= 0 && compare(value, second!) <= 0;
  }
}

/** The answer row: only the selected fields, nested as the REST API returns them (lowerCamel). */
export function project(row: Record<string, unknown>, fields: readonly string[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const field of fields) {
    const value = readPath(row, field);
    if (value === undefined) continue;
    const path = jsonPath(field);
    let target = out;
    for (const key of path.slice(0, -1)) {
      target[key] ??= {};
      target = target[key] as Record<string, unknown>;
    }
    target[path.at(-1)!] = value;
  }
  return out;
}

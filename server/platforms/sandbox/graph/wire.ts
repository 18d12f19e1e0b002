import { createHash, randomBytes, randomInt } from 'node:crypto';
import type { Gender, Pacing } from '@contract/planning';

/**
 * The local Graph API stand-in's reading of Meta's wire objects back into the shapes the sandbox's shared
 * rules take (adSetProblems, adProblems, the delivery generator). Its own code, not the connector's: the two
 * meet only on the wire, so neither can drift from Meta's formats without the contract tests noticing.
 */

export const GRAPH_OBJECTIVES: Record<string, number> = {
  OUTCOME_AWARENESS: 1,
  OUTCOME_TRAFFIC: 2,
  OUTCOME_ENGAGEMENT: 3,
  OUTCOME_LEADS: 4,
  OUTCOME_APP_PROMOTION: 5,
  OUTCOME_SALES: 6,
};

/** `act_<digits>` of a sandbox ad account: stable digits from its sandbox id (or the id itself when Graph-shaped). */
export function graphAdAccountId(sandboxAccountId: string): string {
  if (/^act_\d+$/.test(sandboxAccountId)) return sandboxAccountId;
  if (/^\d+$/.test(sandboxAccountId)) return `act_${sandboxAccountId}`;
  const digest = createHash('sha256').update(sandboxAccountId).digest();
  return `act_${(digest.readBigUInt64BE(0) % 10n ** 15n).toString().padStart(15, '1')}`;
}

/** A new Graph id: a numeric string like Meta's (`1202…`, 18 digits). */
export const graphId = () =>
  `1202${String(randomInt(10 ** 9)).padStart(9, '0')}${String(randomInt(10 ** 5)).padStart(5, '0')}`;

export const fbtraceId = () => randomBytes(8).toString('base64url');

/** Graph's datetime form: `YYYY-MM-DDTHH:MM:SS+0000`. */
export const graphTime = (date: Date) => `${date.toISOString().slice(0, 19)}+0000`;

/** The calendar day (UTC) of a Graph datetime (`2026-12-01T00:00:00+0000`, with offset or `Z`, or a UNIX time). */
export function dayOf(value: unknown): string | null {
  if (typeof value === 'number' || (typeof value === 'string' && /^\d+$/.test(value)))
    return new Date(Number(value) * 1000).toISOString().slice(0, 10);
  if (typeof value !== 'string') return null;
  const normal = value.replace(/([+-]\d{2})(\d{2})$/, '$1:$2');
  const ms = Date.parse(normal);
  return Number.isNaN(ms) ? null : new Date(ms).toISOString().slice(0, 10);
}

export const genderOf = (codes: unknown): Gender[] =>
  Array.isArray(codes) && codes.length === 1 ? [codes[0] === 1 ? 'male' : 'female'] : [];

/** `pacing_type`: `standard` spreads the budget, `no_pacing` spends as fast as delivery allows. */
export const pacingOf = (pacingType: unknown): Pacing =>
  Array.isArray(pacingType) && pacingType.includes('no_pacing') ? 'front_loaded' : 'even';

/**
 * The sandbox's ad locales (targeting search `type=adlocale`): Meta's numeric keys for the languages the
 * planner offers. Keys as Meta lists them in Ads Manager to our knowledge; the connector never hard-codes
 * them (it searches by name), so a wrong key here costs nothing but the sandbox's realism.
 */
export const SANDBOX_LOCALES: readonly { key: number; name: string; code: string }[] = [
  { key: 1001, name: 'English (All)', code: 'en' },
  { key: 5, name: 'German', code: 'de' },
  { key: 1002, name: 'French (All)', code: 'fr' },
  { key: 1003, name: 'Spanish (All)', code: 'es' },
  { key: 1004, name: 'Portuguese (All)', code: 'pt' },
  { key: 10, name: 'Italian', code: 'it' },
  { key: 14, name: 'Dutch', code: 'nl' },
  { key: 15, name: 'Polish', code: 'pl' },
  { key: 17, name: 'Swedish', code: 'sv' },
  { key: 8, name: 'Danish', code: 'da' },
  { key: 41, name: 'Norwegian (bokmal)', code: 'nb' },
  { key: 22, name: 'Finnish', code: 'fi' },
  { key: 20, name: 'Czech', code: 'cs' },
  { key: 32, name: 'Greek', code: 'el' },
  { key: 30, name: 'Hungarian', code: 'hu' },
  { key: 34, name: 'Romanian', code: 'ro' },
  { key: 19, name: 'Turkish', code: 'tr' },
  { key: 1005, name: 'Arabic', code: 'ar' },
  { key: 11, name: 'Japanese', code: 'ja' },
  { key: 1006, name: 'Chinese (All)', code: 'zh' },
  { key: 12, name: 'Korean', code: 'ko' },
  { key: 16, name: 'Russian', code: 'ru' },
  { key: 46, name: 'Hindi', code: 'hi' },
  { key: 25, name: 'Indonesian', code: 'id' },
];

export const languageOfLocale = (key: unknown) =>
  SANDBOX_LOCALES.find((locale) => locale.key === Number(key))?.code;

/** A JSON-valued Graph param (sent as a JSON string in a form field or query); undefined when absent. */
export function jsonParam(params: Record<string, unknown>, name: string): unknown {
  const raw = params[name];
  if (raw === undefined || raw === '') return undefined;
  if (typeof raw !== 'string') return raw;
  try {
    return JSON.parse(raw);
  } catch {
    throw new GraphFault(400, {
      message: `(#100) Param ${name} must be a JSON object or array`,
      type: 'OAuthException',
      code: 100,
      error_user_msg: `${name} is not valid JSON.`,
      error_data: { blame_field_specs: [[name]] },
    });
  }
}

export interface GraphErrorBody {
  message: string;
  type: string;
  code: number;
  error_subcode?: number;
  error_user_title?: string;
  error_user_msg?: string;
  is_transient?: boolean;
  error_data?: { blame_field_specs?: string[][] };
}

/** An error the stand-in answers in Graph's body (`{ error: {…, fbtrace_id} }`), with its headers. */
export class GraphFault extends Error {
  constructor(
    readonly status: 400 | 401 | 403 | 404 | 500 | 503,
    readonly body: GraphErrorBody,
    readonly headers: Record<string, string> = {},
  ) {
    super(body.message);
  }
}

/** Code 100 naming the field, as Meta refuses a parameter. */
export const invalidParameter = (field: string, userMessage: string, title = 'Invalid parameter') =>
  new GraphFault(400, {
    message: 'Invalid parameter',
    type: 'OAuthException',
    code: 100,
    error_subcode: 1487390,
    error_user_title: title,
    error_user_msg: userMessage,
    error_data: { blame_field_specs: [[field]] },
  });

/** (#100) on an id the caller cannot see: Meta's "does not exist" answer (subcode 33). */
export const unknownObject = (id: string, method: string) =>
  new GraphFault(400, {
    message: `Unsupported ${method.toLowerCase()} request. Object with ID '${id}' does not exist, cannot be loaded due to missing permissions, or does not support this operation. Please read the Graph API documentation at https://developers.facebook.com/docs/graph-api`,
    type: 'GraphMethodException',
    code: 100,
    error_subcode: 33,
  });

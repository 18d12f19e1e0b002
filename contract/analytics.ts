import * as v from 'valibot';
import { noControlCharacters } from './text';

/** Client error reports (POST /api/client-errors) and analytics events (POST /api/events). */

// --- client error reports ---------------------------------------------------------------------------

export const CLIENT_ERROR_MAX_BYTES = 16 * 1024;

/** Replaces control characters (NUL cannot be stored) and cuts to `max` characters: reports are never refused for length. */
const Capped = (max: number, label: string) =>
  v.pipe(
    v.string(`${label} must be text`),
    // biome-ignore lint/suspicious/noControlCharactersInRegex: removing them is the point.
    v.transform((s) => s.replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g, '\uFFFD')),
    v.transform((s) => (s.length > max ? s.slice(0, max) : s)),
  );

/** POST /api/client-errors (signed in or not); the body must be 16 KB or smaller. */
export const ClientErrorReportSchema = v.object({
  message: v.pipe(
    v.optional(Capped(2000, 'message'), ''),
    v.trim(),
    v.nonEmpty('Say what went wrong in message'),
  ),
  stack: v.optional(v.nullable(Capped(8000, 'stack'))),
  url: v.pipe(
    v.optional(Capped(2000, 'url'), ''),
    v.trim(),
    v.nonEmpty('Give the url the error happened on'),
  ),
  status: v.optional(
    v.nullable(
      v.pipe(
        v.number('status must be an HTTP status number'),
        v.integer('status must be an HTTP status number'),
        v.minValue(0, 'status must be an HTTP status number'),
        v.maxValue(999, 'status must be an HTTP status number'),
      ),
    ),
  ),
  componentStack: v.optional(v.nullable(Capped(8000, 'componentStack'))),
  userAgent: v.optional(v.nullable(Capped(500, 'userAgent'))),
});
export type ClientErrorReport = v.InferInput<typeof ClientErrorReportSchema>;

/** 202 answer of POST /api/client-errors and POST /api/events. */
export const ReceivedSchema = v.object({ received: v.literal(true) });

// --- analytics events -------------------------------------------------------------------------------

export const ANALYTICS_EVENT_TYPES = ['page', 'identify', 'group'] as const;
export type AnalyticsEventType = (typeof ANALYTICS_EVENT_TYPES)[number];
export const EVENT_PROPERTIES_MAX_BYTES = 8 * 1024;

const jsonBytes = (value: unknown) => new TextEncoder().encode(JSON.stringify(value)).length;

/**
 * POST /api/events. The user and organization come from the session (identify/group need no ids);
 * anonymousId is the browser's `__as_aid` cookie value.
 */
export const AnalyticsEventRequestSchema = v.object({
  type: v.picklist(ANALYTICS_EVENT_TYPES, `type must be one of ${ANALYTICS_EVENT_TYPES.join(', ')}`),
  name: v.optional(
    v.nullable(
      v.pipe(
        v.string('name must be text'),
        v.trim(),
        v.maxLength(200, 'Use at most 200 characters'),
        noControlCharacters,
      ),
    ),
  ),
  properties: v.optional(
    v.pipe(
      v.custom<Record<string, unknown>>(
        (p) => typeof p === 'object' && p !== null && !Array.isArray(p),
        'properties must be an object',
      ),
      v.check(
        (p) => jsonBytes(p) <= EVENT_PROPERTIES_MAX_BYTES,
        `Keep properties to ${EVENT_PROPERTIES_MAX_BYTES / 1024} KB or less`,
      ),
      v.check((p) => !JSON.stringify(p).includes('\\u0000'), 'properties cannot contain NUL characters'),
    ),
  ),
  anonymousId: v.optional(
    v.nullable(
      v.pipe(
        v.string('anonymousId must be text'),
        v.maxLength(100, 'Use at most 100 characters'),
        noControlCharacters,
      ),
    ),
  ),
});
export type AnalyticsEventRequest = v.InferInput<typeof AnalyticsEventRequestSchema>;

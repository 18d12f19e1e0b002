import type { ClientErrorReport } from '@contract/analytics';

/**
 * Reports an error to the server (POST /api/client-errors), as the error screen promises ("We've been
 * notified"). The route's error screen and React's `onCaughtError` may both see the same error: reports
 * of one error are merged (the component stack joins the first report) and sent once.
 * Plain `fetch`, no API client: this module is part of the first download.
 */

interface Details {
  status?: number | null;
  componentStack?: string | null;
  /** Where it happened (the router's location); the browser's address by default. */
  url?: string;
}

/** The server refuses reports over 16 KB: keep well under it. */
const cut = (text: string | null | undefined, max: number) =>
  text == null ? null : text.length > max ? text.slice(0, max) : text;

const pending = new Map<unknown, { report: ClientErrorReport }>();
const sent = new WeakSet<object>();
const sentKeys = new Set<string>();

function describe(error: unknown): { message: string; stack: string | null } {
  if (error instanceof Error) return { message: error.message || error.name, stack: error.stack ?? null };
  if (typeof error === 'object' && error !== null) {
    const { message, statusText, data } = error as {
      message?: unknown;
      statusText?: unknown;
      data?: unknown;
    };
    if (typeof message === 'string' && message) return { message, stack: null };
    if (typeof statusText === 'string' && statusText) return { message: statusText, stack: null };
    if (typeof data === 'string' && data) return { message: data, stack: null };
  }
  return { message: String(error) || 'Unknown error', stack: null };
}

/** Where the error happened: the path and query (no origin needed, the server knows where it runs). */
const currentUrl = () =>
  typeof location === 'undefined' ? '' : `${location.pathname}${location.search}${location.hash}`;

export function reportClientError(error: unknown, details: Details = {}): void {
  if (typeof error === 'object' && error !== null && sent.has(error)) return;
  const existing = pending.get(error);
  if (existing) {
    if (details.componentStack) existing.report.componentStack = cut(details.componentStack, 4000);
    if (details.status != null) existing.report.status = details.status;
    return;
  }
  const { message, stack } = describe(error);
  const report: ClientErrorReport = {
    message: cut(message, 1000) ?? 'Unknown error',
    stack: cut(stack, 6000),
    url: cut(details.url ?? currentUrl(), 1000) || '/',
    status: details.status ?? null,
    componentStack: cut(details.componentStack, 4000),
  };
  // Errors that are not objects (a thrown string) are told apart by their text and page.
  const key = typeof error === 'object' && error !== null ? null : `${message}|${report.url}`;
  if (key && sentKeys.has(key)) return;
  pending.set(error, { report });
  setTimeout(() => {
    pending.delete(error);
    if (typeof error === 'object' && error !== null) sent.add(error);
    if (key) sentKeys.add(key);
    try {
      void fetch(new URL('/api/client-errors', location.origin), {
        method: 'POST',
        credentials: 'include',
        keepalive: true,
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify(report),
      }).catch(() => undefined);
    } catch {
      // Reporting must never fail the error screen.
    }
  }, 0);
}

import { parseReportQuery } from '@contract/reports';
import { Hono } from 'hono';
import { stream } from 'hono/streaming';
import { requireAccount } from '../auth/sessions';
import type { AppEnv } from '../http/env';
import { HttpError } from '../http/errors';
import { allow } from '../http/policy';
import { csvFilename, csvHeader, csvLine } from './csv';
import { reportContext, runReport, streamReport } from './report';

const DAY_MS = 86_400_000;
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** `GET /api/reports`: the session's current account only; `format=csv` streams every group. */
export function createReportRoutes(): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();

  routes.get('/api/reports', allow('reports.read'), async (c) => {
    const { accountId } = requireAccount(c);
    const params = new URL(c.req.url).searchParams;
    const now = Date.now();
    const parsed = parseReportQuery(params, { from: isoDay(now - 30 * DAY_MS), to: isoDay(now) });
    const format = params.get('format') ?? 'json';
    const errors: Record<string, { message: string }> = {};
    if (!parsed.ok)
      for (const [name, message] of Object.entries(parsed.errors)) errors[name] = { message: message ?? '' };
    if (format !== 'json' && format !== 'csv') errors.format = { message: 'Use format=json or format=csv.' };
    const named = Object.entries(errors);
    if (named.length > 0 || !parsed.ok)
      throw new HttpError(400, named.map(([name, { message }]) => `${name}: ${message}`).join(' '), {
        validationErrors: errors,
      });
    const db = c.get('db');
    const query = parsed.query;
    if (format === 'json') return c.json(await runReport(db, accountId, query));

    const context = await reportContext(db, accountId, query);
    c.header('Content-Type', 'text/csv; charset=utf-8');
    c.header('Content-Disposition', `attachment; filename="${csvFilename(query)}"`);
    return stream(c, async (out) => {
      await out.write(csvHeader(query));
      const totals = await streamReport(db, query, context, async (rows) => {
        // A download cancelled half-way frees its cursor and connection now, not after the last row.
        if (out.aborted) throw new Error('The client closed the CSV download');
        await out.write(rows.map((row) => csvLine(query, context.scope.currency, row)).join(''));
      });
      await out.write(csvLine(query, context.scope.currency, totals));
    });
  });

  return routes;
}

import { existsSync, readFileSync, statSync } from 'node:fs';
import type { ChartCoverageDetail, ChartsCoverage, LevelKeys } from '@contract/charts';
import { Hono } from 'hono';
import { requireSession } from '../auth/sessions';
import type { AppEnv } from '../http/env';
import { HttpError } from '../http/errors';
import { allow } from '../http/policy';

/** The coverage file the tests write (tooling/charts/coverageFile.ts), as far as this reads it. */
interface CoverageFile {
  version: 1;
  ranAt: string;
  by: string;
  charts: Record<string, LevelKeys & { viewUnreachable: string[]; paths: ChartCoverageDetail['paths'] }>;
  previous: { ranAt: string; charts: Record<string, LevelKeys> } | null;
}

export interface ChartRoutesOptions {
  /** `test-runs/chart-coverage.json` of the checkout the server runs from. */
  coverageFile: string;
  /** CHARTS_PUBLIC=on: open to everyone; else to signed-in members (server/config.ts). */
  public: boolean;
}

/**
 * The charts explorer's data (issue 30, docs/charts-explorer.md): the last test run's coverage, read-only,
 * no tenant data. The file is read again only when it changed (a test run while the server runs).
 */
export function createChartRoutes({ coverageFile, public: open }: ChartRoutesOptions) {
  const app = new Hono<AppEnv>();
  let cached: { mtimeMs: number; file: CoverageFile | null } | undefined;
  const read = (): CoverageFile | null => {
    if (!existsSync(coverageFile)) return null;
    const { mtimeMs } = statSync(coverageFile);
    if (cached?.mtimeMs !== mtimeMs) {
      let file: CoverageFile | null = null;
      try {
        const parsed = JSON.parse(readFileSync(coverageFile, 'utf8')) as CoverageFile;
        file = parsed?.version === 1 ? parsed : null;
      } catch {
        // Half written, or an older format: as if no run.
      }
      cached = { mtimeMs, file };
    }
    return cached.file;
  };
  const access = allow(open ? 'public' : 'signedIn');
  const gate = open ? () => {} : requireSession;

  app.get('/api/charts/coverage', access, (c) => {
    gate(c);
    const file = read();
    const body: ChartsCoverage = {
      ranAt: file?.ranAt ?? null,
      by: file?.by ?? null,
      previousRanAt: file?.previous?.ranAt ?? null,
      charts: Object.fromEntries(
        Object.entries(file?.charts ?? {}).map(([name, { machine, view, browser, viewUnreachable }]) => [
          name,
          { machine, view, browser, viewUnreachable, previous: file?.previous?.charts[name] ?? null },
        ]),
      ),
    };
    return c.json(body);
  });

  app.get('/api/charts/coverage/:chart', access, (c) => {
    gate(c);
    const name = c.req.param('chart');
    const file = read();
    const chart = file?.charts[name];
    if (!file || !chart)
      throw new HttpError(404, `No coverage for a chart named "${name}" in the last test run`);
    const body: ChartCoverageDetail = {
      name,
      ranAt: file.ranAt,
      machine: chart.machine,
      view: chart.view,
      browser: chart.browser,
      viewUnreachable: chart.viewUnreachable,
      previous: file.previous?.charts[name] ?? null,
      paths: chart.paths,
    };
    return c.json(body);
  });
  return app;
}

import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { readConfig } from '@server/config';
import { DEMO_EMAIL } from '@server/seed/seed';
import { describe, expect, it } from 'vitest';
import { freshDatabase } from '../support/db';
import { TEST_CONFIG, TestClient, testApp } from '../support/http';

/**
 * The charts explorer's coverage (issue 30, docs/charts-explorer.md): the last test run's, read-only; open to
 * signed-in members, to everyone with CHARTS_PUBLIC=on; a run written while the server runs is served.
 */
const { db } = await freshDatabase();
const dir = mkdtempSync(path.join(tmpdir(), 'chart-coverage-'));
const chartCoverageFile = path.join(dir, 'coverage.json');
const run = (ranAt: string, machine: string[], previous: unknown = null) =>
  writeFileSync(
    chartCoverageFile,
    JSON.stringify({
      version: 1,
      ranAt,
      by: 'npm test',
      charts: { codeEntry: { machine, view: null, browser: [], viewUnreachable: [], paths: [] } },
      previous,
    }),
  );

describe('GET /api/charts/coverage', () => {
  it('answers signed-out visitors 401 unless CHARTS_PUBLIC is on', async () => {
    run('2026-11-28T12:00:00.000Z', ['a|b|0']);
    const closed = new TestClient(testApp(db, { chartCoverageFile }));
    expect((await closed.get('/api/charts/coverage')).status).toBe(401);
    const open = new TestClient(
      testApp(db, { chartCoverageFile, config: { ...TEST_CONFIG, ...readConfig({ CHARTS_PUBLIC: 'on' }) } }),
    );
    const res = await open.get<{ charts: Record<string, unknown> }>('/api/charts/coverage');
    expect(res.status).toBe(200);
    expect(Object.keys(res.body.charts)).toEqual(['codeEntry']);
  });

  it('serves a signed-in member the last run, with the run before it, and says when there was none', async () => {
    const missing = new TestClient(testApp(db, { chartCoverageFile: path.join(dir, 'none.json') }));
    await missing.signIn(DEMO_EMAIL);
    expect((await missing.get('/api/charts/coverage')).body).toEqual({
      ranAt: null,
      by: null,
      previousRanAt: null,
      charts: {},
    });

    const member = new TestClient(testApp(db, { chartCoverageFile }));
    await member.signIn(DEMO_EMAIL);
    run('2026-11-28T13:00:00.000Z', ['a|b|0', 'a|c|0'], {
      ranAt: '2026-11-28T12:00:00.000Z',
      charts: { codeEntry: { machine: ['a|b|0'], view: null, browser: null } },
    });
    const res = await member.get<any>('/api/charts/coverage');
    expect(res.body.ranAt).toBe('2026-11-28T13:00:00.000Z');
    expect(res.body.previousRanAt).toBe('2026-11-28T12:00:00.000Z');
    expect(res.body.charts.codeEntry.machine).toEqual(['a|b|0', 'a|c|0']);
    expect(res.body.charts.codeEntry.previous.machine).toEqual(['a|b|0']);
    const detail = await member.get<any>('/api/charts/coverage/codeEntry');
    expect(detail.status).toBe(200);
    expect(detail.body.paths).toEqual([]);
    const unknown = await member.get<any>('/api/charts/coverage/nope');
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toContain('"nope"');
  });
});

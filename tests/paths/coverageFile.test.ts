import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { getChart } from '@machines';
import { mergeTakenTransitions } from '@tooling/charts/browserTransitions';
import { readCoverageFile, writeChartCoverage, writeViewTransitions } from '@tooling/charts/coverageFile';
import { oracles } from '@tooling/charts/oracles';
import { describe, expect, it } from 'vitest';

/** The charts explorer's coverage file (tooling/charts/coverageFile.ts): three levels, the run before kept. */
describe('the chart coverage file', () => {
  const chart = getChart('codeEntry');
  const ERROR_RESET = 'codeEntry.active.code.error|xstate.after.errorReset.codeEntry.active.code.error|0';

  it('lists each level, the paths step by step with what the oracle checks, and keeps the run before', () => {
    const root = mkdtempSync(path.join(tmpdir(), 'coverage-file-'));
    const first = writeChartCoverage({ root, charts: [chart], oracles, by: 'npm test', viewRan: true });
    const entry = first.charts.codeEntry!;
    expect(entry.machine).toContain(ERROR_RESET);
    expect(entry.view).toBeNull();
    expect(entry.browser).toBeNull();
    expect(first.previous).toBeNull();
    const reset = entry.paths.find((p) => p.steps.some((step) => step.transitions.includes(ERROR_RESET)));
    const step = reset!.steps.find((s) => s.transitions.includes(ERROR_RESET))!;
    expect(step.event).toMatch(/^xstate\.after\.errorReset/);
    expect(step.expects).toContain('code after the reset: ""');
    expect(reset!.result).toBe('passed');

    writeViewTransitions(root, {
      chart: 'codeEntry',
      variant: null,
      covered: [ERROR_RESET],
      unreachable: [],
    });
    mergeTakenTransitions(path.join(root, 'test-results/browser-transitions.json'), [
      { machine: chart.machine.id, key: ERROR_RESET },
      { machine: 'someOtherMachine', key: ERROR_RESET },
    ]);
    writeChartCoverage({ root, charts: [chart], oracles, by: 'npm run test:paths', viewRan: true });
    const second = readCoverageFile(path.join(root, 'test-runs/chart-coverage.json'))!;
    expect(second.charts.codeEntry!.view).toEqual([ERROR_RESET]);
    expect(second.charts.codeEntry!.browser).toEqual([ERROR_RESET]);
    expect(second.previous?.ranAt).toBe(first.ranAt);
    expect(second.previous?.charts.codeEntry?.browser).toBeNull();
  });
});

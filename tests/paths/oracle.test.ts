/**
 * The oracle is what makes a path test prove something: a machine changed to go to a wrong state,
 * or to put a wrong value in its context, still replays its own paths without a throw (the old
 * runner passes), but breaks a promise of its chart's oracle. Each mutant below regenerates its
 * paths (as a broken commit would) and must fail at least one of them.
 */

import { getChart } from '@machines';
import { type Chart, defineChart } from '@machines/chart';
import { analyzeChart, runPath } from '@tooling/charts/coverage';
import { type ChartOracle, runOraclePath } from '@tooling/charts/oracle';
import { campaignLifecycleOracle } from '@tooling/charts/oracles/campaignLifecycle';
import { challengeOracle } from '@tooling/charts/oracles/challenge';
import { codeEntryOracle } from '@tooling/charts/oracles/codeEntry';
import { createRecordOracle } from '@tooling/charts/oracles/createRecord';
import { iconUploadOracle } from '@tooling/charts/oracles/iconUpload';
import { resourceListOracle } from '@tooling/charts/oracles/resourceList';
import { signInOracle } from '@tooling/charts/oracles/signIn';
import { describe, expect, it } from 'vitest';
import { type AnyStateMachine, assign, createMachine } from 'xstate';

/** The chart with another machine (paths are generated afresh for it). */
const mutant = (chart: Chart, machine: AnyStateMachine): Chart =>
  defineChart({ ...chart, name: `${chart.name} (mutant)`, machine });

/** The machine with `on[event]` of the state at `path` replaced (a new config, same implementations). */
function withTransition(
  machine: AnyStateMachine,
  path: string[],
  event: string,
  transition: unknown,
): AnyStateMachine {
  const edit = (node: Record<string, unknown>, rest: string[]): Record<string, unknown> => {
    if (!rest.length) return { ...node, on: { ...(node.on as object), [event]: transition } };
    const [head, ...tail] = rest;
    const states = node.states as Record<string, Record<string, unknown>>;
    return { ...node, states: { ...states, [head!]: edit(states[head!]!, tail) } };
  };
  return createMachine(
    edit(machine.config as Record<string, unknown>, path) as never,
    machine.implementations as never,
  );
}

/** Runs every path of the chart with the oracle; returns the failure messages. */
function oracleFailures(chart: Chart, oracle: ChartOracle): string[] {
  const failures: string[] = [];
  for (const path of analyzeChart(chart).paths) {
    try {
      runOraclePath(chart, oracle, path);
    } catch (error) {
      failures.push(error instanceof Error ? error.message : String(error));
    }
  }
  return failures;
}

/** The old runner: each path replayed against the machine that produced it. */
function replayFailures(chart: Chart): number {
  let failures = 0;
  for (const path of analyzeChart(chart).paths) {
    try {
      runPath(chart, path);
    } catch {
      failures++;
    }
  }
  return failures;
}

describe('the oracle catches a broken machine that replaying its own paths does not', () => {
  it('passes the real machines', () => {
    expect(oracleFailures(getChart('codeEntry'), codeEntryOracle)).toEqual([]);
    expect(oracleFailures(getChart('createRecord'), createRecordOracle)).toEqual([]);
  });

  it('a wrong context update: a wrong code forgets the attempts the provider says are left', () => {
    const chart = getChart('codeEntry');
    const broken = mutant(
      chart,
      chart.machine.provide({
        actions: {
          showWrongCode: assign({ fieldError: 'That code is incorrect.', attemptsRemaining: null }),
        },
      }),
    );
    expect(replayFailures(broken)).toBe(0);
    expect(oracleFailures(broken, codeEntryOracle).join('\n')).toMatch(
      /message: expected "That code is incorrect\. 4 attempts left\.", got "That code is incorrect\."/,
    );
  });

  it('a wrong context update: the uploaded icon is not the one the server stored', () => {
    const chart = getChart('iconUpload');
    const broken = mutant(
      chart,
      chart.machine.provide({ actions: { showIcon: assign({ iconUrl: null, file: null, error: null }) } }),
    );
    expect(replayFailures(broken)).toBe(0);
    expect(oracleFailures(broken, iconUploadOracle).join('\n')).toMatch(/icon from the server/);
  });

  it('a wrong target: “Create” after a refusal goes back to editing instead of sending again', () => {
    const chart = getChart('createRecord');
    const broken = mutant(
      chart,
      withTransition(chart.machine, ['failed'], 'form.submit', { target: 'editing' }),
    );
    expect(replayFailures(broken)).toBe(0);
    expect(oracleFailures(broken, createRecordOracle).join('\n')).toMatch(
      /step \d+ \(form\.submit\), in editing:\nsubmit stayed in editing/,
    );
  });

  it('a wrong target: the token’s expiry leaves the dialog open on the chooser', () => {
    const chart = getChart('challenge');
    const broken = mutant(
      chart,
      withTransition(chart.machine, ['open'], 'token.expire', {
        target: '.choosing',
        actions: 'reportExpiry',
      }),
    );
    expect(replayFailures(broken)).toBe(0);
    expect(oracleFailures(broken, challengeOracle).join('\n')).toMatch(
      /\(token\.expire\), in open\.choosing:\nemitted while open: expected \[\], got \[\{"type":"challenge\.expired"\}\]/,
    );
  });

  it('a wrong context update: editing after a refusal keeps the message above the form (form-submit oracle)', () => {
    const chart = getChart('signIn');
    const broken = mutant(chart, chart.machine.provide({ actions: { clearFormError: assign({}) } }));
    expect(replayFailures(broken)).toBe(0);
    expect(oracleFailures(broken, signInOracle).join('\n')).toMatch(
      /formError: expected null, got "The e-mail address or password is not correct\."/,
    );
  });

  it('a wrong context update: the pager forgets how many rows match', () => {
    const chart = getChart('resourceList');
    const broken = mutant(
      chart,
      chart.machine.provide({
        actions: {
          showPage: assign((_, params: { output: { data: readonly unknown[] } }) => ({
            rows: params.output.data,
            hasLoaded: true,
            error: null,
          })),
        },
      }),
    );
    expect(replayFailures(broken)).toBe(0);
    expect(oracleFailures(broken, resourceListOracle).join('\n')).toMatch(
      /in ready:\nview differs:\n {2}total: expected 12, got 0/,
    );
  });

  it('a wrong target: a refused pause leaves the campaign paused (lifecycle written as a table)', () => {
    const chart = getChart('campaignLifecycle');
    const broken = mutant(
      chart,
      withTransition(chart.machine, ['pausing'], 'pause.failed', { target: 'paused' }),
    );
    expect(replayFailures(broken)).toBe(0);
    expect(oracleFailures(broken, campaignLifecycleOracle).join('\n')).toMatch(
      /pausing on pause\.failed: expected "active", got "paused"/,
    );
  });

  it('a state the oracle does not know fails the path', () => {
    const { failed: _, ...states } = createRecordOracle.states;
    expect(oracleFailures(getChart('createRecord'), { ...createRecordOracle, states }).join('\n')).toMatch(
      /no oracle for state "failed"/,
    );
  });
});

/**
 * The code view's chart as “Add a sign-in method” runs it for the first code (`enrolAuthenticator` invokes
 * it while confirming): the registered `codeEntry` chart with the add dialog's input, its paths checked
 * against `codeEntryEnrolmentOracle`. Not a chart of its own (the same machine and diagram): the paths of
 * this input cover every transition but the two only the step-up dialog's settings take, listed below.
 */

import { getChart } from '@machines';
import type { Chart } from '@machines/chart';
import { analyzeChart } from '@tooling/charts/coverage';
import { runOraclePath, unusedOracleStates } from '@tooling/charts/oracle';
import { codeEntryEnrolmentOracle, ENROLMENT_CODE_SPEC } from '@tooling/charts/oracles/codeEntry';
import { describe, expect, it } from 'vitest';

const registered = getChart('codeEntry');
const chart: Chart = {
  ...registered,
  name: 'codeEntry (enrolment)',
  input: {
    method: 'EMAIL_OTP',
    sendOnOpen: false,
    resendCooldownSeconds: 0,
    resendNotice: 'A new code was sent to dana@example.com.',
    showFailures: true,
    sendRequest: ENROLMENT_CODE_SPEC.request,
  },
  // The provider accepts a code of a method being added without handing out a token.
  events: [...registered.events, { type: 'xstate.done.actor.verifyCode', output: { verified: true } }],
};

describe('codeEntry with the add dialog’s settings: generated paths with an oracle', () => {
  const analysis = analyzeChart(chart);

  it('has paths', () => {
    expect(analysis.paths.length).toBeGreaterThan(0);
  });

  for (const path of analysis.paths) {
    it(path.title, () => {
      runOraclePath(chart, codeEntryEnrolmentOracle, path);
    });
  }

  it('covers every transition but the step-up dialog’s own: the code sent on opening, an ignored refusal', () => {
    expect(analysis.uncovered.map((transition) => transition.label)).toEqual([
      'active.code.loading --xstate.done.actor.verifyCode [isIgnoredError]--> active.code.idle',
      'active.delivery.ready --always [sendsOnOpen]--> active.delivery.sending',
    ]);
  });

  it('reaches every state', () => {
    expect(analysis.states.filter((id) => !analysis.statesReached.includes(id))).toEqual([]);
  });

  it('has no oracle entries for states no path lands in', () => {
    expect(unusedOracleStates(codeEntryEnrolmentOracle, analysis.paths)).toEqual([]);
  });
});

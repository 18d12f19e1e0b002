import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { mergeTakenTransitions, readTakenTransitions } from '@tooling/charts/browserTransitions';
import { afterEach, describe, expect, it } from 'vitest';

let dir: string | undefined;
const fileIn = () => {
  dir = mkdtempSync(path.join(tmpdir(), 'flightplan-transitions-'));
  return path.join(dir, 'lane', 'browser-transitions.json');
};
afterEach(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
  dir = undefined;
});

describe('the browser transitions file', () => {
  it('merges one entry per transition, sorted by machine then key', () => {
    const file = fileIn();
    mergeTakenTransitions(file, [
      { machine: 'signIn', key: 'b' },
      { machine: 'challenge', key: 'z' },
    ]);
    mergeTakenTransitions(file, [
      { machine: 'signIn', key: 'b' },
      { machine: 'signIn', key: 'a' },
    ]);
    expect(readTakenTransitions(file)).toEqual([
      { machine: 'challenge', key: 'z' },
      { machine: 'signIn', key: 'a' },
      { machine: 'signIn', key: 'b' },
    ]);
    expect(readFileSync(file, 'utf8')).toBe(`${JSON.stringify(readTakenTransitions(file), null, 1)}\n`);
  });

  it('reads nothing from a missing file or one that is not ours, and replaces the latter', () => {
    const file = fileIn();
    expect(readTakenTransitions(file)).toEqual([]);
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, '[{"machine":"half');
    expect(readTakenTransitions(file)).toEqual([]);
    writeFileSync(file, '[{"machine":"session","key":"k"},{"other":1}]');
    expect(readTakenTransitions(file)).toEqual([{ machine: 'session', key: 'k' }]);
    writeFileSync(file, '{"not":"a list"}');
    mergeTakenTransitions(file, [{ machine: 'session', key: 'k' }]);
    expect(readTakenTransitions(file)).toEqual([{ machine: 'session', key: 'k' }]);
  });
});

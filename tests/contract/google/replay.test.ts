import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { PlatformError } from '@server/platforms';
import { describe, expect, it } from 'vitest';
import { checkRequest, checkResponse } from './check';
import { type Recording, replayingConnector } from './exchanges';

/**
 * The recorded exchanges (exchanges/*.json: recorded from the stand-in by record.test.ts, the error ones
 * written by hand from Google's documented bodies) replayed against the connector with no stand-in: it must
 * send exactly the recorded requests and make the recorded outcome of the answers. Each recording is also
 * checked against the reference's facts.
 */
const dir = path.join(import.meta.dirname, 'exchanges');
const files = readdirSync(dir).filter((f) => f.endsWith('.json'));
const OPERATIONS = [
  'completeGrant',
  'searchInterests',
  'validate',
  'launch',
  'status',
  'findByReference',
  'validateUpdate',
  'update',
  'pause',
  'resume',
  'delivery',
  'delete',
];

describe('Google Ads recorded exchanges', () => {
  it('cover every operation and every mapped error', () => {
    const recordings = files.map((f) => JSON.parse(readFileSync(path.join(dir, f), 'utf8')) as Recording);
    expect(new Set(recordings.map((r) => r.call.method))).toEqual(new Set(OPERATIONS));
    const kinds = recordings.flatMap((r) => ('error' in r.outcome ? [r.outcome.error.kind] : []));
    expect(new Set(kinds)).toEqual(
      new Set(['credentials_expired', 'rate_limited', 'validation', 'unavailable', 'not_found']),
    );
  });

  it.each(files)('%s', async (file) => {
    const recording = JSON.parse(readFileSync(path.join(dir, file), 'utf8')) as Recording;
    const problems = recording.exchanges.flatMap((e) => [...checkRequest(e), ...checkResponse(e)]);
    expect(problems).toEqual([]);
    const { connector, mismatches, used } = replayingConnector(recording);
    const method = (connector as unknown as Record<string, (...args: unknown[]) => Promise<unknown>>)[
      recording.call.method
    ]!.bind(connector);
    const args =
      recording.call.method === 'completeGrant'
        ? recording.call.args
        : [...recording.call.args, { credentials: recording.credentials }];
    let outcome: Recording['outcome'];
    try {
      outcome = { result: (await method(...args)) ?? null };
    } catch (error) {
      if (!(error instanceof PlatformError)) throw error;
      outcome = {
        error: { kind: error.kind, retryAfterSeconds: error.retryAfterSeconds, message: error.message },
      };
    }
    expect(mismatches).toEqual([]);
    expect(used()).toBe(recording.exchanges.length);
    expect(JSON.parse(JSON.stringify(outcome))).toEqual(recording.outcome);
  });
});

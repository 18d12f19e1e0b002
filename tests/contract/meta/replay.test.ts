import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { SandboxControl } from '@server/platforms';
import { GraphConnector } from '@server/platforms/meta/graphConnector';
import { resetSandboxClock } from '@server/platforms/sandbox/clock';
import { afterAll, describe, expect, it } from 'vitest';
import { freshDatabase } from '../../support/db';
import { META_GRAPH_SETTINGS, pngOf } from '../../support/metaGraphApp';
import { type Recording, replayFetch } from './recording';
import { requestProblems, responseProblems, type WireExchange } from './reference';
import { fullScenario, plan } from './scenario';

/**
 * The recorded exchanges (./exchanges) replayed against the connector with a fetch that answers from the
 * files: no stand-in. The recorded answers are themselves checked against the facts.
 */

const dir = path.join(import.meta.dirname, 'exchanges');
const load = async (file: string) => JSON.parse(await readFile(path.join(dir, file), 'utf8')) as Recording;
const lifeFiles = (await readdir(dir)).filter((f) => f.endsWith('.json')).sort();
const errorFiles = (await readdir(path.join(dir, 'errors'))).sort();
const life = await Promise.all(lifeFiles.map(load));
const errors = await Promise.all(errorFiles.map((f) => load(`errors/${f}`)));

const wire = (recording: Recording): WireExchange[] =>
  recording.exchanges.map((e) => ({
    method: e.request.method,
    url: `http://graph.test${e.request.path}`,
    // Blanked in the files: the picture's base64 (kept short), tokens (still present, as placeholders).
    params: { ...e.request.params, ...(e.request.params.bytes ? { bytes: 'iVBORw0KGgo=' } : {}) },
    status: e.response.status,
    headers: e.response.headers,
    body: e.response.body,
  }));

const connectorWith = (fetch: (url: string, init: RequestInit) => Promise<Response>) =>
  new GraphConnector('meta', 'Meta', META_GRAPH_SETTINGS, fetch, {
    readMedia: { original: (media) => pngOf(media), cropped: async () => null },
  });

describe('recorded exchanges', () => {
  it('cover every operation, and the recorded requests and answers are as Meta documents them', () => {
    expect(life.map((r) => r.operation)).toEqual(
      expect.arrayContaining([
        'completeGrant',
        'launch',
        'status',
        'update',
        'validateUpdate',
        'pause',
        'resume',
        'delete',
        'findByReference',
        'delivery',
        'searchInterests',
        'interestsByIds',
        'estimateAudience',
        'validate',
        'revokeGrant',
      ]),
    );
    const all = [...life, ...errors].flatMap(wire);
    expect(all.flatMap(requestProblems)).toEqual([]);
    expect(all.flatMap(responseProblems)).toEqual([]);
  });

  it('a campaign life replays against the connector, request for request', async () => {
    const { db } = await freshDatabase();
    afterAll(() => resetSandboxClock(db));
    const replay = replayFetch(life.flatMap((r) => r.exchanges));
    await fullScenario(db, connectorWith(replay.fetch), replay.fetch, new SandboxControl(db));
    expect(replay.remaining()).toBe(0);
  });

  const credentials = { accessToken: 'EAAB-recorded-token', externalAccountId: 'act_145893973085363' };
  for (const [index, recording] of errors.entries()) {
    it(`${errorFiles[index]}: ${recording.expect!.kind}`, async () => {
      const replay = replayFetch(recording.exchanges);
      const connector = connectorWith(replay.fetch);
      const call =
        recording.operation === 'validate'
          ? connector.validate(plan('replay'), { credentials })
          : connector.status('120200000000000001', { credentials });
      const error = await call.catch((e: unknown) => e);
      const { kind, retryAfterSeconds, messageContains } = recording.expect!;
      expect(error).toMatchObject({
        kind,
        ...(retryAfterSeconds !== undefined ? { retryAfterSeconds } : {}),
      });
      if (messageContains) expect((error as Error).message).toContain(messageContains);
    });
  }
});

import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { Agent, request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { crc32, deflateSync } from 'node:zlib';
import { getRequestListener } from '@hono/node-server';
import { createApp } from '@server/app';
import { ByteCache } from '@server/assets/byteCache';
import { DecodeBudget } from '@server/assets/decodeBudget';
import { DEFAULT_ASSET_LIMITS } from '@server/assets/limits';
import { ASSET_CSP } from '@server/assets/routes';
import { fileAssetStorage } from '@server/assets/storage';
import { createHttpServer } from '@server/http/server';
import { allowWithoutStepUp } from '@server/provider';
import { DEMO_EMAIL } from '@server/seed/seed';
import { image } from '@tooling/fixtures/media';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase } from '../support/db';
import { ORIGIN, socketEnv, TEST_CONFIG, TestClient, testDeps } from '../support/http';

/**
 * Issue 26's attack on the asset library, each hole with the test of its attack: decompression bombs, files
 * served without a policy, names that read backwards, a refused upload's socket, crops decoded every time.
 */

const { db } = await freshDatabase();
const root = await mkdtemp(path.join(tmpdir(), 'assets-attacks-'));
const storage = fileAssetStorage(root);
const app = createApp({ ...testDeps(db), assetStorage: storage, riskyActionGuard: allowWithoutStepUp });
let demo: TestClient;
beforeAll(async () => {
  demo = await new TestClient(app).signIn(DEMO_EMAIL);
});
afterAll(() => rm(root, { recursive: true, force: true }));

const cookieOf = (client: TestClient) =>
  [...(client as unknown as { cookies: Map<string, string> }).cookies]
    .map(([k, v]) => `${k}=${v}`)
    .join('; ');

async function upload(bytes: Uint8Array, name: string) {
  const res = await app.request(
    `${ORIGIN}/api/assets?name=${encodeURIComponent(name)}`,
    { method: 'POST', body: new Uint8Array(bytes), headers: { origin: ORIGIN, cookie: cookieOf(demo) } },
    socketEnv(),
  );
  return { status: res.status, headers: res.headers, body: await res.json() };
}

/** A small PNG whose header declares `width` × `height` pixels: a few KB that would decode to gigabytes. */
function bombPng(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 6; // RGBA
  // A few rows of zeros (filter byte + pixels); a real bomb compresses every row this well.
  const rows = deflateSync(Buffer.alloc(8 * (1 + width * 4)), { level: 9 });
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', rows),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const storedFiles = async () =>
  (await readdir(root, { recursive: true, withFileTypes: true }).catch(() => [])).filter((e) => e.isFile())
    .length;

describe('decompression bombs', () => {
  it('refuses an image that declares more pixels than the library takes, before decoding it', async () => {
    const bomb = bombPng(16_384, 16_384);
    expect(bomb.length).toBeLessThan(1024 * 1024);
    const files = await storedFiles();
    // Three at once, as in the attack: each is refused from its header.
    const answers = await Promise.all([upload(bomb, 'a.png'), upload(bomb, 'b.png'), upload(bomb, 'c.png')]);
    for (const res of answers) {
      expect(res.status).toBe(422);
      expect(res.body).toMatchObject({
        errorCode: 'IMAGE_TOO_LARGE',
        message: 'Images can have at most 50 megapixels (this one is 16,384 × 16,384, 268 megapixels)',
      });
    }
    expect(await storedFiles()).toBe(files);
    expect(DEFAULT_ASSET_LIMITS.maxImagePixels).toBe(50_000_000);
  });

  it('decodes at most the budget of pixels at once; more wait their turn, and a long queue is refused', async () => {
    const budget = new DecodeBudget(100, 1);
    const order: string[] = [];
    let releaseFirst!: () => void;
    const first = budget.run(60, async () => {
      order.push('first starts');
      await new Promise<void>((resolve) => {
        releaseFirst = resolve;
      });
      order.push('first ends');
    });
    const second = budget.run(60, async () => {
      order.push('second starts');
    });
    // The queue holds one: a third is refused at once with a clear message.
    await expect(budget.run(10, async () => undefined)).rejects.toMatchObject({
      status: 503,
      message: 'Too many images are being processed right now. Try again in a few seconds.',
    });
    await Promise.resolve();
    expect(order).toEqual(['first starts']);
    releaseFirst();
    await Promise.all([first, second]);
    expect(order).toEqual(['first starts', 'first ends', 'second starts']);
  });
});

describe('serving the uploads', () => {
  it('answers every file, thumbnail and crop with a policy that runs and loads nothing', async () => {
    const res = await upload(await image('png', 400, 300, 11), 'policy.png');
    expect(res.status).toBe(201);
    for (const suffix of ['file', 'thumbnail', 'crop?aspect=1:1&fx=0.5&fy=0.5&w=200']) {
      const served = await demo.get(`/api/assets/${res.body.id}/${suffix}`);
      expect(served.status, suffix).toBe(200);
      expect(served.headers.get('content-security-policy'), suffix).toBe(ASSET_CSP);
    }
    expect(ASSET_CSP).toMatch(/^default-src 'none';.*sandbox$/);
  });

  it('strips bidirectional controls from names, so a name reads as what it is', async () => {
    const res = await upload(await image('png', 64, 64, 12), 'invoice\u202Egnp.exe\u2066x\u2069.png');
    expect(res.status).toBe(201);
    expect(res.body.name).toBe('invoicegnp.exex.png');
  });

  it('keeps crops: the same crop again does not decode the original', async () => {
    const res = await upload(await image('jpeg', 800, 600, 13), 'crops.jpg');
    const url = `/api/assets/${res.body.id}/crop?aspect=4:5&fx=0.3&fy=0.5&w=320`;
    const first = await demo.get(url);
    expect(first.status).toBe(200);
    // With the original gone, only a kept crop can still be answered.
    const [row] = (await readdir(root, { recursive: true, withFileTypes: true })).filter(
      (e) => e.isFile() && e.name === res.body.id,
    );
    await rm(path.join(row!.parentPath, row!.name));
    const again = await demo.get(url);
    expect(again.status).toBe(200);
    expect(Buffer.from(await new Response(again.body as never).arrayBuffer()).length).toBeGreaterThan(0);
    expect((await demo.get(`/api/assets/${res.body.id}/crop?aspect=1:1&fx=0.3&fy=0.5&w=320`)).status).toBe(
      404,
    );
  });

  it('the crop cache is bounded by bytes, least recently used first out', () => {
    const cache = new ByteCache(10);
    cache.set('a', Buffer.alloc(4));
    cache.set('b', Buffer.alloc(4));
    cache.get('a');
    cache.set('c', Buffer.alloc(4));
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')).toBeDefined();
    expect(cache.size.bytes).toBeLessThanOrEqual(10);
    cache.set('huge', Buffer.alloc(11));
    expect(cache.get('huge')).toBeUndefined();
  });
});

describe('an upload refused mid-body', () => {
  it('closes its connection cleanly after the answer, so the next request takes a fresh one', async () => {
    const server = createHttpServer(getRequestListener(app.fetch), TEST_CONFIG.http);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    const post = (body: Buffer) =>
      new Promise<{ status: number; connection: string | undefined }>((resolve, reject) => {
        const req = httpRequest(
          {
            host: '127.0.0.1',
            port,
            agent,
            method: 'POST',
            path: '/api/assets?name=refused.mp4',
            headers: { origin: `http://127.0.0.1:${port}`, cookie: cookieOf(demo) },
          },
          (res) => {
            res.resume();
            res.on('end', () => resolve({ status: res.statusCode ?? 0, connection: res.headers.connection }));
          },
        );
        req.on('error', reject);
        req.end(body);
      });
    try {
      const refused = await post(bombPng(16_384, 16_384));
      expect(refused.status).toBe(422);
      expect(refused.connection).toBe('close');
      // The next request on the same agent gets an answer, not a reset socket.
      const next = await post(bombPng(16_384, 16_384));
      expect(next.status).toBe(422);
    } finally {
      agent.destroy();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });
});

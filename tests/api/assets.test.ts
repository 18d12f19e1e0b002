import { randomUUID } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ASSET_IN_USE, type Asset, AssetListSchema, AssetSchema } from '@contract/creative';
import { getRequestListener } from '@hono/node-server';
import { createApp } from '@server/app';
import { DEFAULT_ASSET_LIMITS } from '@server/assets/limits';
import { fileAssetStorage } from '@server/assets/storage';
import * as t from '@server/db/schema';
import { createHttpServer } from '@server/http/server';
import { allowWithoutStepUp } from '@server/provider';
import { DEMO_EMAIL, RIVAL_EMAIL } from '@server/seed/seed';
import {
  BLUE,
  image,
  mp4,
  noisyPng,
  RED,
  redLeftBlueRight,
  textFile,
  truncatedPng,
  withMediaFirst,
} from '@tooling/fixtures/media';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { freshDatabase } from '../support/db';
import { ORIGIN, socketEnv, TEST_CONFIG, TestClient, type TestResponse, testDeps } from '../support/http';

/**
 * The account's asset library (issue 13, "Assets"): uploads checked by content, refusals and cancelled
 * uploads leaving nothing behind (no row, no file, no temp file), the same file kept once, the library
 * scoped to the account, and the original, thumbnail and crops served from storage.
 */

const { db } = await freshDatabase();
const root = await mkdtemp(path.join(tmpdir(), 'assets-api-'));
const storage = fileAssetStorage(root);
const KB = 1024;
/** Small caps for the oversize tests: nobody sends 500 MB to a test. */
const SMALL = { ...DEFAULT_ASSET_LIMITS, maxImageBytes: 20 * KB, maxVideoBytes: 50 * KB };

const appWith = (assetLimits = DEFAULT_ASSET_LIMITS) =>
  createApp({ ...testDeps(db), assetStorage: storage, assetLimits, riskyActionGuard: allowWithoutStepUp });
const app = appWith();
let demo: TestClient;
let rival: TestClient;
let demoAccountId: string;

beforeAll(async () => {
  demo = await new TestClient(app).signIn(DEMO_EMAIL);
  rival = await new TestClient(app).signIn(RIVAL_EMAIL);
  demoAccountId = (await demo.get('/api/auth/user')).body.currentAccount.id;
});
afterAll(() => rm(root, { recursive: true, force: true }));

const cookieOf = (client: TestClient) =>
  [...(client as unknown as { cookies: Map<string, string> }).cookies]
    .map(([k, v]) => `${k}=${v}`)
    .join('; ');

/** TestClient sends JSON; an upload is the file's raw bytes (or a stream of them). */
async function send(
  client: TestClient,
  method: string,
  url: string,
  body?: Uint8Array | ReadableStream<Uint8Array>,
  headers: Record<string, string> = {},
  via = app,
): Promise<TestResponse<any>> {
  const init = {
    method,
    body: body instanceof Uint8Array ? new Uint8Array(body) : body,
    duplex: 'half',
    headers: { origin: ORIGIN, cookie: cookieOf(client), ...headers },
  } as RequestInit;
  const res = await via.request(`${ORIGIN}${url}`, init, socketEnv());
  const bytes = Buffer.from(await res.arrayBuffer());
  let parsed: unknown = bytes;
  if (res.headers.get('content-type')?.includes('json')) parsed = JSON.parse(bytes.toString('utf8'));
  return { status: res.status, headers: res.headers, body: parsed };
}

const upload = (
  bytes: Uint8Array,
  name: string,
  { client = demo, contentType = 'application/octet-stream', via = app } = {},
) =>
  send(
    client,
    'POST',
    `/api/assets?name=${encodeURIComponent(name)}`,
    bytes,
    { 'content-type': contentType },
    via,
  );

async function uploaded(bytes: Uint8Array, name: string, client = demo): Promise<Asset> {
  const res = await upload(bytes, name, { client });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return v.parse(AssetSchema, res.body);
}

/** Every file under the storage root, temp files included. */
async function storedFiles(): Promise<string[]> {
  const entries = await readdir(root, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries
    .filter((e) => e.isFile())
    .map((e) => path.relative(root, path.join(e.parentPath, e.name)))
    .sort();
}
const rowCount = async () => (await db.select({ id: t.creativeAssets.id }).from(t.creativeAssets)).length;

/** Runs `refused` and checks that it left neither a row nor a file (nor a temp file) behind. */
async function leavesNothing(refused: () => Promise<TestResponse<any>>) {
  const [files, rows] = [await storedFiles(), await rowCount()];
  const res = await refused();
  expect(await storedFiles()).toEqual(files);
  expect(await rowCount()).toBe(rows);
  return res;
}

describe('uploads are checked by their content', () => {
  it.each([
    ['png', 'square.png', 1080, 1080],
    ['jpeg', 'landscape.jpg', 1200, 628],
    ['webp', 'portrait.webp', 1080, 1350],
  ] as const)('accepts a %s with the size read from the file', async (format, name, width, height) => {
    const bytes = await image(format, width, height, 1);
    // The request's Content-Type says nothing true here, and does not matter.
    const res = await upload(bytes, name, { contentType: 'text/plain' });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const asset = v.parse(AssetSchema, res.body);
    expect(asset).toMatchObject({
      kind: 'image',
      mimeType: `image/${format}`,
      name,
      byteSize: bytes.length,
      width,
      height,
      durationMs: null,
    });
    expect((await demo.get(`/api/assets/${asset.id}`)).body).toEqual(asset);
    const file = await send(demo, 'GET', asset.fileUrl);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe(`image/${format}`);
    expect(Buffer.compare(file.body, bytes)).toBe(0);
    expect(await storedFiles()).toContain(`${demoAccountId}/${asset.id}`);
  });

  it('accepts an MP4 with its resolution and running time read by the parser', async () => {
    const res = await upload(mp4(1080, 1920, 15), 'story.mp4');
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(v.parse(AssetSchema, res.body)).toMatchObject({
      kind: 'video',
      mimeType: 'video/mp4',
      width: 1080,
      height: 1920,
      durationMs: 15_000,
    });
  });

  it('finds the movie box after the media, as in a file not made "fast start"', async () => {
    const res = await upload(withMediaFirst(mp4(1920, 1080, 42), 3 * 1024 * KB), 'camera.mp4');
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({ width: 1920, height: 1080, durationMs: 42_000 });
  });

  it('refuses a text file named .png, whatever Content-Type it claims', async () => {
    const res = await leavesNothing(() => upload(textFile(), 'photo.png', { contentType: 'image/png' }));
    expect(res.status).toBe(415);
    expect(res.body.message).toBe('This file is not a PNG, JPEG, WebP or MP4 file');
  });

  it('refuses a QuickTime movie or a HEIF picture, which share the MP4 container but are not MP4 files', async () => {
    for (const brand of ['qt  ', 'heic']) {
      const other = mp4(640, 360, 5);
      other.write(brand, 8, 'latin1');
      const res = await leavesNothing(() => upload(other, `clip-${brand.trim()}.mp4`));
      expect(res.status).toBe(415);
      expect(res.body.message).toBe('This file is not a PNG, JPEG, WebP or MP4 file');
    }
  });

  it('refuses a truncated PNG even though its header is intact', async () => {
    const res = await leavesNothing(async () => upload(await truncatedPng(), 'cut.png'));
    expect(res.status).toBe(422);
    expect(res.body.message).toBe('The image is damaged or incomplete');
  });

  it('refuses a video over the length limit, saying how long it runs', async () => {
    const res = await leavesNothing(() => upload(mp4(1280, 720, 5 * 3600), 'all-day.mp4'));
    expect(res.status).toBe(422);
    expect(res.body.message).toBe('Videos can be at most 4 hours long (this one runs 5:00:00)');
  });

  it('refuses an MP4 without a video track', async () => {
    const res = await leavesNothing(() => upload(mp4(0, 0, 10, { video: false }), 'jingle.mp4'));
    expect(res.status).toBe(422);
    expect(res.body.message).toBe('This MP4 file has no video in it');
  });

  it('takes uploads from a signed-in member of the account only, from our own pages', async () => {
    const png = await image('png', 32, 32, 6);
    const anonymous = await leavesNothing(() => upload(png, 'anon.png', { client: new TestClient(app) }));
    expect(anonymous.status).toBe(401);
    const crossSite = await leavesNothing(() =>
      send(demo, 'POST', '/api/assets?name=x.png', png, { origin: 'https://evil.example' }),
    );
    expect(crossSite.status).toBe(403);
  });

  it('refuses an empty file and an upload without a name', async () => {
    const empty = await leavesNothing(() => upload(new Uint8Array(0), 'nothing.png'));
    expect(empty.status).toBe(400);
    expect(empty.body.message).toBe('The file is empty');
    const png = await image('png', 100, 100, 2);
    for (const query of ['', '?name=', '?name=%20%0A%20']) {
      const res = await leavesNothing(() => send(demo, 'POST', `/api/assets${query}`, png));
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ message: 'Name the file', validationErrors: { name: {} } });
    }
  });

  it('keeps the name as shown, without control characters', async () => {
    const asset = await uploaded(await image('png', 64, 64, 3), '  Spring\u0007 sale\n.png ');
    expect(asset.name).toBe('Spring sale.png');
    const file = await send(demo, 'GET', asset.fileUrl);
    expect(file.headers.get('content-disposition')).toBe(
      `inline; filename="Spring sale.png"; filename*=UTF-8''Spring%20sale.png`,
    );
  });
});

describe('size caps', () => {
  const small = appWith(SMALL);

  it('refuses an image over the image cap', async () => {
    const png = await noisyPng(100, 100); // about 30 KB: noise does not compress
    expect(png.length).toBeGreaterThan(SMALL.maxImageBytes);
    const res = await leavesNothing(() => upload(png, 'big.png', { via: small }));
    expect(res.status).toBe(413);
    expect(res.body.message).toBe('Images can be at most 20 KB');
  });

  it('refuses a file over the library cap', async () => {
    const video = mp4(640, 360, 10, { sampleBytes: 6 * KB });
    expect(video.length).toBeGreaterThan(SMALL.maxVideoBytes);
    const res = await leavesNothing(() => upload(video, 'big.mp4', { via: small }));
    expect(res.status).toBe(413);
    expect(res.body.message).toBe('Files can be at most 50 KB');
  });

  it('answers as soon as the body passes the cap, without reading the rest', async () => {
    let sent = 0;
    const head = await image('png', 8, 8);
    const endless = new ReadableStream<Uint8Array>({
      pull(controller) {
        const chunk = sent === 0 ? head : new Uint8Array(4 * KB);
        sent += chunk.length;
        controller.enqueue(chunk);
      },
    });
    const res = await leavesNothing(() =>
      send(demo, 'POST', '/api/assets?name=endless.png', endless, {}, small),
    );
    expect(res.status).toBe(413);
    expect(sent).toBeLessThan(SMALL.maxImageBytes + 64 * KB);
  });

  it('refuses a declared Content-Length over the cap before reading', async () => {
    const res = await leavesNothing(() =>
      send(
        demo,
        'POST',
        '/api/assets?name=huge.mp4',
        new Uint8Array(10),
        { 'content-length': '999999999' },
        small,
      ),
    );
    expect(res.status).toBe(413);
    expect(res.body.message).toBe('Files can be at most 50 KB');
  });
});

describe('a cancelled upload', () => {
  it('leaves no row, no file and no temp file behind', async () => {
    const server = createHttpServer(getRequestListener(app.fetch), TEST_CONFIG.http);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    const [files, rows] = [await storedFiles(), await rowCount()];
    try {
      const req = httpRequest({
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: '/api/assets?name=cancelled.png',
        headers: {
          origin: `http://127.0.0.1:${port}`,
          cookie: cookieOf(demo),
          'transfer-encoding': 'chunked',
        },
      });
      req.on('error', () => {});
      req.write(await image('png', 300, 300, 4));
      req.write(Buffer.alloc(16 * KB));
      // The upload is under way: its temp file exists.
      await vi.waitFor(async () =>
        expect((await storedFiles()).some((f) => f.startsWith('tmp/'))).toBe(true),
      );
      req.destroy();
      await vi.waitFor(async () => expect(await storedFiles()).toEqual(files));
      expect(await rowCount()).toBe(rows);
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });
});

describe('the library', () => {
  it('keeps the same file once: uploading it again answers the asset it already has', async () => {
    const bytes = await image('jpeg', 300, 200, 5);
    const first = await uploaded(bytes, 'first.jpg');
    const rows = await rowCount();
    const again = await leavesNothing(() => upload(bytes, 'again.jpg'));
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first);
    expect(await rowCount()).toBe(rows);
  });

  it('keeps one asset when the same file arrives twice at once', async () => {
    const bytes = await image('png', 640, 640, 7);
    const rows = await rowCount();
    const answers = await Promise.all([upload(bytes, 'twice.png'), upload(bytes, 'twice.png')]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 201]);
    expect(answers[0]!.body.id).toBe(answers[1]!.body.id);
    expect(await rowCount()).toBe(rows + 1);
    expect((await storedFiles()).filter((f) => f.startsWith('tmp/'))).toEqual([]);
  });

  it('lists the account’s assets newest first, by kind, by name, a page at a time', async () => {
    const a = await uploaded(await image('png', 120, 120, 10), 'Autumn banner.png');
    const b = await uploaded(mp4(1280, 720, 6), 'Autumn teaser.mp4');
    const c = await uploaded(await image('webp', 120, 120, 11), 'Winter banner.webp');
    const all = v.parse(AssetListSchema, (await demo.get('/api/assets?_limit=100')).body);
    expect(all.items.slice(0, 3).map((x) => x.id)).toEqual([c.id, b.id, a.id]);
    expect(all.total).toBe(all.items.length);

    const images = (await demo.get('/api/assets?kind=image&_limit=100')).body;
    expect(images.items.every((x: Asset) => x.kind === 'image')).toBe(true);
    expect(images.items.map((x: Asset) => x.id)).toContain(a.id);
    const autumn = (await demo.get('/api/assets?q=autumn')).body;
    expect(autumn).toEqual({ items: [b, a], total: 2 });
    const autumnImages = (await demo.get('/api/assets?q=AUTUMN&kind=image')).body;
    expect(autumnImages).toEqual({ items: [a], total: 1 });
    const page2 = (await demo.get('/api/assets?q=banner&_limit=1&_page=2')).body;
    expect(page2).toEqual({ items: [a], total: 2 });

    // Another tenant's library holds none of them.
    const theirs = (await rival.get('/api/assets?_limit=100')).body;
    expect(theirs.items.map((x: Asset) => x.id)).not.toContain(a.id);
  });

  it('refuses a bad list query, naming each parameter', async () => {
    const res = await demo.get('/api/assets?kind=audio&_limit=500&_page=0');
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.validationErrors).sort()).toEqual(['_limit', '_page', 'kind']);
  });

  it('answers another tenant’s asset id exactly like a missing one', async () => {
    const mine = await uploaded(await image('png', 400, 400, 12), 'mine.png');
    const missing = randomUUID();
    for (const suffix of ['', '/file', '/thumbnail', '/crop?aspect=1:1&fx=0.5&fy=0.5&w=100']) {
      const theirs = await rival.get(`/api/assets/${mine.id}${suffix}`);
      const none = await rival.get(`/api/assets/${missing}${suffix}`);
      const malformed = await rival.get(`/api/assets/not-a-uuid${suffix}`);
      expect(theirs.status, suffix).toBe(404);
      expect(theirs.body).toEqual(none.body);
      expect(malformed.body).toEqual(none.body);
    }
    const deleted = await rival.delete(`/api/assets/${mine.id}`);
    expect(deleted.status).toBe(404);
    expect(deleted.body).toEqual((await rival.delete(`/api/assets/${missing}`)).body);
    expect((await demo.get(`/api/assets/${mine.id}`)).status).toBe(200);
  });

  it('deletes an asset and its files, but not while a plan’s ad uses it', async () => {
    const asset = await uploaded(await image('png', 200, 200, 13), 'used.png');
    await demo.get(asset.thumbnailUrl);
    const [campaign] = await db
      .select({ id: t.campaigns.id })
      .from(t.campaigns)
      .where(eq(t.campaigns.accountId, demoAccountId))
      .limit(1);
    const [platform] = await db.select({ key: t.platforms.key }).from(t.platforms).limit(1);
    const [ad] = await db
      .insert(t.campaignAds)
      .values({
        campaignId: campaign!.id,
        platformKey: platform!.key,
        position: 0,
        name: 'Ad',
        format: 'single_image',
        texts: {},
        destinationUrl: 'https://example.com/',
        callToAction: 'LEARN_MORE',
      })
      .returning();
    await db.insert(t.campaignAdAssets).values({ adId: ad!.id, position: 0, assetId: asset.id });

    const refused = await demo.delete(`/api/assets/${asset.id}`);
    expect(refused.status).toBe(409);
    expect(refused.body.errorCode).toBe(ASSET_IN_USE);
    expect(refused.body.message).toMatch(/^1 plan uses this asset/);
    expect((await demo.get(`/api/assets/${asset.id}`)).status).toBe(200);

    await db.delete(t.campaignAds).where(eq(t.campaignAds.id, ad!.id));
    const deleted = await demo.delete(`/api/assets/${asset.id}`);
    expect(deleted.status).toBe(204);
    expect((await demo.get(`/api/assets/${asset.id}`)).status).toBe(404);
    expect((await storedFiles()).filter((f) => f.includes(asset.id))).toEqual([]);
  });
});

/** The crop is lossy WebP: its colour is near, not exactly, the original's. */
async function colourOf(webp: Buffer): Promise<string> {
  const [r, g, b] = (await sharp(webp).stats()).channels.map((c) => c.mean);
  const near = (value: number | undefined, target: number) => Math.abs((value ?? -999) - target) < 8;
  if (near(r, RED.r) && near(g, RED.g) && near(b, RED.b)) return 'red';
  if (near(r, BLUE.r) && near(g, BLUE.g) && near(b, BLUE.b)) return 'blue';
  return `rgb(${r}, ${g}, ${b})`;
}

describe('files made from an asset', () => {
  it('serves a range of the original (video players seek with these)', async () => {
    const bytes = mp4(640, 360, 4, { sampleBytes: 512 });
    const video = await uploaded(bytes, 'seek.mp4');
    const part = await send(demo, 'GET', video.fileUrl, undefined, { range: 'bytes=100-199' });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 100-199/${bytes.length}`);
    expect(Buffer.compare(part.body, bytes.subarray(100, 200))).toBe(0);
    const tail = await send(demo, 'GET', video.fileUrl, undefined, { range: 'bytes=-10' });
    expect(Buffer.compare(tail.body, bytes.subarray(bytes.length - 10))).toBe(0);
    const head = await send(demo, 'HEAD', video.fileUrl, undefined, { range: 'bytes=100-199' });
    expect(head.status).toBe(206);
    expect(head.headers.get('content-length')).toBe('100');
    const outside = await send(demo, 'GET', video.fileUrl, undefined, { range: `bytes=${bytes.length}-` });
    expect(outside.status).toBe(416);
    expect(outside.headers.get('content-range')).toBe(`bytes */${bytes.length}`);
  });

  it('makes a 320 px WebP thumbnail of an image and a poster for a video', async () => {
    const picture = await uploaded(await image('jpeg', 1600, 900, 14), 'wide.jpg');
    const thumb = await send(demo, 'GET', picture.thumbnailUrl);
    expect(thumb.headers.get('content-type')).toBe('image/webp');
    expect(await sharp(thumb.body).metadata()).toMatchObject({ format: 'webp', width: 320, height: 180 });
    // Kept next to the original and served again as it was.
    expect(Buffer.compare((await send(demo, 'GET', picture.thumbnailUrl)).body, thumb.body)).toBe(0);

    const video = await uploaded(mp4(1080, 1920, 3), 'tall.mp4');
    const poster = await send(demo, 'GET', video.thumbnailUrl);
    expect(poster.status).toBe(200);
    expect(await sharp(poster.body).metadata()).toMatchObject({ format: 'webp', width: 320, height: 569 });
  });

  it('crops to the aspect ratio around the focal point', async () => {
    const picture = await uploaded(await redLeftBlueRight(1000, 500), 'halves.png');
    const crop = async (fx: number) => {
      const res = await send(demo, 'GET', `/api/assets/${picture.id}/crop?aspect=4:5&fx=${fx}&fy=0.3&w=400`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('image/webp');
      return res.body as Buffer;
    };
    const left = await crop(0.1);
    expect(await sharp(left).metadata()).toMatchObject({ width: 400, height: 500 });
    expect(await colourOf(left)).toBe('red');
    expect(await colourOf(await crop(0.9))).toBe('blue');
  });

  it('reads and crops a camera picture the way it is shown (EXIF orientation applied)', async () => {
    // Stored 400 × 200, red left and blue right; orientation 6 shows it turned a quarter clockwise:
    // 200 × 400, red on top.
    const turned = await sharp(await redLeftBlueRight(400, 200))
      .jpeg()
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const photo = await uploaded(turned, 'phone.jpg');
    expect(photo).toMatchObject({ width: 200, height: 400 });
    const square = async (fy: number) =>
      (await send(demo, 'GET', `/api/assets/${photo.id}/crop?aspect=1:1&fx=0.5&fy=${fy}&w=100`)).body;
    expect(await colourOf(await square(0.1))).toBe('red');
    expect(await colourOf(await square(0.9))).toBe('blue');
  });

  it('refuses bad crop parameters, naming each, and crops of a video', async () => {
    const picture = await uploaded(await image('png', 300, 300, 15), 'crop-me.png');
    const res = await demo.get(`/api/assets/${picture.id}/crop?aspect=wide&fx=2&fy=0.5&w=abc`);
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.validationErrors).sort()).toEqual(['aspect', 'fx', 'w']);
    const video = await uploaded(mp4(640, 640, 2), 'square.mp4');
    expect((await demo.get(`/api/assets/${video.id}/crop?aspect=1:1&fx=0.5&fy=0.5&w=100`)).status).toBe(400);
  });

  it('clamps the crop width to 16..2048 pixels', async () => {
    const picture = await uploaded(await image('png', 500, 500, 16), 'tiny-crop.png');
    const res = await send(demo, 'GET', `/api/assets/${picture.id}/crop?aspect=1:1&fx=0.5&fy=0.5&w=2`);
    expect(await sharp(res.body).metadata()).toMatchObject({ width: 16, height: 16 });
  });
});

it('stores files as <account>/<asset> under the storage root', async () => {
  const asset = await uploaded(await image('webp', 50, 50, 17), 'where.webp');
  const stored = await readFile(path.join(root, demoAccountId, asset.id));
  expect(stored.length).toBe(asset.byteSize);
});

import { randomUUID } from 'node:crypto';
import * as t from '@server/db/schema';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase } from '../support/db';
import { ORIGIN, signedIn, TestClient, type TestResponse, testApp } from '../support/http';

const { db } = await freshDatabase();
let demo: TestClient;
let rival: TestClient;
let demoOrgId: string;
let rivalOrgId: string;

const UPGRADE = {
  message: 'Your plan does not include white-label branding. Upgrade to use it.',
  errorCode: 'REQUIRES_UPGRADE',
};

beforeAll(async () => {
  demo = await signedIn(db, 'demo');
  rival = await signedIn(db, 'rival');
  demoOrgId = (await demo.get('/api/auth/user')).body.currentOrganization.id;
  rivalOrgId = (await rival.get('/api/auth/user')).body.currentOrganization.id;
});

afterEach(async () => {
  await db.update(t.organizations).set({ planCode: 'trial' });
});

const organization = async (id: string) =>
  (await db.select().from(t.organizations).where(eq(t.organizations.id, id)))[0]!;
const setPlan = (id: string, planCode: string) =>
  db.update(t.organizations).set({ planCode }).where(eq(t.organizations.id, id));

/** TestClient sends JSON; an icon is raw bytes. Same cookies, same app, same Origin. */
async function sendBytes(
  client: TestClient,
  method: string,
  path: string,
  bytes: Uint8Array,
  headers: Record<string, string>,
): Promise<TestResponse<any>> {
  const { app, cookies } = client as unknown as {
    app: { request: (url: string, init: RequestInit) => Promise<Response> };
    cookies: Map<string, string>;
  };
  const res = await app.request(`${ORIGIN}${path}`, {
    method,
    body: new Uint8Array(bytes),
    headers: { origin: ORIGIN, cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join('; '), ...headers },
  });
  const text = await res.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {}
  return { status: res.status, headers: res.headers, body };
}
const upload = (client: TestClient, bytes: Uint8Array, type: string, headers: Record<string, string> = {}) =>
  sendBytes(client, 'PUT', '/api/organization/white-label/icon', bytes, { 'content-type': type, ...headers });

/** The raw bytes of a GET (TestClient would decode them as text). */
async function fetchIcon(client: TestClient, url: string) {
  const { app, cookies } = client as unknown as {
    app: { request: (url: string, init: RequestInit) => Promise<Response> };
    cookies: Map<string, string>;
  };
  const res = await app.request(`${ORIGIN}${url}`, {
    headers: { cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join('; ') },
  });
  return { res, bytes: Buffer.from(await res.arrayBuffer()) };
}

const png = (width: number, height: number, colour = { r: 20, g: 60, b: 220, alpha: 1 }) =>
  sharp({ create: { width, height, channels: 4, background: colour } })
    .png()
    .toBuffer();

describe('GET /api/organization/white-label', () => {
  it('returns the defaults, the plan feature and no icon', async () => {
    const res = await demo.get('/api/organization/white-label');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      whiteLabelIsEnabled: false,
      hasWhiteLabelFeature: true,
      whiteLabelBrandName: null,
      whiteLabelPrimaryHexCode: '#05d197',
      whiteLabelNavbarBackgroundHexCode: '#ffffff',
      whiteLabelIconUuid: null,
      iconUrl: null,
    });
    await setPlan(demoOrgId, 'starter');
    expect((await demo.get('/api/organization/white-label')).body.hasWhiteLabelFeature).toBe(false);
  });
});

describe('PATCH /api/organization/white-label', () => {
  it('updates the given fields and returns the organization', async () => {
    const res = await demo.patch('/api/organization/white-label', {
      whiteLabelIsEnabled: true,
      whiteLabelBrandName: '  Acme Ads ',
      whiteLabelPrimaryHexCode: '#FF0080',
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: demoOrgId,
      name: 'Demo Agency',
      whiteLabelIsEnabled: true,
      hasWhiteLabelFeature: true,
      whiteLabelBrandName: 'Acme Ads',
      whiteLabelPrimaryHexCode: '#ff0080',
      whiteLabelNavbarBackgroundHexCode: '#ffffff',
    });
    const navbar = await demo.patch('/api/organization/white-label', {
      whiteLabelNavbarBackgroundHexCode: '#101820',
    });
    expect(navbar.body).toMatchObject({
      whiteLabelBrandName: 'Acme Ads',
      whiteLabelNavbarBackgroundHexCode: '#101820',
    });
    // null and '' both clear the brand name.
    expect(
      (await demo.patch('/api/organization/white-label', { whiteLabelBrandName: '' })).body
        .whiteLabelBrandName,
    ).toBe(null);
    await demo.patch('/api/organization/white-label', { whiteLabelBrandName: 'Again' });
    expect(
      (await demo.patch('/api/organization/white-label', { whiteLabelBrandName: null })).body
        .whiteLabelBrandName,
    ).toBe(null);
    expect((await demo.get('/api/auth/user')).body.currentOrganization).toMatchObject({
      whiteLabelIsEnabled: true,
      whiteLabelPrimaryHexCode: '#ff0080',
    });
  });

  it('names each invalid field with 400 and changes nothing', async () => {
    const before = await organization(demoOrgId);
    const res = await demo.patch('/api/organization/white-label', {
      whiteLabelIsEnabled: 'yes',
      whiteLabelBrandName: 'b'.repeat(61),
      whiteLabelPrimaryHexCode: 'red',
      whiteLabelNavbarBackgroundHexCode: '#12345',
    });
    expect(res.status).toBe(400);
    expect(res.body.validationErrors).toEqual({
      whiteLabelIsEnabled: { message: 'Choose on or off' },
      whiteLabelBrandName: { message: 'Use at most 60 characters' },
      whiteLabelPrimaryHexCode: { message: 'Use a colour in the form #rrggbb' },
      whiteLabelNavbarBackgroundHexCode: { message: 'Use a colour in the form #rrggbb' },
    });
    expect(await organization(demoOrgId)).toEqual(before);
  });

  it('answers REQUIRES_UPGRADE on the starter plan and changes nothing', async () => {
    await setPlan(demoOrgId, 'starter');
    const before = await organization(demoOrgId);
    const res = await demo.patch('/api/organization/white-label', {
      whiteLabelIsEnabled: true,
      whiteLabelBrandName: 'Sneaky',
    });
    expect(res.status).toBe(403);
    expect(res.body).toEqual(UPGRADE);
    expect(await organization(demoOrgId)).toEqual(before);
  });

  it("changes only the caller's organization", async () => {
    const demoBefore = await organization(demoOrgId);
    const res = await rival.patch('/api/organization/white-label', {
      whiteLabelBrandName: 'Rival Brand',
      whiteLabelPrimaryHexCode: '#000000',
    });
    expect(res.body).toMatchObject({ id: rivalOrgId, whiteLabelBrandName: 'Rival Brand' });
    expect(await organization(demoOrgId)).toEqual(demoBefore);
  });
});

describe('PUT /api/organization/white-label/icon', () => {
  it('stores a PNG as a 128×128 PNG, served to members with an immutable private cache', async () => {
    const res = await upload(demo, await png(300, 150), 'image/png');
    expect(res.status).toBe(200);
    const uuid = res.body.whiteLabelIconUuid;
    expect(uuid).toMatch(/^[0-9a-f-]{36}$/);
    expect(res.body).toMatchObject({ id: demoOrgId });
    const settings = await demo.get('/api/organization/white-label');
    expect(settings.body).toMatchObject({ whiteLabelIconUuid: uuid, iconUrl: `/api/brand-icons/${uuid}` });

    const { res: icon, bytes } = await fetchIcon(demo, settings.body.iconUrl);
    expect(icon.status).toBe(200);
    expect(icon.headers.get('content-type')).toBe('image/png');
    expect(icon.headers.get('cache-control')).toBe('private, max-age=31536000, immutable');
    const meta = await sharp(bytes).metadata();
    expect(meta).toMatchObject({ format: 'png', width: 128, height: 128, hasAlpha: true });
    // Wide image, 'contain': blue in the middle, transparent bands above and below.
    const { data } = await sharp(bytes).raw().toBuffer({ resolveWithObject: true });
    const pixel = (x: number, y: number) => [...data.subarray((y * 128 + x) * 4, (y * 128 + x) * 4 + 4)];
    expect(pixel(64, 64)).toEqual([20, 60, 220, 255]);
    expect(pixel(64, 5)[3]).toBe(0);
  });

  it('replaces the previous icon with a new uuid and forgets the old one', async () => {
    const first = (await upload(demo, await png(64, 64), 'image/png')).body.whiteLabelIconUuid;
    const second = (await upload(demo, await png(64, 64, { r: 0, g: 0, b: 0, alpha: 1 }), 'image/png')).body
      .whiteLabelIconUuid;
    expect(second).not.toBe(first);
    expect((await fetchIcon(demo, `/api/brand-icons/${first}`)).res.status).toBe(404);
    expect((await fetchIcon(demo, `/api/brand-icons/${second}`)).res.status).toBe(200);
    const stored = await db.select().from(t.brandIcons).where(eq(t.brandIcons.organizationId, demoOrgId));
    expect(stored.map((i) => i.uuid)).toEqual([second]);
  });

  it('accepts JPEG and WebP, and rasterises SVG', async () => {
    const jpeg = await sharp({ create: { width: 40, height: 80, channels: 3, background: '#ff0000' } })
      .jpeg()
      .toBuffer();
    expect((await upload(demo, jpeg, 'image/jpeg')).status).toBe(200);
    const webp = await sharp({ create: { width: 50, height: 50, channels: 3, background: '#00ff00' } })
      .webp()
      .toBuffer();
    expect((await upload(demo, webp, 'image/webp')).status).toBe(200);

    const svg = Buffer.from(
      '<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg" width="16" height="8"><rect width="16" height="8" fill="#ff0000"/></svg>',
    );
    const res = await upload(demo, svg, 'image/svg+xml');
    expect(res.status).toBe(200);
    const { bytes } = await fetchIcon(demo, `/api/brand-icons/${res.body.whiteLabelIconUuid}`);
    expect(await sharp(bytes).metadata()).toMatchObject({ format: 'png', width: 128, height: 128 });
    const { data } = await sharp(bytes).raw().toBuffer({ resolveWithObject: true });
    expect([...data.subarray((64 * 128 + 64) * 4, (64 * 128 + 64) * 4 + 4)]).toEqual([255, 0, 0, 255]);
    expect(data[(2 * 128 + 64) * 4 + 3]).toBe(0);
  });

  it('refuses what is not a PNG, JPEG, WebP or SVG with 415, whatever the header says', async () => {
    const before = await organization(demoOrgId);
    const message = 'Upload a PNG, JPEG, WebP or SVG image';
    const text = Buffer.from('definitely not an image, just some text bytes');
    const gif = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#000' } })
      .gif()
      .toBuffer();
    const truncated = (await png(200, 200)).subarray(0, 60);
    for (const [bytes, type] of [
      [text, 'image/png'],
      [text, 'image/svg+xml'],
      [gif, 'image/png'],
      [truncated, 'image/png'],
      [Buffer.alloc(0), 'image/png'],
      [await png(10, 10), 'image/gif'],
      [await png(10, 10), 'application/octet-stream'],
    ] as const) {
      const res = await upload(demo, bytes, type);
      expect(res.status, `${type} ${bytes.length} bytes`).toBe(415);
      expect(res.body.message).toBe(message);
    }
    expect(await organization(demoOrgId)).toEqual(before);
  });

  it('refuses more than 2 MB with 413, by Content-Length and by the bytes received', async () => {
    const before = await organization(demoOrgId);
    const big = Buffer.alloc(2 * 1024 * 1024 + 1, 0x41);
    const streamed = await upload(demo, big, 'image/png');
    expect(streamed.status).toBe(413);
    expect(streamed.body.message).toBe('The image must be 2 MB or smaller');
    const declared = await upload(demo, await png(10, 10), 'image/png', { 'content-length': '5000000' });
    expect(declared.status).toBe(413);
    expect(declared.body.message).toBe('The image must be 2 MB or smaller');
    expect(await organization(demoOrgId)).toEqual(before);
  });

  it('refuses a small file that decodes to a huge canvas', async () => {
    const bomb = await sharp({ create: { width: 6000, height: 5000, channels: 3, background: '#fff' } })
      .png({ compressionLevel: 9 })
      .toBuffer();
    expect(bomb.length).toBeLessThan(2 * 1024 * 1024);
    const res = await upload(demo, bomb, 'image/png');
    expect(res.status).toBe(413);
    expect(res.body.message).toBe('The image must be 25 megapixels or smaller');
  });

  it('answers REQUIRES_UPGRADE on the starter plan and stores nothing', async () => {
    await setPlan(demoOrgId, 'starter');
    const before = await organization(demoOrgId);
    const iconsBefore = await db.select().from(t.brandIcons);
    const res = await upload(demo, await png(32, 32), 'image/png');
    expect(res.status).toBe(403);
    expect(res.body).toEqual(UPGRADE);
    expect(await organization(demoOrgId)).toEqual(before);
    expect(await db.select().from(t.brandIcons)).toEqual(iconsBefore);
  });

  it('DELETE removes the icon', async () => {
    const uuid = (await upload(demo, await png(32, 32), 'image/png')).body.whiteLabelIconUuid;
    const res = await demo.delete('/api/organization/white-label/icon');
    expect(res.status).toBe(200);
    expect(res.body.whiteLabelIconUuid).toBe(null);
    expect((await demo.get('/api/organization/white-label')).body.iconUrl).toBe(null);
    expect((await fetchIcon(demo, `/api/brand-icons/${uuid}`)).res.status).toBe(404);
  });
});

describe('GET /api/brand-icons/:uuid', () => {
  it('answers anyone outside the organization exactly like a missing icon', async () => {
    const uuid = (await upload(demo, await png(32, 32), 'image/png')).body.whiteLabelIconUuid;
    const missing = await rival.get(`/api/brand-icons/${randomUUID()}`);
    expect(missing.status).toBe(404);
    const foreign = await rival.get(`/api/brand-icons/${uuid}`);
    expect(foreign.status).toBe(404);
    expect(foreign.body).toEqual(missing.body);
    expect(foreign.headers.get('cache-control')).toBe('private, no-store');
    expect(missing.headers.get('cache-control')).toBe('private, no-store');
    const signedOut = await new TestClient(testApp(db)).get(`/api/brand-icons/${uuid}`);
    expect(signedOut.status).toBe(404);
    expect(signedOut.body).toEqual(missing.body);
    expect((await rival.get('/api/brand-icons/not-a-uuid')).body).toEqual(missing.body);
    // Rival's own white-label and icon calls act on Rival Media only.
    await upload(rival, await png(16, 16), 'image/png');
    await rival.delete('/api/organization/white-label/icon');
    expect((await fetchIcon(demo, `/api/brand-icons/${uuid}`)).res.status).toBe(200);
    expect((await organization(demoOrgId)).whiteLabelIconUuid).toBe(uuid);
  });
});

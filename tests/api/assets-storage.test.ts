import { mkdir, mkdtemp, readdir, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileAssetStorage } from '@server/assets/storage';
import { afterAll, expect, it } from 'vitest';

/** The file storage of the asset library (server/assets/storage.ts), beyond what the API tests reach. */

const root = await mkdtemp(path.join(tmpdir(), 'assets-storage-'));
const storage = fileAssetStorage(root);
afterAll(() => rm(root, { recursive: true, force: true }));

const ACCOUNT = '6f1c1f8e-3b5a-4c59-9d2f-0a4b7e2c9d10';
const ASSET = '0b8f4f62-8c1e-4d1f-a4a0-5f2b3c6d7e8f';

it('keeps an original under <account>/<asset> and removes it with what was made from it', async () => {
  const temp = await storage.createTemp();
  await writeFile(temp.path, 'bytes');
  const key = storage.keyOf(ACCOUNT, ASSET);
  await temp.commit(key);
  const thumbnail = storage.variantPathOf(key, 'thumbnail-320.webp');
  await mkdir(path.dirname(thumbnail), { recursive: true });
  await writeFile(thumbnail, 'made from it');
  expect(storage.pathOf(key)).toBe(path.join(root, ACCOUNT, ASSET));
  expect((await readdir(path.join(root, ACCOUNT))).sort()).toEqual([ASSET, `${ASSET}.variants`]);
  expect(await readdir(path.join(root, 'tmp'))).toEqual([]);
  await storage.remove(key);
  expect(await readdir(path.join(root, ACCOUNT))).toEqual([]);
});

it('refuses keys and variant names that are not its own (no path a client could steer)', () => {
  expect(() => storage.keyOf('..', ASSET)).toThrow();
  expect(() => storage.pathOf(`${ACCOUNT}/../../etc/passwd`)).toThrow();
  expect(() => storage.variantPathOf(storage.keyOf(ACCOUNT, ASSET), '../escape')).toThrow();
});

it('sweeps temp files a crashed upload left, not those of uploads still arriving', async () => {
  const old = await storage.createTemp();
  const fresh = await storage.createTemp();
  await writeFile(old.path, 'cut off');
  await writeFile(fresh.path, 'arriving');
  const twoDaysAgo = new Date(Date.now() - 2 * 86_400_000);
  await utimes(old.path, twoDaysAgo, twoDaysAgo);
  expect(await storage.sweepTemp(86_400_000)).toBe(1);
  expect(await readdir(path.join(root, 'tmp'))).toEqual([path.basename(fresh.path)]);
});

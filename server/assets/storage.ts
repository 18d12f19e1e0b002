import { randomUUID } from 'node:crypto';
import { mkdir, readdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';

/** A file being received: written at `path`, then either moved into the library or thrown away. */
export interface TempFile {
  readonly path: string;
  /** Moves the file to `key` (rename, so a reader never sees half a file). */
  commit(key: string): Promise<void>;
  /** Removes it; safe to call twice, or after a failed commit. */
  discard(): Promise<void>;
}

/**
 * Where the library's files live. sharp and mp4box read local files, so an adapter hands out local paths;
 * one for an S3-compatible store would keep a local cache behind the same interface.
 */
export interface AssetStorage {
  /** A fresh temp file inside the storage's own tree (same file system, so `commit` is a rename). */
  createTemp(): Promise<TempFile>;
  /** The key of an asset's original (what `creative_assets.storage_key` holds). */
  keyOf(accountId: string, assetId: string): string;
  /** The local path of a stored original. */
  pathOf(key: string): string;
  /** The local path of something made from the original (thumbnail, crop), kept next to it. */
  variantPathOf(key: string, variant: string): string;
  /** Removes the original and everything made from it. */
  remove(key: string): Promise<void>;
  /**
   * Removes temp files older than `olderThanMs`: what a process that died mid-upload left. Uploads still
   * arriving (in this or another process sharing the storage) are younger and stay.
   */
  sweepTemp(olderThanMs: number): Promise<number>;
}

const SEGMENT = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const VARIANT = /^[a-z0-9][a-z0-9._-]{0,80}$/i;
const TEMP_DIR = 'tmp';

/**
 * Files under `root` (`${DATA_DIR}/assets`): `<accountId>/<assetId>` for originals, `<assetId>.variants/`
 * beside each for what sharp made from it, `tmp/` for uploads in progress. Keys are built here from uuids
 * only, so no name a client sent ever becomes part of a path.
 */
export function fileAssetStorage(root: string): AssetStorage {
  const resolve = (key: string) => {
    const [accountId, assetId, ...rest] = key.split('/');
    if (rest.length || !accountId || !assetId || !SEGMENT.test(accountId) || !SEGMENT.test(assetId)) {
      throw new Error(`Not an asset storage key: ${key}`);
    }
    return path.join(root, accountId, assetId);
  };
  const variantsDir = (key: string) => `${resolve(key)}.variants`;

  return {
    async createTemp() {
      const dir = path.join(root, TEMP_DIR);
      await mkdir(dir, { recursive: true });
      const file = path.join(dir, `${randomUUID()}.part`);
      return {
        path: file,
        async commit(key) {
          const target = resolve(key);
          await mkdir(path.dirname(target), { recursive: true });
          await rename(file, target);
        },
        discard: () => rm(file, { force: true }),
      };
    },
    keyOf(accountId, assetId) {
      const key = `${accountId}/${assetId}`;
      resolve(key);
      return key;
    },
    pathOf: resolve,
    variantPathOf(key, variant) {
      if (!VARIANT.test(variant)) throw new Error(`Not an asset variant name: ${variant}`);
      return path.join(variantsDir(key), variant);
    },
    async remove(key) {
      await rm(variantsDir(key), { recursive: true, force: true });
      await rm(resolve(key), { force: true });
    },
    async sweepTemp(olderThanMs) {
      const dir = path.join(root, TEMP_DIR);
      const names = await readdir(dir).catch(() => [] as string[]);
      let removed = 0;
      for (const name of names) {
        const file = path.join(dir, name);
        const info = await stat(file).catch(() => undefined);
        if (info && Date.now() - info.mtimeMs > olderThanMs) {
          await rm(file, { force: true });
          removed++;
        }
      }
      return removed;
    },
  };
}

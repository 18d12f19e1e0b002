import {
  ASSET_IN_USE,
  type Asset,
  type AssetListSchema,
  MEDIA_KINDS,
  type MediaKind,
} from '@contract/creative';
import { aspectValue } from '@contract/creative/crop';
import { MAX_PAGE_SIZE } from '@contract/resources';
import { type Context, Hono } from 'hono';
import type * as v from 'valibot';
import { requireAccount } from '../auth/sessions';
import type { AppEnv } from '../http/env';
import { HttpError } from '../http/errors';
import { allow } from '../http/policy';
import { ByteCache } from './byteCache';
import { DecodeBudget } from './decodeBudget';
import { cropOf, thumbnailOf } from './derived';
import { IMMUTABLE, inlineDisposition, sendFile } from './fileResponse';
import { type AssetLimits, DEFAULT_ASSET_LIMITS } from './limits';
import { cleanAssetName } from './name';
import { refuse } from './refusals';
import { serializeAsset } from './serialize';
import type { AssetStorage } from './storage';
import { type AssetScope, deleteAsset, findAsset, listAssets } from './store';
import { acceptUpload } from './upload';

const DEFAULT_PAGE = 24;
const CROP_MIN_WIDTH = 16;
const CROP_MAX_WIDTH = 2048;
/** Crops kept in memory, per process. */
const CROP_CACHE_BYTES = 64 * 1024 * 1024;
/**
 * For every file the library serves: no scripts, styles or loads of its own, and a sandboxed document. An
 * image or video opened on its own still shows (the browser's own viewer needs nothing more).
 */
export const ASSET_CSP =
  "default-src 'none'; img-src 'self' data:; media-src 'self'; style-src 'unsafe-inline'; sandbox";

const withHeaders = (error: HttpError, headers: Record<string, string>) =>
  new HttpError(error.status, error.message, error.extra, { ...error.headers, ...headers });

const assetNotFound = () => new HttpError(404, 'Asset not found');

type Problems = Record<string, { message: string }>;
const badQuery = (problems: Problems) => {
  const [first] = Object.entries(problems);
  return new HttpError(400, first ? `${first[0]}: ${first[1].message}` : 'Invalid query', {
    validationErrors: problems,
  });
};

/**
 * The account's asset library (issue 13, "Assets"): upload as the raw request body (`?name=` the file's
 * name), list, read, delete, and the original, thumbnail and crops as files. Scoped to the session's
 * current account; another account's id answers exactly like a missing one.
 */
export function createAssetRoutes({
  storage,
  limits = DEFAULT_ASSET_LIMITS,
}: {
  storage: AssetStorage;
  limits?: AssetLimits;
}): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  const budget = new DecodeBudget(limits.maxDecodingPixels);
  const crops = new ByteCache(CROP_CACHE_BYTES);
  // Served files are the planners' uploads: opened on their own, nothing in them may run or load anything.
  routes.use('/api/assets/:id/*', async (c, next) => {
    await next();
    c.header('Content-Security-Policy', ASSET_CSP);
  });
  const scopeOf = (c: Context<AppEnv>): AssetScope & { userId: string } => {
    const { userId, organizationId, accountId } = requireAccount(c);
    return { userId, organizationId, accountId };
  };
  const assetOf = async (c: Context<AppEnv>) => {
    const asset = await findAsset(c.get('db'), scopeOf(c), c.req.param('id') ?? '');
    if (!asset) throw assetNotFound();
    return asset;
  };

  routes.post('/api/assets', allow('assets.upload'), async (c) => {
    const scope = scopeOf(c);
    const name = cleanAssetName(c.req.query('name'));
    if (!name) throw refuse.noName();
    const declared = Number(c.req.header('content-length'));
    const { asset, created } = await acceptUpload(
      c.get('db'),
      storage,
      limits,
      {
        scope,
        name,
        body: c.req.raw.body,
        signal: c.req.raw.signal,
        declaredBytes: c.req.header('content-length') && Number.isFinite(declared) ? declared : undefined,
      },
      budget,
    ).catch((error: unknown) => {
      // Refused before the whole body was read: the rest of it is still on its way on this socket. Closing
      // the connection after the answer (rather than Node resetting it half a second later) keeps the
      // client's next request off a socket that is about to be torn down.
      if (error instanceof HttpError) throw withHeaders(error, { Connection: 'close' });
      throw error;
    });
    return c.json<Asset>(serializeAsset(asset), created ? 201 : 200);
  });

  routes.get('/api/assets', allow('assets.read'), async (c) => {
    const scope = scopeOf(c);
    const { kind, q, offset, limit } = listQuery(c);
    const { rows, total } = await listAssets(c.get('db'), scope, { kind, q, offset, limit });
    return c.json<v.InferOutput<typeof AssetListSchema>>({ items: rows.map(serializeAsset), total });
  });

  routes.get('/api/assets/:id', allow('assets.read'), async (c) =>
    c.json<Asset>(serializeAsset(await assetOf(c))),
  );

  routes.delete('/api/assets/:id', allow('assets.upload'), async (c) => {
    const outcome = await deleteAsset(c.get('db'), scopeOf(c), c.req.param('id'));
    if ('missing' in outcome) throw assetNotFound();
    if ('inUseBy' in outcome) {
      const plans = outcome.inUseBy === 1 ? '1 plan uses' : `${outcome.inUseBy} plans use`;
      throw new HttpError(409, `${plans} this asset; remove it from their ads before deleting it`, {
        errorCode: ASSET_IN_USE,
      });
    }
    await storage.remove(outcome.deleted.storageKey);
    return c.body(null, 204);
  });

  routes.get('/api/assets/:id/file', allow('assets.read'), async (c) => {
    const asset = await assetOf(c);
    return missingFileIsNotFound(
      sendFile(c, storage.pathOf(asset.storageKey), {
        contentType: asset.mimeType,
        disposition: inlineDisposition(asset.name),
      }),
    );
  });

  routes.get('/api/assets/:id/thumbnail', allow('assets.read'), async (c) => {
    const asset = await assetOf(c);
    const webp = await missingFileIsNotFound(thumbnailOf(storage, asset, budget));
    return c.body(new Uint8Array(webp), 200, { 'Content-Type': 'image/webp', 'Cache-Control': IMMUTABLE });
  });

  routes.get('/api/assets/:id/crop', allow('assets.read'), async (c) => {
    const asset = await assetOf(c);
    const crop = cropQuery(c);
    if (asset.kind !== 'image') {
      throw new HttpError(400, 'Only images are cropped; a video must already have the placement’s shape', {
        errorCode: 'NOT_AN_IMAGE',
      });
    }
    const webp = await missingFileIsNotFound(cropOf(storage, asset, crop, { budget, cache: crops }));
    return c.body(new Uint8Array(webp), 200, { 'Content-Type': 'image/webp', 'Cache-Control': IMMUTABLE });
  });

  return routes;
}

function listQuery(c: Context<AppEnv>) {
  const problems: Problems = {};
  const kind = c.req.query('kind') || undefined;
  if (kind !== undefined && !(MEDIA_KINDS as readonly string[]).includes(kind)) {
    problems.kind = { message: `kind must be image or video, not "${kind}"` };
  }
  const whole = (param: string, fallback: number, min: number, max: number) => {
    const raw = c.req.query(param);
    if (raw === undefined || raw === '') return fallback;
    const value = Number(raw);
    if (!/^\d{1,9}$/.test(raw) || value < min || value > max) {
      problems[param] = { message: `${param} must be a whole number from ${min} to ${max}, not "${raw}"` };
      return fallback;
    }
    return value;
  };
  const page = whole('_page', 1, 1, 1_000_000);
  const limit = whole('_limit', DEFAULT_PAGE, 1, MAX_PAGE_SIZE);
  if (Object.keys(problems).length) throw badQuery(problems);
  const q = c.req.query('q')?.trim() || undefined;
  return { kind: kind as MediaKind | undefined, q, offset: (page - 1) * limit, limit };
}

function cropQuery(c: Context<AppEnv>) {
  const problems: Problems = {};
  const rawAspect = c.req.query('aspect') ?? '';
  const aspect = aspectValue(rawAspect);
  if (Number.isNaN(aspect)) {
    problems.aspect = { message: `aspect must be a ratio such as 4:5 or 1.91:1, not "${rawAspect}"` };
  }
  const fraction = (param: string) => {
    const raw = c.req.query(param) ?? '';
    const value = raw.trim() === '' ? Number.NaN : Number(raw);
    if (!(value >= 0 && value <= 1)) {
      problems[param] = { message: `${param} must be a number from 0 to 1, not "${raw}"` };
    }
    return value;
  };
  const focalX = fraction('fx');
  const focalY = fraction('fy');
  const rawWidth = c.req.query('w') ?? '';
  const width = rawWidth.trim() === '' ? Number.NaN : Number(rawWidth);
  if (!Number.isFinite(width)) problems.w = { message: `w must be a width in pixels, not "${rawWidth}"` };
  if (Object.keys(problems).length) throw badQuery(problems);
  return {
    aspect,
    focalX,
    focalY,
    width: Math.min(CROP_MAX_WIDTH, Math.max(CROP_MIN_WIDTH, Math.round(width))),
  };
}

/** A row whose file is gone (a restored backup without DATA_DIR, say) is as missing as no row. */
async function missingFileIsNotFound<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (error) {
    const { code, message } = error as { code?: string; message?: string };
    // sharp reports a missing input by message only.
    if (code === 'ENOENT' || message?.startsWith('Input file is missing'))
      throw new HttpError(404, "The asset's file is missing");
    throw error;
  }
}

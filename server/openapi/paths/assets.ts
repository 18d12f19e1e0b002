import { ASSET_MIME_TYPES, AssetListSchema, AssetSchema, MEDIA_KINDS } from '@contract/creative';
import { MAX_PAGE_SIZE } from '@contract/resources';
import * as v from 'valibot';
import { BAD_INPUT, file, json, NO_ACCOUNT, NOT_FOUND, type OperationSpec, problem } from '../operation';
import { idParam } from './auth';

const tags = ['Assets'];
const webp = (what: string) => file(what, 'image/webp');

/** The account's asset library (server/assets/routes.ts). */
export const assetOperations: OperationSpec[] = [
  {
    method: 'post',
    path: '/api/assets',
    summary: 'Upload an image or video (the file is the raw body)',
    description: 'The same bytes uploaded again answer 200 with the asset they already are.',
    tags,
    query: v.object({ name: v.pipe(v.string(), v.minLength(1), v.description("The file's name")) }),
    body: { raw: ASSET_MIME_TYPES, description: 'The file (PNG, JPEG, WebP or MP4)' },
    responses: {
      201: json('Stored', AssetSchema),
      200: json('Already in the library', AssetSchema),
      400: problem('No name, or an empty file'),
      ...NO_ACCOUNT,
      413: problem('Larger than the library allows'),
      415: problem('Not a PNG, JPEG, WebP or MP4 file'),
      422: problem('Damaged, or a video too long or without a video track'),
    },
  },
  {
    method: 'get',
    path: '/api/assets',
    summary: "A page of the account's assets, newest first",
    tags,
    query: v.object({
      kind: v.optional(v.picklist(MEDIA_KINDS)),
      q: v.optional(v.pipe(v.string(), v.description('Text the name contains'))),
      _page: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(1_000_000))),
      _limit: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(MAX_PAGE_SIZE))),
    }),
    responses: { 200: json('The page and how many match', AssetListSchema), ...BAD_INPUT, ...NO_ACCOUNT },
  },
  {
    method: 'get',
    path: '/api/assets/{id}',
    summary: 'One asset',
    tags,
    pathParams: idParam('asset'),
    responses: { 200: json('The asset', AssetSchema), ...NO_ACCOUNT, ...NOT_FOUND('asset') },
  },
  {
    method: 'delete',
    path: '/api/assets/{id}',
    summary: 'Delete an asset no plan uses',
    tags,
    pathParams: idParam('asset'),
    responses: {
      204: { description: 'Deleted' },
      ...NO_ACCOUNT,
      ...NOT_FOUND('asset'),
      409: problem('Plans use it (`errorCode` ASSET_IN_USE)'),
    },
  },
  {
    method: 'get',
    path: '/api/assets/{id}/file',
    summary: 'The original file (byte ranges supported)',
    tags,
    pathParams: idParam('asset'),
    responses: {
      200: file('The file, in its own media type', ...ASSET_MIME_TYPES),
      206: file('The range asked for', ...ASSET_MIME_TYPES),
      ...NO_ACCOUNT,
      ...NOT_FOUND('asset'),
      416: problem('The range is outside the file'),
    },
  },
  {
    method: 'get',
    path: '/api/assets/{id}/thumbnail',
    summary: 'A small WebP preview (a video shows its first frame)',
    tags,
    pathParams: idParam('asset'),
    responses: { 200: webp('The thumbnail'), ...NO_ACCOUNT, ...NOT_FOUND('asset') },
  },
  {
    method: 'get',
    path: '/api/assets/{id}/crop',
    summary: "An image cropped to a placement's shape around a focal point",
    tags,
    pathParams: idParam('asset'),
    query: v.object({
      aspect: v.pipe(v.string(), v.description('Width:height, such as 4:5 or 1.91:1')),
      fx: v.pipe(
        v.number(),
        v.minValue(0),
        v.maxValue(1),
        v.description('Focal point, 0 (left) to 1 (right)'),
      ),
      fy: v.pipe(
        v.number(),
        v.minValue(0),
        v.maxValue(1),
        v.description('Focal point, 0 (top) to 1 (bottom)'),
      ),
      w: v.pipe(v.number(), v.description('Width in pixels (kept within 16 to 2048)')),
    }),
    responses: {
      200: webp('The crop'),
      400: problem('A bad parameter, or the asset is a video (`errorCode` NOT_AN_IMAGE)'),
      ...NO_ACCOUNT,
      ...NOT_FOUND('asset'),
    },
  },
];

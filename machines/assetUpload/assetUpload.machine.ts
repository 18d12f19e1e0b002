import { MAX_IMAGE_BYTES, MAX_VIDEO_BYTES } from '@contract/creative';
import { assertEvent, assign, emit, fromCallback, setup } from 'xstate';
import { isServerFailure, NETWORK_ERROR_MESSAGE } from '../shared/errors';
import type {
  AssetUploadContext,
  AssetUploadEmitted,
  AssetUploadEvent,
  AssetUploadInput,
  UploadFile,
} from './assetUpload.types';

const MB = 1024 * 1024;
/** The library's caps in the server's words, checked before sending a file the server would refuse anyway. */
export const tooLargeMessage = (kind: 'image' | 'video') =>
  kind === 'image'
    ? `Images are at most ${MAX_IMAGE_BYTES / MB} MB`
    : `Videos are at most ${MAX_VIDEO_BYTES / MB} MB`;

const kindOf = (file: UploadFile, fallback: 'image' | 'video') =>
  file.type.startsWith('video/') ? 'video' : file.type.startsWith('image/') ? 'image' : fallback;
const capOf = (kind: 'image' | 'video') => (kind === 'image' ? MAX_IMAGE_BYTES : MAX_VIDEO_BYTES);

/** What the upload actor is given: the file (the real File in the browser). */
export interface UploadAssetInput {
  file: UploadFile;
}

/** A file chosen: in the picker, or without it (dropped, or set by automation); over the cap it is refused. */
const SELECT = [
  { guard: 'isTooLarge', target: '#assetUpload.refused', actions: 'refuseSize' },
  { target: '#assetUpload.transfer', actions: 'takeFile' },
] as const;

export const assetUploadMachine = setup({
  types: {
    context: {} as AssetUploadContext,
    events: {} as AssetUploadEvent,
    input: {} as AssetUploadInput,
    emitted: {} as AssetUploadEmitted,
  },
  actors: {
    /**
     * POST /api/assets?name=<file name> with the file as the body; sends back `upload.progress`,
     * `upload.sent`, then `upload.accepted` or `upload.refused`; stopping it aborts the request.
     */
    uploadAsset: fromCallback<AssetUploadEvent, UploadAssetInput>(() => {
      throw new Error('not provided: uploadAsset');
    }),
  },
  guards: {
    isTooLarge: ({ context, event }) => {
      assertEvent(event, 'file.select');
      return event.file.size > capOf(kindOf(event.file, context.kind));
    },
    /** Sending again helps when the server or the network failed, not when the file is over the cap. */
    isRetryable: ({ context }) =>
      context.file !== null && context.file.size <= capOf(kindOf(context.file, context.kind)),
  },
  actions: {
    takeFile: assign(({ event }) => {
      assertEvent(event, 'file.select');
      return { file: event.file, loaded: 0, total: event.file.size, asset: null, error: null };
    }),
    refuseSize: assign(({ context, event }) => {
      assertEvent(event, 'file.select');
      return { file: event.file, asset: null, error: tooLargeMessage(kindOf(event.file, context.kind)) };
    }),
    restart: assign(({ context }) => ({ loaded: 0, total: context.file?.size ?? 0, error: null })),
    keepProgress: assign(({ event }) => {
      assertEvent(event, 'upload.progress');
      return { loaded: event.loaded, total: event.total };
    }),
    keepAsset: assign(({ event }) => {
      assertEvent(event, 'upload.accepted');
      return { asset: event.asset, error: null };
    }),
    keepRefusal: assign(({ event }) => {
      assertEvent(event, 'upload.refused');
      return { error: isServerFailure(event.error) ? event.error.message : NETWORK_ERROR_MESSAGE };
    }),
    forgetFile: assign({ file: null, loaded: 0, total: 0, error: null }),
    announceAsset: emit(({ event }) => {
      assertEvent(event, 'upload.accepted');
      return { type: 'asset.accepted' as const, asset: event.asset };
    }),
  },
}).createMachine({
  id: 'assetUpload',
  description:
    'Uploading a picture (PNG, JPEG, WebP) or a video (MP4) to the account’s library for an ad: choose ' +
    'the file, watch it go up, wait while the server reads it (type, size, dimensions, duration, from ' +
    'the content), then it is attached to the ad, or refused with the reason. Cancel stops the upload ' +
    'and leaves nothing behind.',
  context: ({ input }) => ({
    kind: input.kind,
    file: null,
    loaded: 0,
    total: 0,
    asset: null,
    error: null,
  }),
  initial: 'idle',
  states: {
    idle: {
      description: 'Nothing on its way: “Upload” and “Choose from library”.',
      on: { 'upload.choose': 'choosing', 'file.select': SELECT },
    },
    choosing: {
      description: 'The file picker is open, offering the ad’s kind of file.',
      on: {
        'file.select': SELECT,
        'choose.cancel': 'idle',
      },
    },
    transfer: {
      description: 'The file is on its way to the library (POST /api/assets?name=…).',
      invoke: { id: 'uploadAsset', src: 'uploadAsset', input: ({ context }) => ({ file: context.file! }) },
      initial: 'uploading',
      on: {
        'upload.accepted': { target: 'accepted', actions: ['keepAsset', 'announceAsset'] },
        'upload.refused': { target: 'refused', actions: 'keepRefusal' },
      },
      states: {
        uploading: {
          description: 'Sending the file: a progress bar (“1.2 MB of 4 MB”) and Cancel.',
          on: {
            'upload.progress': { actions: 'keepProgress' },
            'upload.sent': 'checking',
            'upload.cancel': { target: '#assetUpload.idle', actions: 'forgetFile' },
          },
        },
        checking: {
          description:
            'Every byte is sent; the server is reading the file (its type by content, dimensions, duration) ' +
            'and making the thumbnail: “Checking…”.',
        },
      },
    },
    accepted: {
      description: 'The library took the file: it is attached to the ad (thumbnail, name, size).',
      on: { 'upload.choose': 'choosing', 'file.select': SELECT },
    },
    refused: {
      description:
        'The file was refused, with the reason in an alert (“This file is not a PNG, JPEG or WebP ' +
        'image”, too large, a video too long, the server unreachable). “Try again” sends the same file; ' +
        'another file can be chosen.',
      on: {
        'upload.retry': { guard: 'isRetryable', target: 'transfer', actions: 'restart' },
        'upload.choose': 'choosing',
        'file.select': SELECT,
      },
    },
  },
});

export type AssetUploadMachine = typeof assetUploadMachine;

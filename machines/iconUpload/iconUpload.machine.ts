import { assertEvent, assign, emit, fromPromise, setup } from 'xstate';
import { isServerFailure, NETWORK_ERROR_MESSAGE } from '../shared/errors';
import type {
  IconFile,
  IconUploadContext,
  IconUploadEmitted,
  IconUploadEvent,
  IconUploadInput,
  IconUploadResult,
} from './iconUpload.types';

/** The image types the server accepts (contract/shell.ts ICON_CONTENT_TYPES). */
export const ICON_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/svg+xml'] as const;
/** 2 MB, as the server counts it. */
export const ICON_MAX_BYTES = 2 * 1024 * 1024;
export const ICON_TYPE_MESSAGE = 'Upload a PNG, JPEG, WebP or SVG image';
export const ICON_SIZE_MESSAGE = 'The image must be 2 MB or smaller';

export const isAcceptedIconType = (file: IconFile) => (ICON_TYPES as readonly string[]).includes(file.type);
export const isAcceptedIconSize = (file: IconFile) => file.size <= ICON_MAX_BYTES;

const messageOf = (error: unknown) => (isServerFailure(error) ? error.message : NETWORK_ERROR_MESSAGE);

export const iconUploadMachine = setup({
  types: {
    context: {} as IconUploadContext,
    events: {} as IconUploadEvent,
    input: {} as IconUploadInput,
    emitted: {} as IconUploadEmitted,
  },
  actors: {
    /** PUT /api/organization/white-label/icon with the file's bytes and type; `src/` provides it. */
    uploadIcon: fromPromise<IconUploadResult, IconFile>(async () => {
      throw new Error('not provided: uploadIcon');
    }),
    /** DELETE /api/organization/white-label/icon; `src/` provides it. */
    removeIcon: fromPromise<IconUploadResult>(async () => {
      throw new Error('not provided: removeIcon');
    }),
  },
  guards: {
    isWrongType: ({ event }) => {
      assertEvent(event, 'file.select');
      return !isAcceptedIconType(event.file);
    },
    isTooLarge: ({ event }) => {
      assertEvent(event, 'file.select');
      return !isAcceptedIconSize(event.file);
    },
    hasIcon: ({ context }) => context.iconUrl !== null,
    isUpgradeRequired: (_, params: { error: unknown }) =>
      isServerFailure(params.error) && params.error.errorCode === 'REQUIRES_UPGRADE',
  },
  actions: {
    refuseType: assign({ error: ICON_TYPE_MESSAGE, file: null }),
    refuseSize: assign({ error: ICON_SIZE_MESSAGE, file: null }),
    takeFile: assign(({ event }) => {
      assertEvent(event, 'file.select');
      return { file: event.file, error: null };
    }),
    clearError: assign({ error: null }),
    showIcon: assign((_, params: { result: IconUploadResult }) => ({
      iconUrl: params.result.iconUrl,
      file: null,
      error: null,
    })),
    showError: assign((_, params: { error: unknown }) => ({ error: messageOf(params.error), file: null })),
    dropFile: assign({ file: null }),
    announceIcon: emit(({ context }) => ({ type: 'icon.changed' as const, iconUrl: context.iconUrl })),
    announceUpgrade: emit({ type: 'upgrade.required' as const }),
  },
}).createMachine({
  id: 'iconUpload',
  description:
    'The brand icon: choose a PNG, JPEG, WebP or SVG image of at most 2 MB (checked in the browser with ' +
    'the server’s words), see it at once, and it is stored (resized to 128 px); or remove it. The navbar ' +
    'and the favicon follow.',
  context: ({ input }) => ({ iconUrl: input.iconUrl, file: null, error: null }),
  initial: 'idle',
  states: {
    idle: {
      description:
        'Shows the current icon (or a placeholder) with “Upload icon” and, when there is one, “Remove”.',
      on: {
        'file.select': [
          { guard: 'isWrongType', target: 'rejected', actions: 'refuseType' },
          { guard: 'isTooLarge', target: 'rejected', actions: 'refuseSize' },
          { target: 'uploading', actions: 'takeFile' },
        ],
        'icon.remove': { guard: 'hasIcon', target: 'removing' },
      },
    },
    rejected: {
      description:
        'The file or the request was refused: “Upload a PNG, JPEG, WebP or SVG image”, “The image must be ' +
        '2 MB or smaller”, or the server’s message, under the icon. Choosing another file tries again.',
      on: {
        'file.select': [
          { guard: 'isWrongType', target: 'rejected', reenter: true, actions: 'refuseType' },
          { guard: 'isTooLarge', target: 'rejected', reenter: true, actions: 'refuseSize' },
          { target: 'uploading', actions: 'takeFile' },
        ],
        'icon.remove': { guard: 'hasIcon', target: 'removing', actions: 'clearError' },
      },
    },
    uploading: {
      description: 'The image is on its way; its local preview is shown, dimmed, with “Uploading…”.',
      invoke: {
        id: 'uploadIcon',
        src: 'uploadIcon',
        input: ({ context }) => context.file as IconFile,
        onDone: {
          target: 'idle',
          actions: [{ type: 'showIcon', params: ({ event }) => ({ result: event.output }) }, 'announceIcon'],
        },
        onError: [
          {
            guard: { type: 'isUpgradeRequired', params: ({ event }) => ({ error: event.error }) },
            target: 'idle',
            actions: ['dropFile', 'announceUpgrade'],
          },
          {
            target: 'rejected',
            actions: { type: 'showError', params: ({ event }) => ({ error: event.error }) },
          },
        ],
      },
    },
    removing: {
      description: 'The icon is being removed; the buttons wait.',
      invoke: {
        id: 'removeIcon',
        src: 'removeIcon',
        onDone: {
          target: 'idle',
          actions: [{ type: 'showIcon', params: ({ event }) => ({ result: event.output }) }, 'announceIcon'],
        },
        onError: [
          {
            guard: { type: 'isUpgradeRequired', params: ({ event }) => ({ error: event.error }) },
            target: 'idle',
            actions: 'announceUpgrade',
          },
          {
            target: 'rejected',
            actions: { type: 'showError', params: ({ event }) => ({ error: event.error }) },
          },
        ],
      },
    },
  },
});

export type IconUploadMachine = typeof iconUploadMachine;

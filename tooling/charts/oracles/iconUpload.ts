/** What each state of the brand icon field promises (chart input: no icon yet). */
import { connectIconUpload } from '@machines/iconUpload/iconUpload.connect';
import { iconUploadMachine } from '@machines/iconUpload/iconUpload.machine';
import { defineOracle, expectEqual, expectFields, expectThat } from '../oracle';
import { formMessage } from './shared';

type File = { name: string; type: string; size: number };
const ACCEPTED = ['image/png', 'image/jpeg', 'image/webp', 'image/svg+xml'];
const MAX_BYTES = 2 * 1024 * 1024;
const TYPE_MESSAGE = 'Upload a PNG, JPEG, WebP or SVG image';
const SIZE_MESSAGE = 'The image must be 2 MB or smaller';
const isUpgrade = (error: unknown) => (error as { errorCode?: string }).errorCode === 'REQUIRES_UPGRADE';

export const iconUploadOracle = defineOracle(iconUploadMachine, {
  always: ({ context, event, previous }) => {
    // Only the server's answer to an upload or a removal changes the icon.
    if (previous && !/^xstate\.done\.actor\.(uploadIcon|removeIcon)$/.test(event.type))
      expectEqual(context.iconUrl, previous.context.iconUrl, 'icon kept');
  },
  events: {
    'file.select': ({ snapshot, context, event }) => {
      const file = event.file as File;
      // The browser checks type, then size, with the server's words; a fine file is uploaded.
      if (!ACCEPTED.includes(file.type))
        expectFields(context, { error: TYPE_MESSAGE, file: null }, 'type refused');
      else if (file.size > MAX_BYTES)
        expectFields(context, { error: SIZE_MESSAGE, file: null }, 'size refused');
      else expectThat(snapshot.matches('uploading'), `a fine file (${file.name}) is not being uploaded`);
    },
  },
  states: {
    idle: ({ snapshot, context, event, emitted }) => {
      const hasIcon = context.iconUrl !== null;
      expectFields(
        connectIconUpload(snapshot, () => {}),
        {
          error: null,
          isBusy: false,
          isUploading: false,
          isRemoving: false,
          canRemove: hasIcon,
          uploadingName: null,
          uploadLabel: hasIcon ? 'Replace icon' : 'Upload icon',
        },
      );
      expectEqual(context.file, null, 'file');
      if (event.type === 'xstate.done.actor.uploadIcon' || event.type === 'xstate.done.actor.removeIcon') {
        const { iconUrl } = event.output as { iconUrl: string | null };
        expectEqual(context.iconUrl, iconUrl, 'icon from the server');
        expectEqual(emitted, [{ type: 'icon.changed', iconUrl }], 'emitted');
      } else if (event.type.startsWith('xstate.error.actor.')) {
        expectThat(isUpgrade(event.error), 'back to idle after a failure other than REQUIRES_UPGRADE');
        expectEqual(emitted, [{ type: 'upgrade.required' }], 'emitted');
      } else {
        expectEqual(emitted, [], 'emitted');
      }
    },
    rejected: ({ snapshot, context, event }) => {
      if (event.type.startsWith('xstate.error.actor.')) {
        expectThat(!isUpgrade(event.error), 'REQUIRES_UPGRADE shown as a refusal');
        expectEqual(context.error, formMessage(event.error), 'message');
      } else {
        expectEqual(event.type, 'file.select', 'event');
      }
      expectFields(
        connectIconUpload(snapshot, () => {}),
        { error: context.error, isBusy: false, uploadingName: null },
      );
      expectThat(context.error !== null, 'a refusal without a message');
      expectEqual(context.file, null, 'file');
    },
    uploading: ({ snapshot, context, event }) => {
      const file = event.file as File;
      expectEqual(context.file, file, 'file being uploaded');
      expectFields(
        connectIconUpload(snapshot, () => {}),
        {
          error: null,
          isUploading: true,
          isBusy: true,
          canRemove: false,
          uploadingName: file.name,
          uploadLabel: 'Uploading…',
        },
      );
    },
    removing: ({ snapshot, context }) => {
      expectThat(context.iconUrl !== null, 'removing without an icon');
      expectFields(
        connectIconUpload(snapshot, () => {}),
        {
          error: null,
          isRemoving: true,
          isBusy: true,
          canRemove: false,
        },
      );
    },
  },
});

import { defineChart } from '../chart';
import { iconUploadMachine } from './iconUpload.machine';

const png = { name: 'logo.png', type: 'image/png', size: 24_000 };

export const iconUploadChart = defineChart({
  name: 'iconUpload',
  title: 'Brand icon upload',
  machine: iconUploadMachine,
  description: iconUploadMachine.root.description ?? '',
  input: { iconUrl: null },
  events: [
    { type: 'file.select', file: png },
    { type: 'file.select', file: { name: 'notes.pdf', type: 'application/pdf', size: 1000 } },
    { type: 'file.select', file: { name: 'huge.png', type: 'image/png', size: 3 * 1024 * 1024 } },
    { type: 'icon.remove' },
    {
      type: 'xstate.done.actor.uploadIcon',
      output: { iconUrl: '/api/brand-icons/00000000-0000-4000-8000-0000000000aa' },
    },
    {
      type: 'xstate.error.actor.uploadIcon',
      error: { status: 415, message: 'Upload a PNG, JPEG, WebP or SVG image' },
    },
    {
      type: 'xstate.error.actor.uploadIcon',
      error: { status: 403, message: 'Upgrade to use it.', errorCode: 'REQUIRES_UPGRADE' },
    },
    { type: 'xstate.done.actor.removeIcon', output: { iconUrl: null } },
    { type: 'xstate.error.actor.removeIcon', error: new TypeError('Failed to fetch') },
    {
      type: 'xstate.error.actor.removeIcon',
      error: { status: 403, message: 'Upgrade to use it.', errorCode: 'REQUIRES_UPGRADE' },
    },
  ],
});

import { defineChart } from '../chart';
import { SAMPLE_IMAGE } from '../planning/planningCreative/planningCreative.samples';
import { assetUploadMachine } from './assetUpload.machine';

const png = { name: 'spring.png', type: 'image/png', size: 240_000 };

export const assetUploadChart = defineChart({
  name: 'assetUpload',
  title: 'Creative step: uploading a picture or a video',
  machine: assetUploadMachine,
  description: assetUploadMachine.root.description ?? '',
  input: { kind: 'image' },
  events: [
    { type: 'upload.choose' },
    { type: 'choose.cancel' },
    { type: 'file.select', file: png },
    { type: 'file.select', file: { name: 'huge.png', type: 'image/png', size: 31 * 1024 * 1024 } },
    { type: 'upload.progress', loaded: 120_000, total: 240_000 },
    { type: 'upload.sent' },
    { type: 'upload.accepted', asset: SAMPLE_IMAGE },
    {
      type: 'upload.refused',
      error: { status: 415, message: 'This file is not a PNG, JPEG or WebP image, nor an MP4 video' },
    },
    { type: 'upload.refused', error: new TypeError('Failed to fetch') },
    { type: 'upload.cancel' },
    { type: 'upload.retry' },
  ],
});

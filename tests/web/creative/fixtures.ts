import type { Ad, Asset } from '@contract/creative';

export const IMAGE_ID = '0b6a3c52-8d1e-4f7a-9c3b-2e5d7f8a1b24';
export const VIDEO_ID = '5f2e8d41-3a6b-4c9d-8e7f-1a2b3c4d5e6f';

export const image: Asset = {
  id: IMAGE_ID,
  kind: 'image',
  mimeType: 'image/jpeg',
  name: 'trail-runner.jpg',
  byteSize: 420_000,
  width: 2400,
  height: 1600,
  durationMs: null,
  createdAt: '2099-01-01T00:00:00.000Z',
  thumbnailUrl: `/api/assets/${IMAGE_ID}/thumbnail`,
  fileUrl: `/api/assets/${IMAGE_ID}/file`,
};

export const video: Asset = {
  ...image,
  id: VIDEO_ID,
  kind: 'video',
  mimeType: 'video/mp4',
  name: 'launch.mp4',
  width: 1080,
  height: 1920,
  durationMs: 15_400,
  thumbnailUrl: `/api/assets/${VIDEO_ID}/thumbnail`,
  fileUrl: `/api/assets/${VIDEO_ID}/file`,
};

export const ASSETS = { [IMAGE_ID]: image, [VIDEO_ID]: video };

export function ad(overrides: Partial<Ad> = {}): Ad {
  return {
    platform: 'meta',
    name: 'Spring launch',
    format: 'single_image',
    texts: {},
    assets: [{ assetId: IMAGE_ID, focalX: 0.5, focalY: 0.5 }],
    destinationUrl: 'https://www.example.com/spring',
    utm: null,
    callToAction: 'SHOP_NOW',
    ...overrides,
  };
}

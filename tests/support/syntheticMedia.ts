import type { PlatformAdMedia } from '@server/platforms/connector';
import { mp4 } from '@tooling/fixtures/media';
import sharp from 'sharp';

/**
 * An ad's file as the asset storage would hand it, for plans whose media rows have no file (the planning
 * fixtures): a PNG of the picture's size, or an MP4 of the video's size and running time, so a platform
 * (or its stand-in) that reads the file finds the facts the plan states.
 */
export async function syntheticOriginal(
  media: Pick<PlatformAdMedia, 'kind' | 'width' | 'height' | 'durationMs'>,
): Promise<Uint8Array> {
  if (media.kind === 'video')
    return new Uint8Array(mp4(media.width, media.height, Math.max(1, (media.durationMs ?? 1000) / 1000)));
  return picture(media.width, media.height);
}

export async function picture(width: number, height: number): Promise<Uint8Array> {
  return sharp({ create: { width, height, channels: 3, background: '#3366aa' } })
    .png()
    .toBuffer();
}

import { randomBytes } from 'node:crypto';
import { createFile } from 'mp4box';
import sharp from 'sharp';

/** Fixture files for the asset library's tests, made on the fly (nothing binary is committed). */

export type ImageFormat = 'png' | 'jpeg' | 'webp';

/** A picture of `width` × `height` in `format`; `seed` varies the colour, so two calls make two files. */
export async function image(format: ImageFormat, width: number, height: number, seed = 0): Promise<Buffer> {
  const picture = sharp({
    create: {
      width,
      height,
      channels: 3,
      background: { r: (40 + seed * 37) % 256, g: (120 + seed * 53) % 256, b: (200 + seed * 71) % 256 },
    },
  });
  return picture.toFormat(format).toBuffer();
}

/** A PNG of noise: it does not compress away, so its size in bytes grows with its pixels (about 3 a pixel). */
export function noisyPng(width: number, height: number): Promise<Buffer> {
  const noise = randomBytes(width * height * 3);
  return sharp(noise, { raw: { width, height, channels: 3 } })
    .png()
    .toBuffer();
}

/** A PNG cut off half-way: the header (and so its width and height) intact, half the pixel data gone. */
export async function truncatedPng(width = 400, height = 300): Promise<Buffer> {
  const png = await noisyPng(width, height);
  return png.subarray(0, Math.floor(png.length / 2));
}

export const RED = { r: 255, g: 0, b: 0 };
export const BLUE = { r: 0, g: 0, b: 255 };

/** A PNG whose left half is red and right half blue: a crop's colour tells which side it came from. */
export function redLeftBlueRight(width: number, height: number): Promise<Buffer> {
  const half = Math.floor(width / 2);
  return sharp({ create: { width, height, channels: 3, background: RED } })
    .composite([
      {
        input: { create: { width: width - half, height, channels: 3, background: BLUE } },
        left: half,
        top: 0,
      },
    ])
    .png()
    .toBuffer();
}

/** Plain text, whatever it is named. */
export const textFile = (): Buffer => Buffer.from('Quarterly plan\nNot a picture at all.\n'.repeat(20));

/**
 * An MP4 with one video track of `width` × `height` running `seconds`, written by mp4box (a fragmented
 * file whose movie box declares the duration). The samples are placeholders: no decoder reads them here.
 */
export function mp4(
  width: number,
  height: number,
  seconds: number,
  { video = true, sampleBytes = 64 } = {},
): Buffer {
  const file = createFile();
  const timescale = 1000;
  const duration = Math.round(seconds * timescale);
  const track = file.addTrack(
    video
      ? { type: 'avc1', width, height, timescale, duration, media_duration: duration }
      : { type: 'mp4a', hdlr: 'soun', timescale, duration, media_duration: duration, samplerate: 48000 },
  );
  const samples = Math.max(1, Math.min(10, Math.ceil(seconds)));
  for (let i = 0; i < samples; i++) {
    file.addSample(track, new Uint8Array(sampleBytes).fill(i), {
      duration: Math.round(duration / samples),
      is_sync: true,
    });
  }
  return Buffer.from(file.getBuffer().buffer as ArrayBuffer);
}

/**
 * The same movie with `bytes` of media data before its movie box, as cameras write files that were never
 * made "fast start": the parser must skip the media to find the `moov`.
 */
export function withMediaFirst(movie: Buffer, bytes: number): Buffer {
  const ftypSize = movie.readUInt32BE(0);
  const mdat = Buffer.alloc(bytes);
  mdat.writeUInt32BE(bytes, 0);
  mdat.write('mdat', 4, 'latin1');
  return Buffer.concat([movie.subarray(0, ftypSize), mdat, movie.subarray(ftypSize)]);
}

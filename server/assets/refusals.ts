import { HttpError } from '../http/errors';

/** Every reason an upload is refused, as the planner reads it (the upload dialog shows `message`). */

const MB = 1024 * 1024;
const size = (bytes: number) =>
  bytes >= MB && bytes % MB === 0
    ? `${bytes / MB} MB`
    : bytes >= 1024
      ? `${Math.floor(bytes / 1024)} KB`
      : `${bytes} bytes`;

const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;
/** A limit as said aloud: "4 hours", "90 minutes", "30 seconds". */
const span = (seconds: number) =>
  seconds % 3600 === 0
    ? plural(seconds / 3600, 'hour')
    : seconds % 60 === 0
      ? plural(seconds / 60, 'minute')
      : plural(seconds, 'second');
/** A running time as a player shows it: 5:00:00, 2:05. */
export const clock = (seconds: number) => {
  const whole = Math.ceil(seconds);
  const h = Math.floor(whole / 3600);
  const m = Math.floor((whole % 3600) / 60);
  const s = String(whole % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
};

export const refuse = {
  noName: () =>
    new HttpError(400, 'Name the file', {
      errorCode: 'NAME_REQUIRED',
      validationErrors: { name: { message: 'Name the file' } },
    }),
  empty: () => new HttpError(400, 'The file is empty', { errorCode: 'EMPTY_FILE' }),
  notMedia: () =>
    new HttpError(415, 'This file is not a PNG, JPEG, WebP or MP4 file', {
      errorCode: 'UNSUPPORTED_FILE_TYPE',
    }),
  tooLarge: (maxBytes: number) =>
    new HttpError(413, `Files can be at most ${size(maxBytes)}`, { errorCode: 'PAYLOAD_TOO_LARGE' }),
  imageTooLarge: (maxBytes: number) =>
    new HttpError(413, `Images can be at most ${size(maxBytes)}`, { errorCode: 'PAYLOAD_TOO_LARGE' }),
  damagedImage: () => new HttpError(422, 'The image is damaged or incomplete', { errorCode: 'DAMAGED_FILE' }),
  damagedVideo: () => new HttpError(422, 'The video is damaged or incomplete', { errorCode: 'DAMAGED_FILE' }),
  imageTooWide: (maxSide: number, width: number, height: number) =>
    new HttpError(
      422,
      `Images can be at most ${maxSide.toLocaleString('en')} pixels on a side (this one is ${width.toLocaleString('en')} × ${height.toLocaleString('en')})`,
      { errorCode: 'IMAGE_TOO_LARGE' },
    ),
  tooManyPixels: (maxPixels: number, width: number, height: number) =>
    new HttpError(
      422,
      `Images can have at most ${Math.round(maxPixels / 1_000_000)} megapixels (this one is ${width.toLocaleString('en')} × ${height.toLocaleString('en')}, ${Math.round((width * height) / 1_000_000)} megapixels)`,
      { errorCode: 'IMAGE_TOO_LARGE' },
    ),
  unknownDuration: () =>
    new HttpError(422, "The video's running time could not be read from the file", {
      errorCode: 'DAMAGED_FILE',
    }),
  noVideoTrack: () => new HttpError(422, 'This MP4 file has no video in it', { errorCode: 'NO_VIDEO_TRACK' }),
  videoTooLong: (maxSeconds: number, seconds: number) =>
    new HttpError(422, `Videos can be at most ${span(maxSeconds)} long (this one runs ${clock(seconds)})`, {
      errorCode: 'VIDEO_TOO_LONG',
    }),
};

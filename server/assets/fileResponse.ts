import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { Readable } from 'node:stream';
import type { Context } from 'hono';
import { HttpError } from '../http/errors';

/** An asset's id never gets other content, so what the browser fetched once it may keep. */
export const IMMUTABLE = 'private, max-age=31536000, immutable';

export interface ByteRange {
  start: number;
  end: number;
}

/**
 * One `Range: bytes=…` of a file of `size` bytes (video players seek with these). Undefined: send the whole
 * file (no header, or several ranges, which RFC 9110 lets a server answer in full). Null: unsatisfiable.
 */
export function parseRange(header: string | undefined, size: number): ByteRange | null | undefined {
  const match = /^bytes=(\d*)-(\d*)$/.exec(header?.trim() ?? '');
  if (!match) return undefined;
  const [, from = '', to = ''] = match;
  if (from === '' && to === '') return undefined;
  if (from === '') {
    const suffix = Number(to);
    if (suffix === 0 || size === 0) return null;
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(from);
  const end = to === '' ? size - 1 : Math.min(Number(to), size - 1);
  if (start >= size || end < start) return null;
  return { start, end };
}

/** `inline; filename="ascii"; filename*=UTF-8''…` (RFC 6266): the planner's name, safe in a header. */
export function inlineDisposition(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `inline; filename="${ascii}"; filename*=UTF-8''${encodeRFC5987(name)}`;
}

const encodeRFC5987 = (text: string) =>
  encodeURIComponent(text).replace(/['()*]/g, (ch) => `%${ch.charCodeAt(0).toString(16).toUpperCase()}`);

/** Streams a stored file, or the one range asked for (206). */
export async function sendFile(
  c: Context,
  file: string,
  headers: { contentType: string; disposition: string },
) {
  const { size } = await stat(file);
  const range = parseRange(c.req.header('range'), size);
  if (range === null) {
    throw new HttpError(
      416,
      `The file has ${size} bytes; the range asked for is outside it`,
      {},
      {
        'Content-Range': `bytes */${size}`,
      },
    );
  }
  const common = {
    'Content-Type': headers.contentType,
    'Content-Disposition': headers.disposition,
    'Cache-Control': IMMUTABLE,
    'Accept-Ranges': 'bytes',
  };
  const { start, end } = range ?? { start: 0, end: size - 1 };
  const status = range ? 206 : 200;
  const rangeHeaders: Record<string, string> = range
    ? { 'Content-Length': String(end - start + 1), 'Content-Range': `bytes ${start}-${end}/${size}` }
    : { 'Content-Length': String(size) };
  // A HEAD gets no stream at all: one opened and never read would hold its file open until collected.
  if (c.req.method === 'HEAD') return c.body(null, status, { ...common, ...rangeHeaders });
  // Empty uploads are refused, so there is always at least one byte to stream.
  const body = Readable.toWeb(createReadStream(file, { start, end })) as unknown as ReadableStream;
  return c.body(body, status, { ...common, ...rangeHeaders });
}

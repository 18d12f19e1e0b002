import { createHash } from 'node:crypto';
import { open } from 'node:fs/promises';
import type { AssetMimeType } from '@contract/creative/assets';
import { HttpError } from '../http/errors';
import type { AssetLimits } from './limits';
import { refuse } from './refusals';
import { SNIFF_BYTES, sniffType } from './sniff';

export interface ReceivedFile {
  mimeType: AssetMimeType;
  byteSize: number;
  sha256: string;
}

const isImage = (mime: AssetMimeType) => mime.startsWith('image/');

export const cancelled = () =>
  new HttpError(400, 'The upload was cancelled before the whole file arrived', {
    errorCode: 'UPLOAD_CANCELLED',
  });

/**
 * Streams a request body into `file` (a temp file the caller removes on any throw), hashing and counting
 * as it goes. The type is known from the first bytes, so a non-media file or one over its type's cap is
 * refused while it is still arriving, never read to the end. A client that goes away (`signal`, or the
 * body stream failing) is `cancelled`.
 */
export async function receiveBody(
  body: ReadableStream<Uint8Array> | null,
  signal: AbortSignal,
  file: string,
  limits: AssetLimits,
): Promise<ReceivedFile> {
  if (!body) throw refuse.empty();
  const reader = body.getReader();
  const stop = () => void reader.cancel().catch(() => {});
  signal.addEventListener('abort', stop, { once: true });
  const output = await open(file, 'wx');
  const hash = createHash('sha256');
  let head: Uint8Array = new Uint8Array(0);
  let mimeType: AssetMimeType | undefined;
  let byteSize = 0;
  try {
    for (;;) {
      let chunk: ReadableStreamReadResult<Uint8Array>;
      try {
        chunk = await reader.read();
      } catch {
        throw cancelled();
      }
      if (signal.aborted) throw cancelled();
      if (chunk.done) break;
      const bytes = chunk.value;
      byteSize += bytes.byteLength;
      if (!mimeType && head.byteLength < SNIFF_BYTES) {
        head = concat(head, bytes.subarray(0, SNIFF_BYTES - head.byteLength));
        if (head.byteLength >= SNIFF_BYTES) mimeType = sniffType(head) ?? failWith(refuse.notMedia());
      }
      const image = mimeType ? isImage(mimeType) : false;
      if (image && byteSize > limits.maxImageBytes) throw refuse.imageTooLarge(limits.maxImageBytes);
      if (byteSize > limits.maxVideoBytes) throw refuse.tooLarge(limits.maxVideoBytes);
      hash.update(bytes);
      await output.write(bytes);
    }
  } catch (error) {
    stop();
    throw error;
  } finally {
    signal.removeEventListener('abort', stop);
    await output.close();
  }
  if (byteSize === 0) throw refuse.empty();
  mimeType ??= sniffType(head) ?? failWith(refuse.notMedia());
  return { mimeType, byteSize, sha256: hash.digest('hex') };
}

function concat(a: Uint8Array, b: Uint8Array): Uint8Array {
  const out = new Uint8Array(a.byteLength + b.byteLength);
  out.set(a);
  out.set(b, a.byteLength);
  return out;
}

function failWith(error: Error): never {
  throw error;
}

import type { Context } from 'hono';
import { HttpError, jsonObject } from './errors';

/**
 * Reads the raw request body, refusing it with 413 `tooLargeMessage` as soon as it passes `maxBytes`:
 * first by the declared Content-Length (before reading anything), then by the bytes actually received.
 */
export async function readBodyBytes(c: Context, maxBytes: number, tooLargeMessage: string): Promise<Buffer> {
  const tooLarge = () => new HttpError(413, tooLargeMessage, { errorCode: 'PAYLOAD_TOO_LARGE' });
  const declared = Number(c.req.header('content-length'));
  if (Number.isFinite(declared) && declared > maxBytes) throw tooLarge();
  const body = c.req.raw.body;
  if (!body) return Buffer.alloc(0);
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) {
      await reader.cancel().catch(() => {});
      throw tooLarge();
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks, total);
}

/**
 * A JSON object body of at most `maxBytes`. Accepts application/json and text/plain (what
 * `navigator.sendBeacon` sends for a string), so reports still arrive while a page unloads.
 */
export async function readSmallJsonObject(
  c: Context,
  maxBytes: number,
  tooLargeMessage: string,
): Promise<Record<string, unknown>> {
  const type = (c.req.header('content-type') ?? '').toLowerCase();
  if (!type.includes('application/json') && !type.includes('text/plain')) {
    throw new HttpError(415, 'Send the body as JSON (Content-Type: application/json)');
  }
  const bytes = await readBodyBytes(c, maxBytes, tooLargeMessage);
  let body: unknown;
  try {
    body = JSON.parse(new TextDecoder().decode(bytes));
  } catch {
    throw new HttpError(400, 'The request body is not valid JSON');
  }
  return jsonObject(body);
}

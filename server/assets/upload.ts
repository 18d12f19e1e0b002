import { randomUUID } from 'node:crypto';
import type { Database } from '../db/connect';
import { creativeAssets } from '../db/schema';
import type { DecodeBudget } from './decodeBudget';
import type { AssetLimits } from './limits';
import { probeImage } from './probeImage';
import { probeVideo } from './probeVideo';
import { receiveBody } from './receive';
import { refuse } from './refusals';
import type { AssetRow } from './serialize';
import type { AssetStorage } from './storage';
import { type AssetScope, findAssetBySha, isUniqueViolation } from './store';

export interface UploadRequest {
  scope: AssetScope & { userId: string };
  name: string;
  body: ReadableStream<Uint8Array> | null;
  /** Aborts when the client goes away. */
  signal: AbortSignal;
  /** The request's Content-Length, when it declared one. */
  declaredBytes: number | undefined;
}

/**
 * Takes an upload into the library: streamed to a temp file, checked by content, then renamed into place
 * with its row. `created` is false when the account already had this very file (same SHA-256): the
 * existing asset is answered and nothing new is kept. Whatever is refused or cut off leaves no file.
 */
export async function acceptUpload(
  db: Database,
  storage: AssetStorage,
  limits: AssetLimits,
  request: UploadRequest,
  budget: DecodeBudget,
): Promise<{ asset: AssetRow; created: boolean }> {
  if (request.declaredBytes !== undefined && request.declaredBytes > limits.maxVideoBytes) {
    throw refuse.tooLarge(limits.maxVideoBytes);
  }
  const temp = await storage.createTemp();
  let committedKey: string | undefined;
  try {
    const received = await receiveBody(request.body, request.signal, temp.path, limits);
    const image = received.mimeType.startsWith('image/');
    const facts = image
      ? { ...(await probeImage(temp.path, received.mimeType, limits, budget)), durationMs: null }
      : await probeVideo(temp.path);
    if (facts.durationMs !== null && facts.durationMs > limits.maxVideoSeconds * 1000) {
      throw refuse.videoTooLong(limits.maxVideoSeconds, facts.durationMs / 1000);
    }
    const existing = await findAssetBySha(db, request.scope, received.sha256);
    if (existing) return { asset: existing, created: false };

    const id = randomUUID();
    const key = storage.keyOf(request.scope.accountId, id);
    try {
      const asset = await db.transaction(async (tx) => {
        const [row] = await tx
          .insert(creativeAssets)
          .values({
            id,
            organizationId: request.scope.organizationId,
            accountId: request.scope.accountId,
            uploadedBy: request.scope.userId,
            kind: image ? 'image' : 'video',
            mimeType: received.mimeType,
            name: request.name,
            byteSize: received.byteSize,
            width: facts.width,
            height: facts.height,
            durationMs: facts.durationMs,
            sha256: received.sha256,
            storageKey: key,
          })
          .returning();
        // Inside the transaction: a failed rename rolls the row back, so no row points at a missing file.
        committedKey = key;
        await temp.commit(key);
        return row!;
      });
      return { asset, created: true };
    } catch (error) {
      if (committedKey) await storage.remove(committedKey);
      // The same file sent twice at once: the other request won the unique index.
      if (isUniqueViolation(error)) {
        const winner = await findAssetBySha(db, request.scope, received.sha256);
        if (winner) return { asset: winner, created: false };
      }
      throw error;
    }
  } finally {
    await temp.discard();
  }
}

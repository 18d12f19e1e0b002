import { MAX_ASSET_NAME_LENGTH } from '../../contract/creative/assets';
import { graphemes } from '../../contract/creative/length';

/**
 * The name shown in the library: what the planner's file was called, without control characters (a
 * newline or escape would garble lists and Content-Disposition), clipped to MAX_ASSET_NAME_LENGTH
 * characters. Empty when nothing is left.
 */
export function cleanAssetName(raw: string | undefined): string {
  const text = (raw ?? '').replace(/\p{Cc}/gu, '').trim();
  return graphemes(text).slice(0, MAX_ASSET_NAME_LENGTH).join('').trim();
}

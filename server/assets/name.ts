import { MAX_ASSET_NAME_LENGTH } from '@contract/creative/assets';
import { graphemes } from '@contract/creative/length';

/**
 * Bidirectional controls (U+202A–U+202E, U+2066–U+2069, the marks U+200E, U+200F, U+061C): a right-to-left
 * override makes `invoice‮gnp.exe` read as `invoiceexe.png` in every list and dialog that shows the name.
 */
const BIDI_CONTROLS = /[\u202A-\u202E\u2066-\u2069\u200E\u200F\u061C]/gu;

/**
 * The name shown in the library: what the planner's file was called, without control characters (a
 * newline or escape would garble lists and Content-Disposition) or bidirectional controls, clipped to
 * MAX_ASSET_NAME_LENGTH characters. Empty when nothing is left.
 */
export function cleanAssetName(raw: string | undefined): string {
  const text = (raw ?? '')
    .replace(/\p{Cc}/gu, '')
    .replace(BIDI_CONTROLS, '')
    .trim();
  return graphemes(text).slice(0, MAX_ASSET_NAME_LENGTH).join('').trim();
}

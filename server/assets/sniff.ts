import type { AssetMimeType } from '@contract/creative/assets';

/** Bytes `sniffType` needs before it can answer. */
export const SNIFF_BYTES = 12;

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG = [0xff, 0xd8, 0xff];

const NOT_MP4_BRANDS = new Set([
  'qt  ',
  'heic',
  'heix',
  'heim',
  'heis',
  'hevc',
  'hevx',
  'mif1',
  'msf1',
  'avif',
  'avis',
  'crx ',
  'jp2 ',
  'jpx ',
]);

const startsWith = (bytes: Uint8Array, prefix: number[], at = 0) =>
  prefix.every((byte, i) => bytes[at + i] === byte);
const ascii = (text: string) => [...text].map((ch) => ch.charCodeAt(0));

/**
 * The file's type by its first bytes (never its name or the request's Content-Type); undefined when it
 * is none of ours. The parsers then check that the rest of the file holds up.
 */
export function sniffType(head: Uint8Array): AssetMimeType | undefined {
  if (startsWith(head, PNG)) return 'image/png';
  if (startsWith(head, JPEG)) return 'image/jpeg';
  if (startsWith(head, ascii('RIFF')) && startsWith(head, ascii('WEBP'), 8)) return 'image/webp';
  // ISO BMFF: the first box is `ftyp` (its size, its type, then the major brand). QuickTime, HEIF and AVIF
  // share the container but are not MP4 files, and would otherwise be refused as damaged videos.
  if (startsWith(head, ascii('ftyp'), 4)) {
    const brand = String.fromCharCode(...head.subarray(8, 12));
    return NOT_MP4_BRANDS.has(brand) ? undefined : 'video/mp4';
  }
  return undefined;
}

import { createHash } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { type CreativeSpecs, defaultUtm, formatsFor } from '@contract/creative';
import { createFile } from 'mp4box';
import sharp from 'sharp';
import type { AssetStorage } from '../assets/storage';
import type { Database } from '../db/connect';
import type { CampaignRow } from '../db/rows';
import * as t from '../db/schema';
import { SANDBOX_CREATIVE } from '../platforms/sandbox/data/creative';

/**
 * The demo's creative: each account's asset library (pictures made here, 1215 × 2160, a size every
 * platform's placements can crop from) and ads for the plans that have run or are ready to run, one per
 * platform, as the creative step would have saved them within each platform's specs.
 */

type SeedTx = Parameters<Parameters<Database['transaction']>[0]>[0];

/** The library's pictures: a name, two colours and the line drawn on it. */
const PICTURES = [
  { name: 'sunrise-trail.png', from: '#f59e0b', to: '#b45309', line: 'New season, new trails' },
  { name: 'summit-blue.png', from: '#38bdf8', to: '#1e3a8a', line: 'Go further this year' },
  { name: 'campfire-night.png', from: '#7c3aed', to: '#111827', line: 'Made for the outdoors' },
] as const;

/** The picture size: 9:16 at 1215 × 2160 crops to every placement's aspect above its minimum. */
const WIDTH = 1215;
const HEIGHT = 2160;

const escapeXml = (text: string) =>
  text.replace(
    /[<>&"']/g,
    (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c]!,
  );

/** A picture of the brand: a gradient, its name and a line, drawn by sharp from SVG. */
function pictureOf(brand: string, picture: (typeof PICTURES)[number]): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}">
    <defs><linearGradient id="g" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="${picture.from}"/><stop offset="1" stop-color="${picture.to}"/>
    </linearGradient></defs>
    <rect width="100%" height="100%" fill="url(#g)"/>
    <polygon points="0,${HEIGHT * 0.78} ${WIDTH * 0.35},${HEIGHT * 0.55} ${WIDTH * 0.6},${HEIGHT * 0.7} ${WIDTH * 0.82},${HEIGHT * 0.5} ${WIDTH},${HEIGHT * 0.66} ${WIDTH},${HEIGHT} 0,${HEIGHT}" fill="#000" fill-opacity="0.28"/>
    <text x="50%" y="42%" text-anchor="middle" font-family="sans-serif" font-size="120" font-weight="700" fill="#fff">${escapeXml(brand)}</text>
    <text x="50%" y="48%" text-anchor="middle" font-family="sans-serif" font-size="64" fill="#fff">${escapeXml(picture.line)}</text>
  </svg>`;
  return sharp(Buffer.from(svg)).png({ compressionLevel: 9 }).toBuffer();
}

/** A 15-second 9:16 clip's container (mp4box): the library reads its size and length; the poster shows it. */
function clip(): Buffer {
  const file = createFile();
  const timescale = 1000;
  const duration = 15 * timescale;
  const track = file.addTrack({
    type: 'avc1',
    width: WIDTH,
    height: HEIGHT,
    timescale,
    duration,
    media_duration: duration,
  });
  for (let i = 0; i < 15; i++)
    file.addSample(track, new Uint8Array(64).fill(i), { duration: timescale, is_sync: true });
  return Buffer.from(file.getBuffer().buffer as ArrayBuffer);
}

/** The account's demo library: its pictures, and a clip for the platforms whose format needs a video. */
export interface SeededLibrary {
  images: string[];
  video: string;
}

/**
 * The account's library of demo pictures and a clip; their ids. With `storage` (the running app) the
 * files are written too, so thumbnails and previews show them; without (tests), only the rows.
 */
export async function seedLibrary(
  tx: SeedTx,
  scope: { organizationId: string; accountId: string },
  brand: string,
  ids: () => string,
  storage?: AssetStorage,
): Promise<SeededLibrary> {
  const put = async (name: string, kind: 'image' | 'video', make: () => Promise<Buffer>): Promise<string> => {
    const id = ids();
    const key = storage ? storage.keyOf(scope.accountId, id) : `${scope.accountId}/${id}`;
    const bytes = storage ? await make() : null;
    if (bytes && storage) {
      const file = storage.pathOf(key);
      await mkdir(path.dirname(file), { recursive: true });
      await writeFile(file, bytes);
    }
    await tx.insert(t.creativeAssets).values({
      id,
      ...scope,
      kind,
      mimeType: kind === 'image' ? 'image/png' : 'video/mp4',
      name,
      byteSize: bytes?.length ?? 180_000,
      width: WIDTH,
      height: HEIGHT,
      durationMs: kind === 'video' ? 15_000 : null,
      sha256: createHash('sha256')
        .update(bytes ?? `${scope.accountId}:${name}`)
        .digest('hex'),
      storageKey: key,
    });
    return id;
  };
  const images: string[] = [];
  for (const picture of PICTURES)
    images.push(await put(picture.name, 'image', () => pictureOf(brand, picture)));
  const video = await put('season-teaser.mp4', 'video', async () => clip());
  return { images, video };
}

/** What the demo's ads say, by text field: cut to each platform's limit. */
function textFor(field: string, brand: string, theme: string): string {
  switch (field) {
    case 'primaryText':
    case 'introText':
      return `${theme} is here: ${brand}'s new range, made for long days outside. Free returns for 60 days.`;
    case 'adText':
      return `${theme} is here: ${brand}'s new range, made for long days outside.`;
    case 'headline':
      return theme;
    case 'longHeadline':
      return `${theme}: ${brand}'s new range is in`;
    case 'description':
      return 'Free delivery over 50 and returns for 60 days.';
    case 'title':
      return `${theme} by ${brand}`;
    case 'businessName':
    case 'brandName':
    case 'displayName':
      return brand;
    default:
      return theme;
  }
}

/** The demo's ads take the platform's simplest format the objective runs: a picture, else a video. */
const PREFERENCE = ['single_image', 'video', 'carousel'];

/**
 * One ad per platform of `campaign`, on the simplest format its platform runs for the objective, with the
 * library's pictures (or its clip), as the creative step would have saved it.
 */
export async function seedAds(
  tx: SeedTx,
  campaign: CampaignRow,
  library: SeededLibrary,
  brand: string,
  theme: string,
): Promise<void> {
  for (const [position, platform] of campaign.platforms.entries()) {
    const specs: CreativeSpecs | undefined = SANDBOX_CREATIVE[platform];
    const format = specs
      ? formatsFor(specs, campaign.objectiveId)
          .filter((f) => PREFERENCE.includes(f.key) && f.media)
          .sort((a, b) => PREFERENCE.indexOf(a.key) - PREFERENCE.indexOf(b.key))[0]
      : undefined;
    if (!specs || !format?.media) continue;
    const media = format.media;
    const name = `${specs.displayName} ad`;
    const texts = Object.fromEntries(
      format.texts
        .filter((field) => field.minCount > 0)
        .map((field) => {
          const text = textFor(field.key, brand, theme).slice(0, field.maxLength).trim();
          return [field.key, Array.from({ length: field.minCount }, () => text.padEnd(field.minLength, '.'))];
        }),
    );
    const [ad] = await tx
      .insert(t.campaignAds)
      .values({
        campaignId: campaign.id,
        platformKey: platform,
        position,
        name,
        format: format.key,
        texts,
        destinationUrl: `https://example.com/${brand.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`,
        utm: defaultUtm(platform, campaign.name, name),
        callToAction: specs.callsToAction[0]!.key,
      })
      .returning({ id: t.campaignAds.id });
    await tx.insert(t.campaignAdAssets).values(
      Array.from({ length: media.minCount }, (_, i) => ({
        adId: ad!.id,
        position: i,
        assetId:
          media.kind === 'video' ? library.video : library.images[(position + i) % library.images.length]!,
        focalX: 0.5,
        focalY: 0.5,
      })),
    );
  }
}

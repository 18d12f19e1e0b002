import {
  type Ad,
  type AdAsset,
  type Asset,
  type CreativeSpecs,
  defaultUtm,
  finalUrl,
  formatSpecOf,
  formatsFor,
  type LengthState,
  lengthState,
  type MediaKind,
  textLength,
  type Utm,
} from '@contract/creative';
import type { SnapshotFrom } from 'xstate';
import { formatLabel, specsFor } from './planningCreative.ads';
import type { PlanningCreativeMachine } from './planningCreative.machine';
import type { AdDraft, AdField, PlanningCreativeEvent } from './planningCreative.types';
import { creativeWarningsOf, visibleCreativeErrors } from './planningCreative.values';

export type PlanningCreativeSnapshot = SnapshotFrom<PlanningCreativeMachine>;

export interface TextEntryView {
  index: number;
  value: string;
  length: number;
  state: LengthState;
  /** "42 / 125": against where the platform cuts off while the text fits, then against its limit. */
  counter: string;
  /** The hard limit broken, an empty required entry… (red, blocks Next). */
  error: string | undefined;
  /** Where the platform cuts it off (amber, never blocks). */
  warning: string | undefined;
}

export interface TextFieldView {
  key: string;
  label: string;
  multiline: boolean;
  /** A field of several entries (a search ad's headlines) gets add and remove buttons. */
  multiple: boolean;
  canAdd: boolean;
  canRemove: boolean;
  /** About the field as a whole ("Google Ads needs at least 3 headlines"). */
  error: string | undefined;
  entries: TextEntryView[];
}

export interface AdAssetView extends AdAsset {
  index: number;
  /** Undefined when the asset is not known here (a message says so). */
  asset: Asset | undefined;
  error: string | undefined;
}

export interface CreativeAdView {
  key: string;
  platform: string;
  /** 1-based within its platform ("Meta ad 2" names its fields). */
  number: number;
  label: string;
  name: string;
  format: string;
  formatOptions: { value: string; label: string }[];
  texts: TextFieldView[];
  /** Null for a text-only format (a search ad). */
  media: { kind: MediaKind; minCount: number; maxCount: number; accept: string } | null;
  assets: AdAssetView[];
  destinationUrl: string;
  utm: Utm | null;
  utmDefaults: Utm;
  /** The landing page with the UTM tags: what the platform gets. */
  finalUrl: string;
  callToAction: string;
  callToActionOptions: { value: string; label: string }[];
  errors: Partial<
    Record<'name' | 'format' | 'assets' | 'destinationUrl' | 'callToAction' | 'platform', string>
  >;
  utmErrors: Partial<Record<'source' | 'medium' | 'campaign' | 'content', string>>;
  /** What the previews draw (the ad as typed). */
  previewAd: Ad;
  specs: CreativeSpecs | undefined;
}

export interface CreativePlatformView {
  key: string;
  displayName: string;
  ads: CreativeAdView[];
}

export interface PlanningCreativeView {
  readOnly: boolean;
  brandName: string;
  /** "Add an ad for Meta and TikTok". */
  error: string | undefined;
  /** After Next on an unfinished step: "2 ads need attention" (null when every ad is fine, or before Next). */
  attention: string | null;
  /**
   * Grows each time Next finds the step unfinished: the view then scrolls to and focuses the first message
   * (0 = never).
   */
  errorRequests: number;
  platforms: CreativePlatformView[];
  assets: Readonly<Record<string, Asset>>;
  addAd(platform: string): void;
  removeAd(key: string): void;
  changeAd(key: string, field: AdField, value: string): void;
  changeFormat(key: string, format: string): void;
  changeText(key: string, field: string, index: number, value: string): void;
  addText(key: string, field: string): void;
  removeText(key: string, field: string, index: number): void;
  attachAsset(key: string, asset: Asset): void;
  detachAsset(key: string, index: number): void;
  moveAsset(key: string, index: number, to: number): void;
  focusAsset(key: string, index: number, focalX: number, focalY: number): void;
  changeUtm(key: string, utm: Utm | null): void;
}

const ACCEPT: Record<MediaKind, string> = {
  image: 'image/png,image/jpeg,image/webp',
  video: 'video/mp4',
};

const previewOf = ({ key: _, ...ad }: AdDraft): Ad => ({ ...ad });

function textViews(
  ad: AdDraft,
  specs: CreativeSpecs | undefined,
  errors: Record<string, string>,
  warnings: Record<string, string>,
): TextFieldView[] {
  const format = formatSpecOf(specs, ad.format);
  return (format?.texts ?? []).map((field) => {
    const path = `${ad.key}.texts.${field.key}`;
    const entries = ad.texts[field.key] ?? [''];
    const multiple = field.maxCount > 1;
    return {
      key: field.key,
      label: field.label,
      multiline: field.multiline,
      multiple,
      canAdd: entries.length < field.maxCount,
      canRemove: entries.length > Math.max(field.minCount, 1),
      error: multiple ? errors[path] : undefined,
      entries: entries.map((value, index) => {
        const length = textLength(value, specs?.counting ?? 'graphemes');
        const state = lengthState(length, field);
        const against = state === 'ok' && field.truncateAt !== null ? field.truncateAt : field.maxLength;
        const at = multiple ? `${path}.${index}` : path;
        return {
          index,
          value,
          length,
          state,
          counter: `${length.toLocaleString('en')} / ${against.toLocaleString('en')}`,
          // A broken limit shows at once: the counter turned red as the planner typed.
          error: errors[at],
          warning: warnings[at],
        };
      }),
    };
  });
}

export function connectPlanningCreative(
  snapshot: PlanningCreativeSnapshot,
  send: (event: PlanningCreativeEvent) => void,
): PlanningCreativeView {
  const { context } = snapshot;
  const { plan, rules } = context;
  const errors = visibleCreativeErrors(context);
  const warnings = creativeWarningsOf(context);
  const objectiveId = plan?.campaign.objectiveId ?? 0;
  const adView = (ad: AdDraft, number: number): CreativeAdView => {
    const specs = specsFor(rules, ad.platform);
    const media = formatSpecOf(specs, ad.format)?.media ?? null;
    const options = formatsFor(specs, objectiveId).map((f) => ({ value: f.key, label: formatLabel(f.key) }));
    const pick = <K extends string>(keys: readonly K[], prefix: string) =>
      Object.fromEntries(
        keys.flatMap((k) => (errors[`${prefix}${k}`] ? [[k, errors[`${prefix}${k}`]]] : [])),
      ) as Partial<Record<K, string>>;
    return {
      key: ad.key,
      platform: ad.platform,
      number,
      label: `${specs?.displayName ?? ad.platform} ad ${number}`,
      name: ad.name,
      format: ad.format,
      formatOptions: options.some((o) => o.value === ad.format)
        ? options
        : [...options, { value: ad.format, label: formatLabel(ad.format) }],
      texts: textViews(ad, specs, errors, warnings),
      media: media ? { ...media, accept: ACCEPT[media.kind] } : null,
      assets: ad.assets.map((use, index) => ({
        ...use,
        index,
        asset: context.assets[use.assetId],
        error: errors[`${ad.key}.assets.${index}.assetId`] ?? errors[`${ad.key}.assets.${index}`],
      })),
      destinationUrl: ad.destinationUrl,
      utm: ad.utm,
      utmDefaults: defaultUtm(ad.platform, plan?.campaign.name ?? '', ad.name),
      finalUrl: finalUrl(ad.destinationUrl.trim(), ad.utm),
      callToAction: ad.callToAction,
      callToActionOptions: (specs?.callsToAction ?? []).map((c) => ({ value: c.key, label: c.label })),
      errors: {
        ...pick(['name', 'format', 'assets', 'destinationUrl', 'callToAction', 'platform'], `${ad.key}.`),
        ...(errors[ad.key] ? { name: errors[ad.key] } : {}),
      },
      utmErrors: pick(['source', 'medium', 'campaign', 'content'], `${ad.key}.utm.`),
      previewAd: previewOf(ad),
      specs,
    };
  };
  const needing = context.ads.filter((ad) =>
    Object.keys(errors).some((path) => path === ad.key || path.startsWith(`${ad.key}.`)),
  ).length;
  // Ads of a platform the plan no longer has still show (with their message), after the plan's own.
  const keys = [...new Set([...(plan?.platforms ?? []), ...context.ads.map((ad) => ad.platform)])];
  return {
    readOnly: snapshot.matches('readOnly'),
    brandName: plan?.campaign.name ?? '',
    error: errors.ads,
    attention:
      context.showAll && needing > 0
        ? `${needing} ${needing === 1 ? 'ad needs' : 'ads need'} attention`
        : null,
    errorRequests: context.errorRequests,
    platforms: keys.map((key) => ({
      key,
      displayName: rules[key]?.displayName ?? key,
      ads: context.ads.filter((ad) => ad.platform === key).map((ad, i) => adView(ad, i + 1)),
    })),
    assets: context.assets,
    addAd: (platform) => send({ type: 'ad.add', platform }),
    removeAd: (key) => send({ type: 'ad.remove', key }),
    changeAd: (key, field, value) => send({ type: 'ad.change', key, field, value }),
    changeFormat: (key, format) => send({ type: 'ad.format', key, format }),
    changeText: (key, field, index, value) => send({ type: 'text.change', key, field, index, value }),
    addText: (key, field) => send({ type: 'text.add', key, field }),
    removeText: (key, field, index) => send({ type: 'text.remove', key, field, index }),
    attachAsset: (key, asset) => send({ type: 'asset.attach', key, asset }),
    detachAsset: (key, index) => send({ type: 'asset.detach', key, index }),
    moveAsset: (key, index, to) => send({ type: 'asset.move', key, index, to }),
    focusAsset: (key, index, focalX, focalY) => send({ type: 'asset.focus', key, index, focalX, focalY }),
    changeUtm: (key, utm) => send({ type: 'utm.change', key, utm }),
  };
}

import { PLATFORMS } from '../reference';

/**
 * How a MediaPlan line item's `vehicle` (or `partner`) names one of our platforms. Other tools write
 * the brand ("Facebook"), the ad product ("Meta Ads") or a property ("YouTube"); all are matched case-
 * and space-insensitively. Documented in docs/exchange.md.
 */
export const VEHICLE_ALIASES: Readonly<Record<string, readonly string[]>> = {
  meta: ['Meta', 'Meta Ads', 'Facebook', 'Facebook Ads', 'Instagram', 'Messenger', 'Audience Network'],
  google: ['Google', 'Google Ads', 'Google Search', 'YouTube', 'AdWords', 'Google AdWords'],
  microsoft: ['Microsoft', 'Microsoft Ads', 'Microsoft Advertising', 'Bing', 'Bing Ads'],
  tiktok: ['TikTok', 'TikTok Ads', 'TikTok For Business'],
  linkedin: ['LinkedIn', 'LinkedIn Ads', 'LinkedIn Marketing Solutions'],
  snapchat: ['Snap', 'Snapchat', 'Snapchat Ads', 'Snap Ads'],
  pinterest: ['Pinterest', 'Pinterest Ads'],
};

/** The standard's `channel` of each platform: where its ads run. */
export const PLATFORM_CHANNELS: Readonly<Record<string, 'social' | 'search'>> = {
  meta: 'social',
  google: 'search',
  microsoft: 'search',
  tiktok: 'social',
  linkedin: 'social',
  snapchat: 'social',
  pinterest: 'social',
};

const squash = (name: string) => name.toLowerCase().replace(/[\s._-]+/g, '');

const BY_ALIAS = new Map<string, string>(
  Object.entries(VEHICLE_ALIASES).flatMap(([key, aliases]) =>
    [key, ...aliases].map((alias): [string, string] => [squash(alias), key]),
  ),
);

/** Our platform key for a vehicle or partner name, or null when we cannot plan on it. */
export function platformOfVehicle(name: string | undefined): string | null {
  if (!name) return null;
  return BY_ALIAS.get(squash(name)) ?? null;
}

export const platformDisplayName = (key: string) => PLATFORMS.find((p) => p.key === key)?.displayName ?? key;

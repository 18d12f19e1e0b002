/** Platforms and objectives are global reference data, upserted on every start. */
export const PLATFORMS = [
  { key: 'meta', displayName: 'Meta' },
  { key: 'google', displayName: 'Google Ads' },
  { key: 'tiktok', displayName: 'TikTok' },
  { key: 'linkedin', displayName: 'LinkedIn' },
  { key: 'microsoft', displayName: 'Microsoft Advertising' },
  { key: 'snapchat', displayName: 'Snapchat' },
  { key: 'pinterest', displayName: 'Pinterest' },
] as const;

const PLATFORM_POSITION = new Map<string, number>(PLATFORMS.map((p, i) => [p.key, i]));
const PLATFORM_DISPLAY_NAME = new Map<string, string>(PLATFORMS.map((p) => [p.key, p.displayName]));

/** A platform's display name ("Google Ads" for `google`); an unknown key is its own name. */
export const displayNameOf = (key: string) => PLATFORM_DISPLAY_NAME.get(key) ?? key;

/** Orders rows by the platforms' order above (unknown keys last, by key). */
export const byPlatformOrder = (a: { platformKey: string }, b: { platformKey: string }) =>
  (PLATFORM_POSITION.get(a.platformKey) ?? 99) - (PLATFORM_POSITION.get(b.platformKey) ?? 99) ||
  a.platformKey.localeCompare(b.platformKey);

export const OBJECTIVES = [
  { id: 1, label: 'Awareness', icon: 'megaphone' },
  { id: 2, label: 'Traffic', icon: 'cursor' },
  { id: 3, label: 'Engagement', icon: 'heart' },
  { id: 4, label: 'Leads', icon: 'funnel' },
  { id: 5, label: 'App promotion', icon: 'phone' },
  { id: 6, label: 'Sales', icon: 'cart' },
] as const;

/**
 * A campaign's status: the states of the campaign lifecycle chart (machines/campaignLifecycle), which is
 * the only thing that moves a campaign from one to another. The database refuses any other value.
 */
export const CAMPAIGN_STATUSES = [
  'draft',
  'launching',
  /** Launched, its first flight not started yet: the platforms hold it and deliver from the start date. */
  'scheduled',
  'active',
  'pausing',
  'paused',
  'resuming',
  'completed',
  'failed',
  'deleting',
] as const;

/**
 * A booking is a plan's line item (one per flight): tentative while the campaign is a draft, confirmed when
 * its platform goes live, completed when its flight has ended, cancelled when the campaign is deleted.
 */
export const BOOKING_STATUSES = ['tentative', 'confirmed', 'completed', 'cancelled'] as const;

export const CURRENCIES = ['EUR', 'USD', 'GBP'] as const;

/**
 * The destination URL and its UTM parameters (Google Analytics' campaign URL builder): the planner types
 * the landing page, the builder adds utm_source, utm_medium, utm_campaign and utm_content, and the final
 * URL is what the platform gets. Parameters already on the landing page are kept, ours replace theirs.
 */

export interface Utm {
  source: string;
  medium: string;
  campaign: string;
  content: string;
}

export const UTM_KEYS = ['source', 'medium', 'campaign', 'content'] as const;

/** What each platform's traffic is usually tagged as (the platforms' own auto-tagging names). */
const SOURCES: Record<string, { source: string; medium: string }> = {
  meta: { source: 'facebook', medium: 'paid_social' },
  google: { source: 'google', medium: 'cpc' },
  microsoft: { source: 'bing', medium: 'cpc' },
  tiktok: { source: 'tiktok', medium: 'paid_social' },
  linkedin: { source: 'linkedin', medium: 'paid_social' },
  snapchat: { source: 'snapchat', medium: 'paid_social' },
  pinterest: { source: 'pinterest', medium: 'paid_social' },
};

/** A URL-safe slug of a name: lower case, ASCII letters and digits, words joined by `_`. */
export function slug(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .slice(0, 100);
}

export function defaultUtm(platform: string, campaignName: string, adName: string): Utm {
  const known = SOURCES[platform] ?? { source: platform, medium: 'paid' };
  return { ...known, campaign: slug(campaignName), content: slug(adName) };
}

/** Null when `text` is not an absolute https URL with a host. */
export function parseHttpsUrl(text: string): URL | null {
  if (!URL.canParse(text)) return null;
  const url = new URL(text);
  if (url.protocol !== 'https:' || !url.hostname || url.username || url.password) return null;
  // A bare word ("https://shop") is not a public site; a host needs a dot (or is an IP literal).
  if (!url.hostname.includes('.') && !url.hostname.startsWith('[')) return null;
  return url;
}

/** The landing page with the UTM parameters added (empty ones left out); the URL unchanged without utm. */
export function finalUrl(destinationUrl: string, utm: Utm | null): string {
  const url = parseHttpsUrl(destinationUrl);
  if (!url) return destinationUrl;
  if (utm) {
    for (const key of UTM_KEYS) {
      const value = utm[key].trim();
      if (value) url.searchParams.set(`utm_${key}`, value);
      else url.searchParams.delete(`utm_${key}`);
    }
  }
  return url.toString();
}

import { createHash } from 'node:crypto';
import type { PlatformAd } from '../connector';

/**
 * What Meta shows an ad as: the planner's name and a fingerprint of what the ad says and shows. Meta keeps no
 * field of ours on an ad, so its name is how a change finds it again: an ad the change leaves as it is keeps
 * its name (wherever it moved in the list) and keeps running, with what it has learnt; a rewritten one gets
 * a new name, so a new ad, and its old self is paused. A second identical ad in the plan is told apart by
 * its place among its twins.
 */
export function adNames(ads: readonly PlatformAd[]): string[] {
  const seen = new Map<string, number>();
  return ads.map((ad) => {
    const base = `${ad.name} · ${fingerprint(ad)}`;
    const count = (seen.get(base) ?? 0) + 1;
    seen.set(base, count);
    return count === 1 ? base : `${base} #${count}`;
  });
}

function fingerprint(ad: PlatformAd): string {
  const content = {
    format: ad.format,
    texts: Object.keys(ad.texts)
      .sort()
      .map((key) => [key, ad.texts[key]]),
    destination: ad.destination,
    callToAction: ad.callToAction,
    media: ad.media.map((m) => [m.assetId, m.focalX, m.focalY]),
  };
  return createHash('sha256').update(JSON.stringify(content)).digest('hex').slice(0, 8);
}

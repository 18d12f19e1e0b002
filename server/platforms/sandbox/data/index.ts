import { type Interest, InterestListSchema, PlatformRulesSchema } from '@contract/planning';
import { PLATFORMS } from '@contract/reference';
import * as v from 'valibot';
import { google } from './google';
import { interests as googleInterests } from './interests/google';
import { interests as linkedinInterests } from './interests/linkedin';
import { interests as metaInterests } from './interests/meta';
import { interests as microsoftInterests } from './interests/microsoft';
import { interests as pinterestInterests } from './interests/pinterest';
import { interests as snapchatInterests } from './interests/snapchat';
import { interests as tiktokInterests } from './interests/tiktok';
import { linkedin } from './linkedin';
import { meta } from './meta';
import { microsoft } from './microsoft';
import { pinterest } from './pinterest';
import { snapchat } from './snapchat';
import { tiktok } from './tiktok';
import type { SandboxPlatformData } from './types';

export type { SandboxPlatformData } from './types';

/** A sandbox platform's data, checked: its rules, its reach and its interest taxonomy. */
export interface SandboxPlatform extends SandboxPlatformData {
  interests: readonly Interest[];
  interestsById: ReadonlyMap<string, Interest>;
}

const RAW: Record<string, { platform: SandboxPlatformData; interests: unknown }> = {
  meta: { platform: meta, interests: metaInterests },
  google: { platform: google, interests: googleInterests },
  tiktok: { platform: tiktok, interests: tiktokInterests },
  linkedin: { platform: linkedin, interests: linkedinInterests },
  microsoft: { platform: microsoft, interests: microsoftInterests },
  snapchat: { platform: snapchat, interests: snapchatInterests },
  pinterest: { platform: pinterest, interests: pinterestInterests },
};

/**
 * Checks one platform's files as they load: a typo in a data file (a rule missing, an id used twice, a
 * key that is not the platform's) stops the server at start instead of answering wrong rules later.
 */
export function loadSandboxPlatform(
  key: string,
  platform: SandboxPlatformData,
  interests: unknown,
): SandboxPlatform {
  const rules = v.parse(PlatformRulesSchema, platform.rules);
  if (rules.key !== key) throw new Error(`Sandbox data for ${key} declares the key ${rules.key}`);
  if (!rules.bidStrategies.includes('lowest_cost'))
    throw new Error(`Sandbox data for ${key}: every platform offers lowest_cost bidding`);
  if (!(platform.reachShare > 0 && platform.reachShare <= 1))
    throw new Error(`Sandbox data for ${key}: reachShare must be in (0, 1]`);
  const list = v.parse(InterestListSchema, interests);
  const interestsById = new Map(list.map((interest) => [interest.id, interest]));
  if (interestsById.size !== list.length)
    throw new Error(`Sandbox data for ${key}: an interest id is used twice`);
  return { rules, reachShare: platform.reachShare, interests: list, interestsById };
}

/** Every platform of contract/reference.ts with its sandbox data, in reference order. */
export const SANDBOX_PLATFORMS: ReadonlyMap<string, SandboxPlatform> = new Map(
  PLATFORMS.map(({ key }) => {
    const raw = RAW[key];
    if (!raw) throw new Error(`No sandbox data for the platform ${key}`);
    return [key, loadSandboxPlatform(key, raw.platform, raw.interests)] as const;
  }),
);

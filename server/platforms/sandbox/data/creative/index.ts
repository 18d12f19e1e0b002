export { googleCreative } from './google';
export { linkedinCreative } from './linkedin';
export { metaCreative } from './meta';
export { microsoftCreative } from './microsoft';
export { pinterestCreative } from './pinterest';
export { snapchatCreative } from './snapchat';
export { tiktokCreative } from './tiktok';

import type { CreativeSpecs } from '@contract/creative';
import { googleCreative } from './google';
import { linkedinCreative } from './linkedin';
import { metaCreative } from './meta';
import { microsoftCreative } from './microsoft';
import { pinterestCreative } from './pinterest';
import { snapchatCreative } from './snapchat';
import { tiktokCreative } from './tiktok';

/** Every sandbox platform's creative specs, by key. */
export const SANDBOX_CREATIVE: Readonly<Record<string, CreativeSpecs>> = {
  meta: metaCreative,
  google: googleCreative,
  microsoft: microsoftCreative,
  tiktok: tiktokCreative,
  linkedin: linkedinCreative,
  snapchat: snapchatCreative,
  pinterest: pinterestCreative,
};

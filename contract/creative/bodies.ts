import * as v from 'valibot';
import { CONTROL_CHARACTERS, PlatformKey, stepObject, Version } from '../planning/bodies';
import { parseHttpsUrl } from './utm';

/**
 * The creative step's save (`PUT /planning/wizard/{campaignId}/creative`): every ad of the plan, per
 * platform. These schemas check each value's shape; the platform's specs (formats, text limits, asset
 * sizes, calls to action) are in checks.ts, shared by the browser and the server. Error paths are dot
 * paths: `ads.0.texts.headline.2`, `ads.1.assets.0.assetId`, `ads.1.destinationUrl`.
 */

export const MAX_ADS = 100;
/** Above every platform's hard limit (LinkedIn's 600-character introduction is the longest we plan). */
export const MAX_TEXT_LENGTH = 5000;

const Focal = v.pipe(
  v.number('Pick the focal point'),
  v.minValue(0, 'Pick the focal point inside the picture'),
  v.maxValue(1, 'Pick the focal point inside the picture'),
);

export const AdAssetSchema = stepObject({
  assetId: v.pipe(v.string('Choose an asset'), v.uuid('Choose an asset from the library')),
  /** The planner's focal point, as fractions of the picture's width and height (0.5, 0.5 = centre). */
  focalX: Focal,
  focalY: Focal,
});
export type AdAsset = v.InferOutput<typeof AdAssetSchema>;

const UtmValue = v.pipe(
  v.string('Enter the parameter or leave it empty'),
  v.trim(),
  v.maxLength(100, 'Use at most 100 characters'),
  v.check((s) => !CONTROL_CHARACTERS.test(s), 'Remove the control characters'),
);

export const UtmSchema = stepObject({
  source: UtmValue,
  medium: UtmValue,
  campaign: UtmValue,
  content: UtmValue,
});

export const AdSchema = stepObject({
  /** The saved ad's id; absent for an ad added since the last save. */
  id: v.optional(v.pipe(v.string(), v.uuid('Unknown ad'))),
  platform: PlatformKey,
  name: v.pipe(
    v.string('Name the ad'),
    v.trim(),
    v.nonEmpty('Name the ad'),
    v.maxLength(100, 'Use at most 100 characters'),
    v.check((s) => !CONTROL_CHARACTERS.test(s), 'Remove the control characters'),
  ),
  format: v.pipe(v.string('Choose a format'), v.nonEmpty('Choose a format'), v.maxLength(50)),
  /** Per text field of the format (specs.ts TextFieldSpec.key), its entries. */
  texts: v.record(
    v.pipe(v.string(), v.maxLength(50)),
    v.pipe(
      v.array(
        v.pipe(
          v.string('Enter the text'),
          v.maxLength(MAX_TEXT_LENGTH, `Use at most ${MAX_TEXT_LENGTH} characters`),
          v.check((s) => !CONTROL_CHARACTERS.test(s), 'Remove the control characters'),
        ),
        'Enter the texts',
      ),
      v.maxLength(20, 'Use at most 20 entries'),
    ),
    'Enter the texts',
  ),
  assets: v.pipe(v.array(AdAssetSchema, 'Choose the assets'), v.maxLength(10, 'Use at most 10 assets')),
  /** Empty while the ad is being written: saved as typed; checks.ts asks for it before Next and the launch. */
  destinationUrl: v.pipe(
    v.string('Enter the destination URL'),
    v.trim(),
    v.maxLength(2048, 'Use at most 2,048 characters'),
    v.check(
      (s) => s === '' || parseHttpsUrl(s) !== null,
      'Enter a full https:// address, such as https://example.com/offer',
    ),
  ),
  /** Null = no UTM parameters added. */
  utm: v.nullable(UtmSchema),
  callToAction: v.pipe(
    v.string('Choose a call to action'),
    v.nonEmpty('Choose a call to action'),
    v.maxLength(50),
  ),
});
export type Ad = v.InferOutput<typeof AdSchema>;

/** `PUT /planning/wizard/{campaignId}/creative` */
export const CreativeStepSchema = stepObject({
  version: Version,
  ads: v.pipe(v.array(AdSchema, 'Add an ad'), v.maxLength(MAX_ADS, `Plan at most ${MAX_ADS} ads`)),
});
export type CreativeStepBody = v.InferOutput<typeof CreativeStepSchema>;

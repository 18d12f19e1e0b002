import * as v from 'valibot';

/**
 * The audience of a plan: one for the campaign (every platform's ad set targets the same people), with
 * interests chosen per platform from that platform's own taxonomy.
 */

export const GENDERS = ['female', 'male'] as const;
export type Gender = (typeof GENDERS)[number];

/** The age range ends at 65, which platforms read as "65 and over". */
export const AGE_MIN = 13;
export const AGE_MAX = 65;

export const AUDIENCE_GUIDANCE = ['too_narrow', 'fits', 'too_broad'] as const;
export type AudienceGuidance = (typeof AUDIENCE_GUIDANCE)[number];

/** `POST /planning/audience-estimates` → one per platform of the request. */
export const AudienceEstimateSchema = v.object({
  platform: v.string(),
  /** The platform's estimated reach, as a range (platforms never give one number). */
  lower: v.number(),
  upper: v.number(),
  guidance: v.picklist(AUDIENCE_GUIDANCE),
  /** What to do about it, e.g. "Too narrow for Meta: add locations or interests to reach at least 1,000 people." */
  message: v.nullable(v.string()),
});
export type AudienceEstimate = v.InferOutput<typeof AudienceEstimateSchema>;

/**
 * A platform that could not estimate (not answering, or not connected where it estimates for an ad account):
 * its reason, in place of its figures; the other platforms' estimates stand.
 */
export const UnavailableEstimateSchema = v.object({
  platform: v.string(),
  /** Why, e.g. "Meta estimates audiences for an ad account: connect Meta under Platforms first." */
  unavailable: v.string(),
});
export type UnavailableEstimate = v.InferOutput<typeof UnavailableEstimateSchema>;
export type AudienceEstimateAnswer = AudienceEstimate | UnavailableEstimate;
export const AudienceEstimatesSchema = v.array(v.union([AudienceEstimateSchema, UnavailableEstimateSchema]));

export const isUnavailableEstimate = (answer: AudienceEstimateAnswer): answer is UnavailableEstimate =>
  'unavailable' in answer;

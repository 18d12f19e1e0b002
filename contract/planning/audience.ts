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
export const AudienceEstimatesSchema = v.array(AudienceEstimateSchema);

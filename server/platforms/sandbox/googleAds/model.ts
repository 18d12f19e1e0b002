import { minorDigitsOf } from '@contract/exchange/amounts';
import { daysInclusive, type Gender } from '@contract/planning';
import type { PlatformAd, PlatformCampaignRequest } from '../../connector';
import { agesOf, countryOfGeoTarget, languageOfConstant } from '../../googleAds/constants';
import { googleCreative } from '../data/creative/google';

/**
 * The stand-in's resources in the API's own JSON, and how it reads a campaign back into the plan our other
 * sandbox rules check (adSetProblems, adProblems) and deliver (delivery.ts): only from what Google would
 * know — the budget, the schedule, the criteria, the ads.
 */
export interface Resource {
  resourceName: string;
  customerId: string;
  /** GAQL resource: campaign_budget, campaign, campaign_criterion, ad_group, ad_group_criterion, ad_group_ad, asset. */
  kind: string;
  campaignId: string | null;
  fields: Record<string, unknown>;
  /** Changed by this request (to be written). */
  dirty?: boolean;
  /** Removed by this request (criteria: deleted). */
  gone?: boolean;
  /** Created by this request. */
  created?: boolean;
}

/** mutateOperations keys → GAQL resource, result key and resource-name collection. */
export const OPERATIONS: Record<string, { kind: string; result: string; collection: string }> = {
  campaignBudgetOperation: {
    kind: 'campaign_budget',
    result: 'campaignBudgetResult',
    collection: 'campaignBudgets',
  },
  campaignOperation: { kind: 'campaign', result: 'campaignResult', collection: 'campaigns' },
  campaignCriterionOperation: {
    kind: 'campaign_criterion',
    result: 'campaignCriterionResult',
    collection: 'campaignCriteria',
  },
  adGroupOperation: { kind: 'ad_group', result: 'adGroupResult', collection: 'adGroups' },
  adGroupCriterionOperation: {
    kind: 'ad_group_criterion',
    result: 'adGroupCriterionResult',
    collection: 'adGroupCriteria',
  },
  adGroupAdOperation: { kind: 'ad_group_ad', result: 'adGroupAdResult', collection: 'adGroupAds' },
  assetOperation: { kind: 'asset', result: 'assetResult', collection: 'assets' },
};

/** The fields each GAQL resource offers (snake_case, as queried), and which resources a FROM may join. */
export const FIELDS: Record<string, readonly string[]> = {
  customer: [
    'resource_name',
    'id',
    'descriptive_name',
    'currency_code',
    'time_zone',
    'manager',
    'status',
    'test_account',
  ],
  customer_client: [
    'resource_name',
    'client_customer',
    'id',
    'descriptive_name',
    'currency_code',
    'time_zone',
    'manager',
    'level',
    'status',
    'test_account',
    'hidden',
  ],
  campaign: [
    'resource_name',
    'id',
    'name',
    'status',
    'primary_status',
    'serving_status',
    'advertising_channel_type',
    'campaign_budget',
    'start_date_time',
    'end_date_time',
    'bidding_strategy_type',
    'contains_eu_political_advertising',
  ],
  campaign_budget: ['resource_name', 'id', 'name', 'amount_micros', 'explicitly_shared', 'delivery_method'],
  campaign_criterion: [
    'resource_name',
    'campaign',
    'criterion_id',
    'type',
    'negative',
    'location.geo_target_constant',
    'language.language_constant',
  ],
  ad_group: ['resource_name', 'id', 'name', 'campaign', 'status'],
  ad_group_criterion: [
    'resource_name',
    'ad_group',
    'criterion_id',
    'type',
    'negative',
    'status',
    'age_range.type',
    'gender.type',
    'user_interest.user_interest_category',
  ],
  ad_group_ad: [
    'resource_name',
    'ad_group',
    'status',
    'ad.id',
    'ad.type',
    'ad.final_urls',
    'ad.responsive_search_ad.headlines',
    'ad.responsive_search_ad.descriptions',
    'ad.responsive_search_ad.path1',
    'ad.responsive_search_ad.path2',
    'ad.responsive_display_ad.headlines',
    'ad.responsive_display_ad.long_headline',
    'ad.responsive_display_ad.descriptions',
    'ad.responsive_display_ad.business_name',
    'ad.responsive_display_ad.call_to_action_text',
    'ad.responsive_display_ad.marketing_images',
    'ad.responsive_display_ad.square_marketing_images',
    'policy_summary.approval_status',
    'policy_summary.review_status',
    'policy_summary.policy_topic_entries',
  ],
  asset: ['resource_name', 'id', 'name', 'type'],
  user_interest: [
    'resource_name',
    'user_interest_id',
    'name',
    'taxonomy_type',
    'user_interest_parent',
    'launched_to_all',
  ],
  metrics: ['cost_micros', 'impressions', 'clicks', 'conversions', 'unique_users'],
  segments: ['date'],
};

export const JOINS: Record<string, readonly string[]> = {
  customer: ['customer'],
  customer_client: ['customer_client', 'customer'],
  campaign: ['campaign', 'campaign_budget', 'customer', 'metrics', 'segments'],
  campaign_budget: ['campaign_budget', 'customer'],
  campaign_criterion: ['campaign_criterion', 'campaign', 'customer'],
  ad_group: ['ad_group', 'campaign', 'customer'],
  ad_group_criterion: ['ad_group_criterion', 'ad_group', 'campaign', 'customer'],
  ad_group_ad: ['ad_group_ad', 'ad_group', 'campaign', 'customer'],
  asset: ['asset', 'customer'],
  user_interest: ['user_interest'],
};

const lastId = (resourceName: unknown) =>
  String(resourceName ?? '')
    .split('/')
    .at(-1) ?? '';

const AGE_CRITERION_IDS: Record<string, string> = {
  AGE_RANGE_18_24: '503001',
  AGE_RANGE_25_34: '503002',
  AGE_RANGE_35_44: '503003',
  AGE_RANGE_45_54: '503004',
  AGE_RANGE_55_64: '503005',
  AGE_RANGE_65_UP: '503006',
};
const GENDER_CRITERION_IDS: Record<string, string> = { MALE: '10', FEMALE: '11' };

/** A criterion's output fields (`type`, `criterionId`) from the one criterion it carries. */
export function criterionOutput(
  fields: Record<string, unknown>,
): { type: string; criterionId: string } | null {
  const location = fields.location as { geoTargetConstant?: string } | undefined;
  const language = fields.language as { languageConstant?: string } | undefined;
  const ageRange = fields.ageRange as { type?: string } | undefined;
  const gender = fields.gender as { type?: string } | undefined;
  const interest = fields.userInterest as { userInterestCategory?: string } | undefined;
  if (location?.geoTargetConstant)
    return { type: 'LOCATION', criterionId: lastId(location.geoTargetConstant) };
  if (language?.languageConstant) return { type: 'LANGUAGE', criterionId: lastId(language.languageConstant) };
  if (ageRange?.type && AGE_CRITERION_IDS[ageRange.type])
    return { type: 'AGE_RANGE', criterionId: AGE_CRITERION_IDS[ageRange.type]! };
  if (gender?.type && GENDER_CRITERION_IDS[gender.type])
    return { type: 'GENDER', criterionId: GENDER_CRITERION_IDS[gender.type]! };
  if (interest?.userInterestCategory)
    return { type: 'USER_INTEREST', criterionId: lastId(interest.userInterestCategory) };
  return null;
}

const CTA_BY_LABEL = new Map(googleCreative.callsToAction.map((cta) => [cta.label, cta.key]));
const texts = (list: unknown) =>
  Array.isArray(list) ? list.map((item) => String((item as { text?: unknown }).text ?? '')) : [];

/** The plan a campaign's resources describe, for the sandbox's rules and delivery. */
export function planOf(
  campaign: Resource,
  all: Iterable<Resource>,
  currency: string,
  assetFacts: ReadonlyMap<string, Record<string, unknown>>,
): PlatformCampaignRequest {
  const resources = [...all].filter((r) => !r.gone);
  const c = campaign.fields;
  const startDate = typeof c.startDateTime === 'string' ? c.startDateTime.slice(0, 10) : null;
  const endDate = typeof c.endDateTime === 'string' ? c.endDateTime.slice(0, 10) : null;
  const budget = resources.find((r) => r.resourceName === c.campaignBudget)?.fields ?? {};
  const dailyMinor = Math.floor(Number(budget.amountMicros ?? 0) / 10 ** (6 - minorDigitsOf(currency)));
  const days = startDate && endDate && endDate >= startDate ? daysInclusive(startDate, endDate) : 1;
  const budgetMinor = dailyMinor * days;
  const own = (kind: string) =>
    resources.filter((r) => r.kind === kind && r.campaignId === campaign.fields.id);
  const campaignCriteria = own('campaign_criterion').filter((r) => !r.fields.negative);
  const adGroupCriteria = own('ad_group_criterion').filter((r) => !r.fields.negative);
  const locations = campaignCriteria.flatMap((r) => {
    const geo = (r.fields.location as { geoTargetConstant?: string } | undefined)?.geoTargetConstant;
    return geo ? [countryOfGeoTarget(geo) ?? geo] : [];
  });
  const languages = campaignCriteria.flatMap((r) => {
    const lang = (r.fields.language as { languageConstant?: string } | undefined)?.languageConstant;
    return lang ? [languageOfConstant(lang) ?? lang] : [];
  });
  const ages = adGroupCriteria.flatMap((r) => {
    const type = (r.fields.ageRange as { type?: string } | undefined)?.type;
    return type ? [type] : [];
  });
  const genderTypes = adGroupCriteria.flatMap((r) => {
    const type = (r.fields.gender as { type?: string } | undefined)?.type;
    return type ? [type] : [];
  });
  const genders: Gender[] = genderTypes.length === 1 ? [genderTypes[0] === 'FEMALE' ? 'female' : 'male'] : [];
  const interests = adGroupCriteria.flatMap((r) => {
    const category = (r.fields.userInterest as { userInterestCategory?: string } | undefined)
      ?.userInterestCategory;
    return category ? [lastId(category)] : [];
  });
  const targetCpa = c.targetCpa as { targetCpaMicros?: string } | undefined;
  const channel = String(c.advertisingChannelType ?? '');
  const clicks = c.targetSpend !== undefined;
  // Google knows the campaign type and the bidding, not our objective: the nearest one.
  const objectiveId =
    channel === 'DEMAND_GEN' ? 3 : channel === 'DISPLAY' ? (clicks ? 1 : 6) : clicks ? 2 : 6;
  const adSet =
    locations.length > 0
      ? {
          audience: { locations, ...agesOf(ages), genders, languages, interests },
          bidStrategy: targetCpa ? ('cost_cap' as const) : ('lowest_cost' as const),
          costCapMinor: targetCpa
            ? Math.round(Number(targetCpa.targetCpaMicros ?? 0) / 10 ** (6 - minorDigitsOf(currency)))
            : null,
          flights:
            startDate && endDate
              ? [{ startDate, endDate, amountMinor: budgetMinor, pacing: 'even' as const }]
              : [],
        }
      : null;
  const ads: PlatformAd[] = own('ad_group_ad')
    .filter((r) => r.fields.status !== 'REMOVED')
    .map((r, index): PlatformAd => {
      const ad = (r.fields.ad ?? {}) as Record<string, unknown>;
      const destination = String((ad.finalUrls as string[] | undefined)?.[0] ?? '');
      const name = `Ad ${index + 1}`;
      if (ad.responsiveSearchAd) {
        const rsa = ad.responsiveSearchAd as Record<string, unknown>;
        return {
          name,
          format: 'responsive_search',
          texts: {
            headline: texts(rsa.headlines),
            description: texts(rsa.descriptions),
            path: [rsa.path1, rsa.path2].filter((p): p is string => typeof p === 'string'),
          },
          destination,
          callToAction: 'AUTOMATED',
          media: [],
        };
      }
      const rda = (ad.responsiveDisplayAd ?? {}) as Record<string, unknown>;
      const image = String((rda.marketingImages as { asset?: string }[] | undefined)?.[0]?.asset ?? '');
      const facts = assetFacts.get(image);
      return {
        name,
        format: 'single_image',
        texts: {
          headline: texts(rda.headlines),
          longHeadline: texts(rda.longHeadline ? [rda.longHeadline] : []),
          description: texts(rda.descriptions),
          businessName: typeof rda.businessName === 'string' ? [rda.businessName] : [],
        },
        destination,
        callToAction:
          typeof rda.callToActionText === 'string'
            ? (CTA_BY_LABEL.get(rda.callToActionText) ?? rda.callToActionText)
            : 'AUTOMATED',
        media: facts
          ? [
              {
                assetId: lastId(image),
                kind: 'image' as const,
                mimeType: String(facts.mimeType) as PlatformAd['media'][number]['mimeType'],
                width: Number(facts.width),
                height: Number(facts.height),
                durationMs: null,
                byteSize: Number(facts.byteSize),
                url: '',
                focalX: 0.5,
                focalY: 0.5,
                crops: [],
              },
            ]
          : [],
      };
    });
  return {
    reference: campaign.resourceName,
    campaignId: String(c.id),
    name: String(c.name ?? ''),
    objectiveId,
    startDate,
    endDate,
    budgetMinor,
    currency,
    adSet,
    ads,
  };
}

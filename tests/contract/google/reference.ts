/**
 * Facts of the Google Ads API's REST interface (v25), typed by the team from Google's published reference —
 * the googleapis/googleapis v25 protos (google/ads/googleads/v25/{services,resources,common,enums,errors})
 * and developers.google.com/google-ads/api (call structure, REST examples, JSON mappings, error types), as
 * collected in /work/notes/issue29-googleads-facts.md. No file is copied: these are the facts the connector's
 * requests and the stand-in's answers are both checked against (check.ts), so they cannot drift together.
 *
 * JSON mapping (proto3): fields lowerCamelCase; int64 as decimal strings; enums as their names; bytes as
 * base64; google.protobuf.Duration as "<seconds>s"; FieldMask as comma-separated lowerCamel paths.
 */

/** A field's type on the wire. */
export type FieldType =
  | { kind: 'string'; pattern?: RegExp }
  | { kind: 'int64' }
  | { kind: 'double' }
  | { kind: 'bool' }
  | { kind: 'bytes' }
  | { kind: 'enum'; values: readonly string[] }
  | { kind: 'message'; fields: MessageFields; required?: readonly string[] }
  | { kind: 'repeated'; of: FieldType; min?: number; max?: number };

export type MessageFields = Readonly<Record<string, FieldType>>;

const str = (pattern?: RegExp): FieldType => (pattern ? { kind: 'string', pattern } : { kind: 'string' });
const int64: FieldType = { kind: 'int64' };
const bool: FieldType = { kind: 'bool' };
const enumOf = (...values: string[]): FieldType => ({ kind: 'enum', values });
const message = (fields: MessageFields, required: readonly string[] = []): FieldType => ({
  kind: 'message',
  fields,
  required,
});
const repeated = (of: FieldType, min?: number, max?: number): FieldType => ({
  kind: 'repeated',
  of,
  ...(min !== undefined ? { min } : {}),
  ...(max !== undefined ? { max } : {}),
});

/** Customer ids: 10 digits, no dashes, in paths, headers and resource names (call-structure doc). */
export const CUSTOMER_ID = /^\d{10}$/;
/** A resource name or a temporary one (negative id, googleAds:mutate only). */
const resourceOf = (collection: string) => new RegExp(`^customers/\\d{10}/${collection}/-?\\d+$`);
const compositeOf = (collection: string) => new RegExp(`^customers/\\d{10}/${collection}/-?\\d+~-?\\d+$`);

/** The calls (proto http rules, services/*.proto). */
export const ENDPOINTS = [
  { method: 'GET', path: /^\/v\d+\/customers:listAccessibleCustomers$/, name: 'listAccessibleCustomers' },
  { method: 'POST', path: /^\/v\d+\/customers\/(\d+)\/googleAds:mutate$/, name: 'mutate' },
  { method: 'POST', path: /^\/v\d+\/customers\/(\d+)\/googleAds:search$/, name: 'search' },
  { method: 'POST', path: /^\/v\d+\/customers\/(\d+)\/googleAds:searchStream$/, name: 'searchStream' },
] as const;

export const VERSION_SEGMENT = /^\/v\d{2,3}\//;

/** Request headers (call-structure doc, REST examples). */
export const HEADERS = {
  authorization: /^Bearer \S+$/,
  'developer-token': /^\S+$/,
  /** When the account is reached through a manager. */
  'login-customer-id': CUSTOMER_ID,
  /** POST only. */
  'content-type': /^application\/json/,
};

/** enums/campaign_status.proto, advertising_channel_type.proto … (names only; UNSPECIFIED/UNKNOWN not sendable). */
export const ENUMS = {
  campaignStatus: ['ENABLED', 'PAUSED', 'REMOVED'],
  /** VIDEO exists but cannot be created or updated through the API (video overview doc). */
  advertisingChannelTypeCreatable: [
    'SEARCH',
    'DISPLAY',
    'SHOPPING',
    'HOTEL',
    'MULTI_CHANNEL',
    'LOCAL',
    'SMART',
    'PERFORMANCE_MAX',
    'LOCAL_SERVICES',
    'TRAVEL',
    'DEMAND_GEN',
  ],
  advertisingChannelType: [
    'SEARCH',
    'DISPLAY',
    'SHOPPING',
    'HOTEL',
    'VIDEO',
    'MULTI_CHANNEL',
    'LOCAL',
    'SMART',
    'PERFORMANCE_MAX',
    'LOCAL_SERVICES',
    'TRAVEL',
    'DEMAND_GEN',
  ],
  euPoliticalAdvertising: ['CONTAINS_EU_POLITICAL_ADVERTISING', 'DOES_NOT_CONTAIN_EU_POLITICAL_ADVERTISING'],
  budgetDeliveryMethod: ['STANDARD', 'ACCELERATED'],
  adGroupStatus: ['ENABLED', 'PAUSED', 'REMOVED'],
  adGroupType: ['SEARCH_STANDARD', 'DISPLAY_STANDARD', 'VIDEO_TRUE_VIEW_IN_STREAM', 'SHOPPING_PRODUCT_ADS'],
  adGroupAdStatus: ['ENABLED', 'PAUSED', 'REMOVED'],
  adGroupCriterionStatus: ['ENABLED', 'PAUSED', 'REMOVED'],
  ageRangeType: [
    'AGE_RANGE_18_24',
    'AGE_RANGE_25_34',
    'AGE_RANGE_35_44',
    'AGE_RANGE_45_54',
    'AGE_RANGE_55_64',
    'AGE_RANGE_65_UP',
    'AGE_RANGE_UNDETERMINED',
  ],
  genderType: ['MALE', 'FEMALE', 'UNDETERMINED'],
  policyApprovalStatus: ['UNKNOWN', 'DISAPPROVED', 'APPROVED_LIMITED', 'APPROVED', 'AREA_OF_INTEREST_ONLY'],
  policyReviewStatus: ['UNKNOWN', 'REVIEW_IN_PROGRESS', 'REVIEWED', 'UNDER_APPEAL', 'ELIGIBLE_MAY_SERVE'],
  campaignPrimaryStatus: [
    'ELIGIBLE',
    'PAUSED',
    'REMOVED',
    'ENDED',
    'PENDING',
    'MISCONFIGURED',
    'LIMITED',
    'LEARNING',
    'NOT_ELIGIBLE',
  ],
  campaignServingStatus: ['SERVING', 'NONE', 'ENDED', 'PENDING', 'SUSPENDED'],
  customerStatus: ['ENABLED', 'CANCELED', 'SUSPENDED', 'CLOSED'],
  // enums/user_interest_taxonomy_type.proto
  userInterestTaxonomyType: [
    'AFFINITY',
    'IN_MARKET',
    'MOBILE_APP_INSTALL_USER',
    'VERTICAL_GEO',
    'NEW_SMART_PHONE_USER',
  ],
} as const;

/** `yyyy-MM-dd HH:mm:ss` (v23+ campaign.start_date_time / end_date_time). */
export const DATE_TIME = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;
export const DATE = /^\d{4}-\d{2}-\d{2}$/;

const adTextAsset = message({ text: str(), pinnedField: str() }, ['text']);
const adImageAsset = message({ asset: str(resourceOf('assets')) }, ['asset']);

/** The resources the connector writes (resources/*.proto), as create/update bodies. */
export const RESOURCES: Record<string, { fields: MessageFields; requiredOnCreate: readonly string[] }> = {
  campaignBudget: {
    fields: {
      resourceName: str(resourceOf('campaignBudgets')),
      name: str(),
      amountMicros: int64,
      totalAmountMicros: int64,
      deliveryMethod: enumOf(...ENUMS.budgetDeliveryMethod),
      explicitlyShared: bool,
      period: enumOf('DAILY', 'CUSTOM_PERIOD'),
    },
    requiredOnCreate: ['amountMicros'],
  },
  campaign: {
    fields: {
      resourceName: str(resourceOf('campaigns')),
      name: str(/^[^\0\n\r]+$/),
      status: enumOf(...ENUMS.campaignStatus),
      advertisingChannelType: enumOf(...ENUMS.advertisingChannelTypeCreatable),
      campaignBudget: str(resourceOf('campaignBudgets')),
      containsEuPoliticalAdvertising: enumOf(...ENUMS.euPoliticalAdvertising),
      startDateTime: str(DATE_TIME),
      endDateTime: str(DATE_TIME),
      networkSettings: message({
        targetGoogleSearch: bool,
        targetSearchNetwork: bool,
        targetContentNetwork: bool,
        targetPartnerSearchNetwork: bool,
        targetYoutube: bool,
        targetGoogleTvNetwork: bool,
      }),
      finalUrlSuffix: str(),
      // The bidding oneof (common/bidding.proto): exactly one on create.
      targetSpend: message({ cpcBidCeilingMicros: int64 }),
      maximizeConversions: message({ targetCpaMicros: int64 }),
      targetCpa: message({ targetCpaMicros: int64 }, ['targetCpaMicros']),
      manualCpc: message({ enhancedCpcEnabled: bool }),
    },
    requiredOnCreate: ['name', 'advertisingChannelType', 'campaignBudget', 'containsEuPoliticalAdvertising'],
  },
  campaignCriterion: {
    fields: {
      resourceName: str(compositeOf('campaignCriteria')),
      campaign: str(resourceOf('campaigns')),
      negative: bool,
      location: message({ geoTargetConstant: str(/^geoTargetConstants\/\d+$/) }, ['geoTargetConstant']),
      language: message({ languageConstant: str(/^languageConstants\/\d+$/) }, ['languageConstant']),
    },
    requiredOnCreate: ['campaign'],
  },
  adGroup: {
    fields: {
      resourceName: str(resourceOf('adGroups')),
      campaign: str(resourceOf('campaigns')),
      name: str(/^[^\0\n\r]+$/),
      status: enumOf(...ENUMS.adGroupStatus),
      type: enumOf(...ENUMS.adGroupType),
    },
    requiredOnCreate: ['campaign', 'name'],
  },
  adGroupCriterion: {
    fields: {
      resourceName: str(compositeOf('adGroupCriteria')),
      adGroup: str(resourceOf('adGroups')),
      status: enumOf(...ENUMS.adGroupCriterionStatus),
      negative: bool,
      ageRange: message({ type: enumOf(...ENUMS.ageRangeType) }, ['type']),
      gender: message({ type: enumOf(...ENUMS.genderType) }, ['type']),
      userInterest: message({ userInterestCategory: str(/^customers\/\d{10}\/userInterests\/\d+$/) }, [
        'userInterestCategory',
      ]),
    },
    requiredOnCreate: ['adGroup'],
  },
  adGroupAd: {
    fields: {
      resourceName: str(compositeOf('adGroupAds')),
      adGroup: str(resourceOf('adGroups')),
      status: enumOf(...ENUMS.adGroupAdStatus),
      ad: message(
        {
          finalUrls: repeated(str(/^https?:\/\//), 1),
          finalUrlSuffix: str(),
          // common/ad_type_infos.proto; counts from the proto comments and the RSA overview doc.
          responsiveSearchAd: message(
            {
              headlines: repeated(adTextAsset, 3, 15),
              descriptions: repeated(adTextAsset, 2, 4),
              path1: str(),
              path2: str(),
            },
            ['headlines', 'descriptions'],
          ),
          responsiveDisplayAd: message(
            {
              marketingImages: repeated(adImageAsset, 1, 15),
              squareMarketingImages: repeated(adImageAsset, 1, 15),
              logoImages: repeated(adImageAsset, 0, 5),
              squareLogoImages: repeated(adImageAsset, 0, 5),
              headlines: repeated(adTextAsset, 1, 5),
              longHeadline: adTextAsset,
              descriptions: repeated(adTextAsset, 1, 5),
              businessName: str(),
              callToActionText: str(),
            },
            [
              'marketingImages',
              'squareMarketingImages',
              'headlines',
              'longHeadline',
              'descriptions',
              'businessName',
            ],
          ),
        },
        ['finalUrls'],
      ),
    },
    requiredOnCreate: ['adGroup', 'ad'],
  },
  asset: {
    fields: {
      resourceName: str(resourceOf('assets')),
      name: str(),
      // Asset.type is OUTPUT_ONLY in v25: not sent.
      imageAsset: message({ data: { kind: 'bytes' } }, ['data']),
    },
    requiredOnCreate: ['imageAsset'],
  },
};

/** MutateOperation's oneof (services/google_ads_service.proto) → the resource each operation carries. */
export const MUTATE_OPERATIONS: Record<string, { resource: string; result: string; removable: boolean }> = {
  campaignBudgetOperation: { resource: 'campaignBudget', result: 'campaignBudgetResult', removable: true },
  campaignOperation: { resource: 'campaign', result: 'campaignResult', removable: true },
  campaignCriterionOperation: {
    resource: 'campaignCriterion',
    result: 'campaignCriterionResult',
    removable: true,
  },
  adGroupOperation: { resource: 'adGroup', result: 'adGroupResult', removable: true },
  adGroupCriterionOperation: {
    resource: 'adGroupCriterion',
    result: 'adGroupCriterionResult',
    removable: true,
  },
  adGroupAdOperation: { resource: 'adGroupAd', result: 'adGroupAdResult', removable: true },
  // Asset has no remove (AssetOperation: create, update only).
  assetOperation: { resource: 'asset', result: 'assetResult', removable: false },
};

/** MutateGoogleAdsRequest (customer id is in the path). */
export const MUTATE_REQUEST_FIELDS = [
  'mutateOperations',
  'partialFailure',
  'validateOnly',
  'responseContentType',
];
/** SearchGoogleAdsRequest / SearchGoogleAdsStreamRequest: `pageSize` is refused (PAGE_SIZE_NOT_SUPPORTED). */
export const SEARCH_REQUEST_FIELDS = [
  'query',
  'pageToken',
  'validateOnly',
  'returnTotalResultsCount',
  'summaryRowSetting',
  'searchSettings',
];
export const SEARCH_STREAM_REQUEST_FIELDS = ['query', 'summaryRowSetting'];

/**
 * GAQL resources and fields the connector queries (snake_case in queries; resources/*.proto, metrics.proto,
 * segments.proto). A query's SELECT and WHERE fields must be these.
 */
export const GAQL_FIELDS: Record<string, readonly string[]> = {
  customer: [
    'id',
    'descriptive_name',
    'currency_code',
    'time_zone',
    'manager',
    'status',
    'test_account',
    'resource_name',
  ],
  customer_client: [
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
    'resource_name',
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
  ],
  campaign_budget: ['resource_name', 'id', 'amount_micros', 'explicitly_shared'],
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
    'age_range.type',
    'gender.type',
    'user_interest.user_interest_category',
  ],
  // The ad's own fields (resources/ad.proto, its responsive search and display ad infos): what a change reads
  // to recognise the ads it keeps.
  ad_group_ad: [
    'resource_name',
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
  // resources/asset.proto: the name an image asset was uploaded with (how a change recognises an ad's pictures).
  asset: ['resource_name', 'id', 'name', 'type'],
  // resources/user_interest.proto: every field output only; the parent is a resource name (the hierarchy).
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

/** Which resources' fields a FROM resource may select ("attributed resources" in the GAQL reference). */
export const GAQL_FROM: Record<string, readonly string[]> = {
  customer: ['customer'],
  customer_client: ['customer_client', 'customer'],
  campaign: ['campaign', 'campaign_budget', 'customer', 'metrics', 'segments'],
  campaign_criterion: ['campaign_criterion', 'campaign', 'customer'],
  ad_group: ['ad_group', 'campaign', 'customer'],
  ad_group_criterion: ['ad_group_criterion', 'ad_group', 'campaign', 'customer'],
  ad_group_ad: ['ad_group_ad', 'ad_group', 'campaign', 'customer'],
  asset: ['asset', 'customer'],
  user_interest: ['user_interest'],
};

/** DURING takes only these literals (date-ranges doc). */
export const DURING_LITERALS = [
  'TODAY',
  'YESTERDAY',
  'LAST_7_DAYS',
  'LAST_BUSINESS_WEEK',
  'THIS_MONTH',
  'LAST_MONTH',
  'LAST_14_DAYS',
  'LAST_30_DAYS',
  'THIS_WEEK_SUN_TODAY',
  'THIS_WEEK_MON_TODAY',
  'LAST_WEEK_SUN_SAT',
  'LAST_WEEK_MON_SUN',
];

/** Types of answer row values (lowerCamel paths), beyond ids (int64 strings). */
export const ROW_VALUES: Record<string, FieldType> = {
  'customer.id': int64,
  'customer.manager': bool,
  'customer.currencyCode': str(/^[A-Z]{3}$/),
  'customer.status': enumOf(...ENUMS.customerStatus),
  'customerClient.id': int64,
  'customerClient.level': int64,
  'customerClient.manager': bool,
  'customerClient.status': enumOf(...ENUMS.customerStatus),
  'customerClient.currencyCode': str(/^[A-Z]{3}$/),
  'campaign.id': int64,
  'campaign.status': enumOf(...ENUMS.campaignStatus),
  'campaign.primaryStatus': enumOf(...ENUMS.campaignPrimaryStatus),
  'campaign.servingStatus': enumOf(...ENUMS.campaignServingStatus),
  'campaign.advertisingChannelType': enumOf(...ENUMS.advertisingChannelType),
  'campaign.startDateTime': str(DATE_TIME),
  'campaign.endDateTime': str(DATE_TIME),
  'campaignBudget.amountMicros': int64,
  'adGroupAd.status': enumOf(...ENUMS.adGroupAdStatus),
  'adGroupAd.policySummary.approvalStatus': enumOf(...ENUMS.policyApprovalStatus),
  'adGroupAd.policySummary.reviewStatus': enumOf(...ENUMS.policyReviewStatus),
  'metrics.costMicros': int64,
  'metrics.impressions': int64,
  'metrics.clicks': int64,
  'metrics.conversions': { kind: 'double' },
  'metrics.uniqueUsers': int64,
  'segments.date': str(DATE),
  'userInterest.resourceName': str(/^customers\/\d{10}\/userInterests\/\d+$/),
  'userInterest.userInterestId': int64,
  'userInterest.taxonomyType': enumOf(...ENUMS.userInterestTaxonomyType),
  'userInterest.userInterestParent': str(/^customers\/\d{10}\/userInterests\/\d+$/),
  'userInterest.launchedToAll': bool,
};

/** google.rpc.Code ↔ HTTP status (google/rpc/code.proto). */
export const ERROR_STATUS: Record<number, string> = {
  400: 'INVALID_ARGUMENT',
  401: 'UNAUTHENTICATED',
  403: 'PERMISSION_DENIED',
  404: 'NOT_FOUND',
  429: 'RESOURCE_EXHAUSTED',
  500: 'INTERNAL',
  503: 'UNAVAILABLE',
  504: 'DEADLINE_EXCEEDED',
};

export const GOOGLE_ADS_FAILURE_TYPE =
  /^type\.googleapis\.com\/google\.ads\.googleads\.v\d+\.errors\.GoogleAdsFailure$/;
/** ErrorCode's oneof categories (errors/errors.proto), lowerCamel. */
export const ERROR_CATEGORIES = [
  'requestError',
  'biddingError',
  'dateError',
  'dateRangeError',
  'fieldError',
  'fieldMaskError',
  'mutateError',
  'authenticationError',
  'authorizationError',
  'headerError',
  'quotaError',
  'internalError',
  'rangeError',
  'queryError',
  'campaignError',
  'campaignBudgetError',
  'criterionError',
  'adError',
  'adGroupError',
  'adGroupAdError',
  'assetError',
  'mediaUploadError',
  'stringLengthError',
  'urlFieldError',
  'policyFindingError',
  'databaseError',
  'resourceCountLimitExceededError',
  'notEmptyError',
  'nullError',
];
/** Error enum values are UPPER_SNAKE names; field path elements are proto (snake_case) names. */
export const ERROR_CODE_VALUE = /^[A-Z][A-Z0-9_]*$/;
export const FIELD_PATH_NAME = /^[a-z][a-z0-9_]*$/;
/** google.protobuf.Duration in JSON. */
export const DURATION = /^\d+(\.\d+)?s$/;

import * as v from 'valibot';
import { isCalendarDate } from '../resources';

/**
 * What we emit and import of MediaPlan Schema v3.0 (planmatic/mediaplanschema, schemas/3.0:
 * mediaplan.schema.json with campaign, lineitem and dictionary), written from the standard's field
 * definitions. Required fields are the standard's; the optional ones are those a plan of ours carries or
 * an import reads. Unknown fields of another tool's document are accepted and ignored (the standard does
 * not close its objects), and `dictionary` is accepted but not read: we emit no custom fields. The
 * standard's own example (examples/example_mediaplan_v3.0.json) is tests/fixtures/mediaplan/.
 */

/** `meta.schema_version`: the standard's current version, spelled as its examples and schema_versions.json. */
export const MEDIAPLAN_SCHEMA_VERSION = '3.0';

/** The standard's `location_type` of a line item (lineitem.schema.json). */
export const LINE_ITEM_LOCATION_TYPES = ['Country', 'State'] as const;
/** The standard's `location_type` of a campaign's target location (campaign.schema.json). */
export const TARGET_LOCATION_TYPES = [
  'Country',
  'State',
  'DMA',
  'County',
  'Postcode',
  'Radius',
  'POI',
] as const;
/** The standard's `demo_gender` of a target audience. */
export const DEMO_GENDERS = ['Male', 'Female', 'Any'] as const;

/** The standard's planned metrics we read and write (its `metric_*` numbers). */
export const METRIC_FIELDS = [
  'metric_impressions',
  'metric_clicks',
  'metric_views',
  'metric_reach',
  'metric_engagements',
  'metric_visits',
  'metric_leads',
  'metric_sales',
  'metric_app_install',
  'metric_conversions',
  'metric_max_daily_spend',
  'metric_audience_size',
] as const;

const Text = (missing: string) => v.pipe(v.string(missing), v.trim(), v.nonEmpty(missing));
const OptionalText = v.optional(v.string('Use text here'));
const Day = (missing: string) =>
  v.pipe(v.string(missing), v.check(isCalendarDate, 'Use a date in the form YYYY-MM-DD'));
const Amount = (missing: string) =>
  v.pipe(
    v.number(missing),
    v.finite(missing),
    v.minValue(0, 'Amounts cannot be negative'),
    v.maxValue(1e11, 'That amount is too large'),
  );
const OptionalNumber = v.optional(v.pipe(v.number('Use a number here'), v.finite('Use a number here')));

export const MediaPlanMetaSchema = v.object(
  {
    id: Text('Give the media plan an id (meta.id)'),
    schema_version: v.literal(
      MEDIAPLAN_SCHEMA_VERSION,
      `Only MediaPlan Schema ${MEDIAPLAN_SCHEMA_VERSION} documents can be imported`,
    ),
    name: OptionalText,
    created_by_id: OptionalText,
    created_by_name: v.string('Name who created the plan (created_by_name)'),
    created_at: v.pipe(
      v.string('Say when the plan was created (created_at)'),
      v.isoTimestamp('Use an ISO 8601 date and time'),
    ),
    comments: OptionalText,
    /** The revision chain: whether this is the plan's current version, and the id of the one before. */
    is_current: v.optional(v.boolean('Use true or false (is_current)')),
    is_archived: v.optional(v.boolean('Use true or false (is_archived)')),
    parent_id: OptionalText,
    /** Ours: `flightplan_revision`, `flightplan_parent_revision` (contract/exchange/signOff.ts). */
    custom_properties: v.optional(v.record(v.string(), v.unknown())),
  },
  'Add the document’s meta',
);

export const TargetAudienceSchema = v.object({
  name: v.string('Name the audience'),
  description: OptionalText,
  demo_age_start: v.optional(v.pipe(v.number(), v.integer('Use a whole age'))),
  demo_age_end: v.optional(v.pipe(v.number(), v.integer('Use a whole age'))),
  demo_gender: v.optional(v.picklist(DEMO_GENDERS, `Use one of ${DEMO_GENDERS.join(', ')}`)),
  /** The standard's free text of the audience's interests; ours: "Meta: Travel, Hiking; TikTok: Travel". */
  interest_attributes: OptionalText,
});

export const TargetLocationSchema = v.object({
  name: v.string('Name the location'),
  location_type: v.optional(
    v.picklist(TARGET_LOCATION_TYPES, `Use one of ${TARGET_LOCATION_TYPES.join(', ')}`),
  ),
  location_list: v.optional(v.array(v.string())),
});

export const MediaPlanCampaignSchema = v.object(
  {
    id: Text('Give the campaign an id'),
    name: Text('Name the campaign'),
    objective: OptionalText,
    start_date: Day('Give the campaign’s start date'),
    end_date: Day('Give the campaign’s end date'),
    budget_currency: OptionalText,
    budget_total: Amount('Give the campaign’s total budget'),
    agency_name: OptionalText,
    advertiser_id: OptionalText,
    advertiser_name: OptionalText,
    target_audiences: v.optional(v.array(TargetAudienceSchema)),
    target_locations: v.optional(v.array(TargetLocationSchema)),
    kpi_name1: OptionalText,
    /** The standard's workflow state (free text, e.g. "Draft", "Approved"); ours is the revision's. */
    workflow_status_id: OptionalText,
    workflow_status_name: OptionalText,
  },
  'Add the campaign',
);

const metricEntries = Object.fromEntries(METRIC_FIELDS.map((key) => [key, OptionalNumber])) as Record<
  (typeof METRIC_FIELDS)[number],
  typeof OptionalNumber
>;

export const LineItemSchema = v.object(
  {
    id: Text('Give the line item an id'),
    name: Text('Name the line item'),
    start_date: Day('Give the line item’s start date'),
    end_date: Day('Give the line item’s end date'),
    cost_total: Amount('Give the line item’s total cost'),
    cost_currency: OptionalText,
    /** From the line item's currency to the campaign's: campaign amount = cost_total × rate. */
    cost_currency_exchange_rate: OptionalNumber,
    cost_media: OptionalNumber,
    channel: OptionalText,
    vehicle: OptionalText,
    vehicle_custom: OptionalText,
    partner: OptionalText,
    partner_custom: OptionalText,
    media_product: OptionalText,
    kpi: OptionalText,
    target_audience: OptionalText,
    location_type: v.optional(
      v.picklist(LINE_ITEM_LOCATION_TYPES, `Use one of ${LINE_ITEM_LOCATION_TYPES.join(', ')}`),
    ),
    location_name: OptionalText,
    adformat: OptionalText,
    buy_type: OptionalText,
    ...metricEntries,
    /**
     * Ours: `flightplan_pacing` ('even' | 'front_loaded'), so a round trip keeps each flight's pacing, and
     * `flightplan_interests` ([{ id, name }] of the line item's platform), so it keeps the interests.
     */
    custom_properties: v.optional(v.record(v.string(), v.unknown())),
  },
  'Each line item is an object',
);

export const MediaPlanSchema = v.object(
  {
    meta: MediaPlanMetaSchema,
    campaign: MediaPlanCampaignSchema,
    lineitems: v.pipe(
      v.array(LineItemSchema, 'Add the line items (lineitems)'),
      v.minLength(1, 'Add at least one line item'),
      v.maxLength(200, 'Import at most 200 line items'),
    ),
    dictionary: v.optional(v.record(v.string(), v.unknown())),
  },
  'Send a MediaPlan Schema 3.0 document (a JSON object with meta, campaign and lineitems)',
);

export type MediaPlan = v.InferOutput<typeof MediaPlanSchema>;
export type MediaPlanLineItem = v.InferOutput<typeof LineItemSchema>;
export type MediaPlanCampaign = v.InferOutput<typeof MediaPlanCampaignSchema>;

/** The custom property that carries a flight's pacing through a round trip. */
export const PACING_PROPERTY = 'flightplan_pacing';

/** The custom property that carries a line item's platform interests ([{ id, name }]) through a round trip. */
export const INTERESTS_PROPERTY = 'flightplan_interests';

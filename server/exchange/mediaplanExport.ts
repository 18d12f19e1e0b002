import {
  formatMajor,
  INTERESTS_PROPERTY,
  MEDIAPLAN_SCHEMA_VERSION,
  type MediaPlan,
  type MediaPlanLineItem,
  OBJECTIVE_KPIS,
  objectiveLabel,
  PACING_PROPERTY,
  PARENT_REVISION_PROPERTY,
  PLATFORM_CHANNELS,
  platformDisplayName,
  REVISION_PROPERTY,
  revisionDocumentId,
  revisionMetaOf,
  type SignOff,
  toMajor,
  WORKFLOW_STATUS_NAMES,
  workflowStatusId,
} from '@contract/exchange';
import { AGE_MAX, type Audience, daysInclusive, namedInterestsOf, type Plan } from '@contract/planning';
import { bookingName } from '../campaignRules/bookings';
import { HttpError } from '../http/errors';

/** Who and what the document names beside the plan itself. */
export interface ExportParties {
  /** The exporting user's full name (or e-mail when they gave no name). */
  createdByName: string;
  createdById: string;
  /** The agency: the organization's white-label brand name, else its name. */
  agencyName: string;
  customerName: string | null;
  createdAt: Date;
}

/**
 * The standard requires the campaign's dates and our line items are the flights: a plan exports once
 * its schedule is saved (409 before, with what to do).
 */
export function assertScheduled(plan: Plan): { startDate: string; endDate: string } {
  const { startDate, endDate } = plan.campaign;
  if (!startDate || !endDate || plan.flights.length === 0)
    throw new HttpError(409, 'Schedule the plan before exporting it: it has no flights yet');
  return { startDate, endDate };
}

const regionNames = new Intl.DisplayNames(['en'], { type: 'region' });
export const countryName = (code: string) => regionNames.of(code) ?? code;

/** "Ages 18–65+, women": the standard's free-text `target_audience` of our audience. */
export function audienceSummary(audience: Audience): string {
  const ages = `Ages ${audience.ageMin}–${audience.ageMax}${audience.ageMax >= AGE_MAX ? '+' : ''}`;
  const genders =
    audience.genders.length === 1 ? (audience.genders[0] === 'female' ? 'women' : 'men') : 'all genders';
  return `${ages}, ${genders}`;
}

/** "Meta: Travel, Hiking; TikTok: Travel": the plan's interests by name, per platform (null when none). */
export function interestsSummary(plan: Plan): string | null {
  const entries = namedInterestsOf(plan);
  if (entries.length === 0) return null;
  return entries
    .map(
      ({ platform, interests }) =>
        `${platformDisplayName(platform)}: ${interests.map((i) => i.name).join(', ')}`,
    )
    .join('; ');
}

/** One platform's interests by name ("Travel, Hiking"), empty when it has none. */
export function platformInterestNames(plan: Plan, platform: string): string {
  const entry = namedInterestsOf(plan).find((e) => e.platform === platform);
  return entry ? entry.interests.map((i) => i.name).join(', ') : '';
}

const demoGender = (audience: Audience) =>
  audience.genders.length === 1 ? (audience.genders[0] === 'female' ? 'Female' : 'Male') : 'Any';

/** The ad formats of the plan's ads on a platform, as one text ("Single image, Video"). */
function adFormatsOf(plan: Plan, platform: string): string | undefined {
  const formats = [...new Set(plan.ads.filter((ad) => ad.platform === platform).map((ad) => ad.format))];
  if (formats.length === 0) return undefined;
  return formats.map((f) => f.charAt(0).toUpperCase() + f.slice(1).replaceAll('_', ' ')).join(', ');
}

/**
 * The revision chain in the standard's terms: the document is the newest revision (`meta.id`
 * `flightplan-<campaign>-r<N>`), `parent_id` the revision before, `is_current` true (an export is the plan
 * as it is now); the workflow state in `campaign.workflow_status_*`; who decided, when, the typed name, the
 * confirmation and the hash in `meta.custom_properties`. Without a sign-off, the plan's own version.
 */
function revisionMeta(plan: Plan, signOff: SignOff | null | undefined) {
  const { campaign } = plan;
  if (!signOff)
    return {
      meta: {
        id: `flightplan-${campaign.id}-v${campaign.version}`,
        comments: `Exported from Flightplan (plan version ${campaign.version}, status ${campaign.status}).`,
      },
      campaign: {},
    };
  const { current, previous } = signOff;
  const status = WORKFLOW_STATUS_NAMES[current.status];
  return {
    meta: {
      id: revisionDocumentId(signOff.campaignId, current.number),
      comments: `Exported from Flightplan: revision ${current.number} (${status.toLowerCase()}), plan version ${campaign.version}, campaign status ${campaign.status}.`,
      is_current: current.status !== 'superseded',
      ...(previous ? { parent_id: revisionDocumentId(signOff.campaignId, previous.number) } : {}),
      custom_properties: {
        [REVISION_PROPERTY]: revisionMetaOf(current),
        ...(previous ? { [PARENT_REVISION_PROPERTY]: revisionMetaOf(previous) } : {}),
      },
    },
    campaign: { workflow_status_id: workflowStatusId(current.status), workflow_status_name: status },
  };
}

/**
 * The plan as a MediaPlan Schema 3.0 document: each flight one line item; with the campaign's sign-off
 * (its newest revision and the one before), the revision chain and approval in the document's meta.
 */
export function toMediaPlan(plan: Plan, parties: ExportParties, signOff?: SignOff | null): MediaPlan {
  const { campaign, audience } = plan;
  const scheduled = assertScheduled(plan);
  const currency = campaign.currency;
  const counts = new Map<string, number>();
  const lineitems = plan.flights.map((flight): MediaPlanLineItem => {
    const n = (counts.get(flight.platform) ?? 0) + 1;
    counts.set(flight.platform, n);
    const name = platformDisplayName(flight.platform);
    const days = daysInclusive(flight.startDate, flight.endDate);
    const adformat = adFormatsOf(plan, flight.platform);
    const interests = namedInterestsOf(plan).find((e) => e.platform === flight.platform)?.interests ?? [];
    return {
      id: flight.id,
      name: bookingName(campaign.name, flight.platform, n),
      start_date: flight.startDate,
      end_date: flight.endDate,
      cost_total: toMajor(flight.amountMinor, currency),
      cost_currency: currency,
      channel: PLATFORM_CHANNELS[flight.platform] ?? 'social',
      vehicle: name,
      partner: name,
      kpi: OBJECTIVE_KPIS[campaign.objectiveId],
      ...(audience
        ? {
            target_audience: audienceSummary(audience),
            location_type: 'Country' as const,
            location_name: audience.locations.map(countryName).join(', '),
          }
        : {}),
      ...(adformat ? { adformat } : {}),
      buy_type: 'Auction',
      metric_max_daily_spend: Number(formatMajor(Math.ceil(flight.amountMinor / days), currency)),
      custom_properties: {
        [PACING_PROPERTY]: flight.pacing,
        ...(interests.length > 0 ? { [INTERESTS_PROPERTY]: interests } : {}),
      },
    };
  });
  const revision = revisionMeta(plan, signOff);
  return {
    meta: {
      id: revision.meta.id,
      schema_version: MEDIAPLAN_SCHEMA_VERSION,
      name: campaign.name,
      created_by_id: parties.createdById,
      created_by_name: parties.createdByName,
      created_at: parties.createdAt.toISOString(),
      ...(({ id: _id, ...rest }) => rest)(revision.meta),
    },
    campaign: {
      id: campaign.id,
      name: campaign.name,
      objective: objectiveLabel(campaign.objectiveId),
      start_date: scheduled.startDate,
      end_date: scheduled.endDate,
      budget_currency: currency,
      budget_total: toMajor(campaign.budgetMinor, currency),
      agency_name: parties.agencyName,
      ...(campaign.customerId && parties.customerName !== null
        ? { advertiser_id: campaign.customerId, advertiser_name: parties.customerName }
        : {}),
      ...(audience
        ? {
            target_audiences: [
              {
                name: audienceSummary(audience),
                demo_age_start: audience.ageMin,
                demo_age_end: audience.ageMax,
                demo_gender: demoGender(audience),
                ...(interestsSummary(plan) ? { interest_attributes: interestsSummary(plan) ?? '' } : {}),
              },
            ],
            target_locations: [
              { name: 'Countries', location_type: 'Country' as const, location_list: audience.locations },
            ],
          }
        : {}),
      kpi_name1: OBJECTIVE_KPIS[campaign.objectiveId],
      ...revision.campaign,
    },
    lineitems,
  };
}

import {
  formatMajor,
  type ImportLineItem,
  type ImportProblem,
  type ImportReport,
  type MediaPlan,
  minorDigitsOf,
  objectiveOfText,
  PACING_PROPERTY,
  platformOfVehicle,
  toMinor,
} from '@contract/exchange';
import {
  AGE_MAX,
  AGE_MIN,
  type Audience,
  COUNTRY_CODES,
  type Gender,
  isCountryCode,
  OverviewStepFields,
  PACINGS,
  type Pacing,
} from '@contract/planning';
import { CURRENCIES } from '@contract/reference';
import * as v from 'valibot';

/**
 * What an imported MediaPlan document becomes: the report the planner reads before anything is saved,
 * and the draft plan to save when the report has no problems. Pure: the customers of the account are
 * handed in.
 */

export interface DraftFlight {
  platform: string;
  startDate: string;
  endDate: string;
  amountMinor: number;
  pacing: Pacing;
}

export interface DraftPlan {
  name: string;
  objectiveId: number;
  currency: (typeof CURRENCIES)[number];
  customerId: string | null;
  startDate: string;
  endDate: string;
  budgetMinor: number;
  /** In order of their first line item. */
  platforms: string[];
  /** Each platform's allocation: the sum of its flights (the schedule check's invariant). */
  allocations: Record<string, number>;
  flights: DraftFlight[];
  audience: Audience | null;
}

const regionNames = new Intl.DisplayNames(['en'], { type: 'region' });
const COUNTRY_BY_NAME = new Map<string, string>(
  COUNTRY_CODES.map((code) => [(regionNames.of(code) ?? code).toLowerCase(), code]),
);
const countryCodeOf = (text: string): string | null => {
  const trimmed = text.trim();
  if (isCountryCode(trimmed.toUpperCase())) return trimmed.toUpperCase();
  return COUNTRY_BY_NAME.get(trimmed.toLowerCase()) ?? null;
};

const VEHICLE_FIELDS = ['vehicle', 'vehicle_custom', 'partner', 'partner_custom'] as const;

const isCurrency = (code: string): code is (typeof CURRENCIES)[number] =>
  (CURRENCIES as readonly string[]).includes(code);

/** The document's objective: the campaign's own words first, then its first KPI, then the line items'. */
function objectiveOf(doc: MediaPlan): number | null {
  const texts = [doc.campaign.objective, doc.campaign.kpi_name1, ...doc.lineitems.map((li) => li.kpi)];
  for (const text of texts) {
    const id = objectiveOfText(text);
    if (id !== null) return id;
  }
  return null;
}

/** The audience, when the document describes one we can plan (ages, genders, countries); else null. */
function audienceOf(doc: MediaPlan): Audience | null {
  const countries = (doc.campaign.target_locations ?? [])
    .filter((location) => (location.location_type ?? 'Country') === 'Country')
    .flatMap((location) => location.location_list ?? [location.name]);
  const codes = countries.map(countryCodeOf);
  if (codes.length === 0 || codes.some((code) => code === null)) return null;
  const target = doc.campaign.target_audiences?.[0];
  const ageMin = target?.demo_age_start ?? AGE_MIN;
  const ageMax = target?.demo_age_end ?? AGE_MAX;
  if (ageMin < AGE_MIN || ageMax > AGE_MAX || ageMin > ageMax) return null;
  const genders: Gender[] =
    target?.demo_gender === 'Female' ? ['female'] : target?.demo_gender === 'Male' ? ['male'] : [];
  return {
    locations: [...new Set(codes as string[])],
    ageMin,
    ageMax,
    genders,
    languages: [],
    interests: {},
  };
}

const pacingOf = (properties: Record<string, unknown> | undefined): Pacing => {
  const value = properties?.[PACING_PROPERTY];
  return (PACINGS as readonly unknown[]).includes(value) ? (value as Pacing) : 'even';
};

export function analyseImport(
  doc: MediaPlan,
  customers: readonly { id: string; name: string }[],
): { report: ImportReport; draft: DraftPlan | null } {
  const problems: ImportProblem[] = [];
  const problem = (path: string, message: string) => problems.push({ path, message });
  const { campaign } = doc;

  const name = v.safeParse(OverviewStepFields.name, campaign.name);
  if (!name.success) problem('campaign.name', name.issues[0].message);
  const objectiveId = objectiveOf(doc);
  if (objectiveId === null)
    problem(
      'campaign.objective',
      `“${campaign.objective ?? ''}” names no objective we plan for: use awareness, traffic, engagement, leads, app installs or sales`,
    );
  if (campaign.end_date < campaign.start_date)
    problem('campaign.end_date', 'The campaign ends before it starts');

  // One currency for the whole plan: the campaign's, else the first line item's.
  const currencyText =
    campaign.budget_currency ?? doc.lineitems.find((li) => li.cost_currency)?.cost_currency;
  let currency: (typeof CURRENCIES)[number] | null = null;
  if (!currencyText)
    problem(
      'campaign.budget_currency',
      'Name the currency (budget_currency or the line items’ cost_currency)',
    );
  else if (!isCurrency(currencyText.toUpperCase()))
    problem(
      campaign.budget_currency ? 'campaign.budget_currency' : 'lineitems.0.cost_currency',
      `We plan in ${CURRENCIES.join(', ')}: “${currencyText}” is not one of them`,
    );
  else currency = currencyText.toUpperCase() as (typeof CURRENCIES)[number];

  const lineItems: ImportLineItem[] = [];
  const flights: DraftFlight[] = [];
  for (const [i, item] of doc.lineitems.entries()) {
    const at = (field: string) => `lineitems.${i}.${field}`;
    // The vehicle names the platform; tools that leave it out name the seller in partner.
    const field = VEHICLE_FIELDS.find((key) => item[key]) ?? 'vehicle';
    const named = item[field] ?? null;
    const platform =
      VEHICLE_FIELDS.map((key) => platformOfVehicle(item[key])).find((key) => key !== null) ?? null;
    let reason: string | undefined;
    if (platform === null) {
      reason = named
        ? `“${named}” is not a platform we can plan on`
        : 'Name the platform in vehicle (or partner)';
      problem(at(field), reason);
    }
    const itemCurrency = item.cost_currency?.toUpperCase();
    if (currency && itemCurrency && itemCurrency !== currency)
      problem(
        at('cost_currency'),
        `All line items must be in one currency: this one is in ${itemCurrency}, the plan in ${currency}`,
      );
    if (item.end_date < item.start_date) problem(at('end_date'), 'The line item ends before it starts');
    else if (item.start_date < campaign.start_date)
      problem(at('start_date'), `The line item starts before the campaign (${campaign.start_date})`);
    else if (item.end_date > campaign.end_date)
      problem(at('end_date'), `The line item ends after the campaign (${campaign.end_date})`);
    const amountMinor = currency ? toMinor(item.cost_total, currency) : null;
    if (currency && amountMinor === null)
      problem(at('cost_total'), `Use at most ${minorDigitsOf(currency)} decimals for ${currency}`);
    const row: ImportLineItem = {
      id: item.id,
      name: item.name,
      vehicle: named,
      mappedPlatform: platform,
      ...(reason ? { reason } : {}),
      startDate: item.start_date,
      endDate: item.end_date,
      amountMinor,
    };
    lineItems.push(row);
    if (platform && amountMinor !== null)
      flights.push({
        platform,
        startDate: item.start_date,
        endDate: item.end_date,
        amountMinor,
        pacing: pacingOf(item.custom_properties),
      });
  }

  const budgetMinor = lineItems.reduce((sum, li) => sum + (li.amountMinor ?? 0), 0);
  if (currency) {
    const stated = toMinor(campaign.budget_total, currency);
    if (stated !== null && stated !== budgetMinor)
      problem(
        'campaign.budget_total',
        `The line items add up to ${formatMajor(budgetMinor, currency)} ${currency}, the budget_total is ${formatMajor(stated, currency)}: make them agree`,
      );
    if (budgetMinor <= 0)
      problem('lineitems', 'The line items have no budget: give them a cost_total above zero');
  }

  const advertiser = campaign.advertiser_name?.trim().toLowerCase();
  const customerId = advertiser
    ? (customers.find((c) => c.name.trim().toLowerCase() === advertiser)?.id ?? null)
    : null;
  const report: ImportReport = {
    campaign: {
      name: campaign.name,
      objective: objectiveId,
      currency,
      start: campaign.start_date,
      end: campaign.end_date,
      budgetMinor,
      customerId,
    },
    lineItems,
    unmapped: lineItems.filter((li) => li.mappedPlatform === null),
    problems,
  };
  if (problems.length > 0 || objectiveId === null || currency === null || !name.success)
    return { report, draft: null };
  const platforms = [...new Set(flights.map((f) => f.platform))];
  const allocations: Record<string, number> = {};
  for (const flight of flights)
    allocations[flight.platform] = (allocations[flight.platform] ?? 0) + flight.amountMinor;
  return {
    report,
    draft: {
      name: name.output,
      objectiveId,
      currency,
      customerId,
      startDate: campaign.start_date,
      endDate: campaign.end_date,
      budgetMinor,
      platforms,
      allocations,
      flights,
      audience: audienceOf(doc),
    },
  };
}

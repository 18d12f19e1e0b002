import {
  formatAmount,
  formatDocumentAmount,
  type ImportLineItem,
  type ImportProblem,
  type ImportReport,
  type ImportRevision,
  type ImportSource,
  INTERESTS_PROPERTY,
  type MediaPlan,
  minorDigitsOf,
  objectiveOfText,
  PACING_PROPERTY,
  PARENT_REVISION_PROPERTY,
  platformOfVehicle,
  REVISION_PROPERTY,
  RevisionMetaSchema,
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
 * What an imported MediaPlan document becomes: the report the planner reads before anything is saved
 * (what is kept, what is left out and why, the warnings, the document's provenance), and the draft plan
 * to save when something is left to import. Pure: the customers of the account are handed in.
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
  /** The audience's interest names (platform → id → name), from a Flightplan export's line items. */
  interestNames: Record<string, Record<string, string>>;
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

const ImportedInterestsSchema = v.array(
  v.object({
    id: v.pipe(v.string(), v.regex(/^[A-Za-z0-9_.:-]{1,100}$/)),
    name: v.pipe(v.string(), v.trim(), v.nonEmpty(), v.maxLength(200)),
  }),
);

/** A Flightplan export's interests of a line item's platform ([{ id, name }]); none when absent or malformed. */
const interestsOf = (properties: Record<string, unknown> | undefined) => {
  const parsed = v.safeParse(ImportedInterestsSchema, properties?.[INTERESTS_PROPERTY]);
  return parsed.success ? parsed.output : [];
};

/**
 * The audience with the interests a Flightplan export carried (ids per platform, in their order), and their
 * names; without an audience we can plan, the interests have nowhere to go.
 */
function audienceWithInterests(
  audience: Audience | null,
  imported: Record<string, { id: string; name: string }[]>,
) {
  if (!audience) return { audience: null, interestNames: {} };
  const chosen = Object.entries(imported).filter(([, list]) => list.length > 0);
  const interests = Object.fromEntries(chosen.map(([platform, list]) => [platform, list.map((i) => i.id)]));
  const interestNames = Object.fromEntries(
    chosen.map(([platform, list]) => [platform, Object.fromEntries(list.map((i) => [i.id, i.name]))]),
  );
  return { audience: { ...audience, interests }, interestNames };
}

const pacingOf = (properties: Record<string, unknown> | undefined): Pacing => {
  const value = properties?.[PACING_PROPERTY];
  return (PACINGS as readonly unknown[]).includes(value) ? (value as Pacing) : 'even';
};

/** The document's meta and workflow state, and a Flightplan export's revisions (custom_properties). */
function sourceOf(doc: MediaPlan): ImportSource {
  const { meta, campaign } = doc;
  const revisionAt = (key: string): ImportRevision | null => {
    const parsed = v.safeParse(RevisionMetaSchema, meta.custom_properties?.[key]);
    if (!parsed.success) return null;
    const r = parsed.output;
    return {
      number: r.number,
      status: r.status,
      hash: r.hash,
      decidedAt: r.decided_at ?? null,
      decidedByName: r.decided_by_name ?? null,
      typedName: r.typed_name ?? null,
      confirmedWith: r.confirmed_with ?? null,
    };
  };
  return {
    id: meta.id,
    name: meta.name ?? null,
    createdByName: meta.created_by_name,
    createdAt: meta.created_at,
    parentId: meta.parent_id ?? null,
    isCurrent: meta.is_current ?? null,
    workflowStatus: campaign.workflow_status_name ?? campaign.workflow_status_id ?? null,
    revision: revisionAt(REVISION_PROPERTY),
    parentRevision: revisionAt(PARENT_REVISION_PROPERTY),
  };
}

const isRate = (rate: number | undefined): rate is number =>
  rate !== undefined && Number.isFinite(rate) && rate > 0;

/**
 * The report and, when something can be imported, the draft. Each line item is kept (a flight of the
 * draft) or left out with the reason: a platform we do not plan on, another currency without the
 * document's exchange rate, more decimals than the currency has, dates outside the campaign. What stops
 * the import: no objective or currency we plan in, a campaign that ends before it starts, nothing kept.
 */
export function analyseImport(
  doc: MediaPlan,
  customers: readonly { id: string; name: string }[],
): { report: ImportReport; draft: DraftPlan | null } {
  const problems: ImportProblem[] = [];
  const warnings: ImportProblem[] = [];
  const problem = (path: string, message: string) => problems.push({ path, message });
  const warn = (path: string, message: string) => warnings.push({ path, message });
  const { campaign } = doc;

  const name = v.safeParse(OverviewStepFields.name, campaign.name);
  if (!name.success) problem('campaign.name', name.issues[0].message);
  const objectiveId = objectiveOf(doc);
  if (objectiveId === null)
    problem(
      'campaign.objective',
      `“${campaign.objective ?? ''}” names no objective we plan for: use awareness, traffic, engagement, leads, app installs or sales`,
    );
  const campaignDatesOk = campaign.end_date >= campaign.start_date;
  if (!campaignDatesOk) problem('campaign.end_date', 'The campaign ends before it starts');

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

  const kept: ImportLineItem[] = [];
  const leftOut: ImportLineItem[] = [];
  const flights: DraftFlight[] = [];
  // A Flightplan export's interests, per platform in their order (each of its line items carries them).
  const imported: Record<string, { id: string; name: string }[]> = {};
  for (const [i, item] of doc.lineitems.entries()) {
    const at = (field: string) => `lineitems.${i}.${field}`;
    // The vehicle names the platform; tools that leave it out name the seller in partner.
    const field = VEHICLE_FIELDS.find((key) => item[key]) ?? 'vehicle';
    const named = item[field] ?? null;
    const platform =
      VEHICLE_FIELDS.map((key) => platformOfVehicle(item[key])).find((key) => key !== null) ?? null;
    const itemCurrency = item.cost_currency?.trim().toUpperCase() || null;
    const rate = item.cost_currency_exchange_rate;
    const foreign = currency !== null && itemCurrency !== null && itemCurrency !== currency;
    let amountMinor: number | null = null;
    let exchangeRate: number | undefined;
    if (currency && foreign && isRate(rate)) {
      // The standard's rate converts the line's currency to the campaign's: never guessed, never silent.
      amountMinor = Math.round(item.cost_total * rate * 10 ** minorDigitsOf(currency));
      exchangeRate = rate;
    } else if (currency && !foreign) amountMinor = toMinor(item.cost_total, currency);

    let reason: string | undefined;
    if (platform === null) {
      const names = [...new Set(VEHICLE_FIELDS.map((key) => item[key]?.trim()).filter(Boolean))];
      reason =
        names.length === 0
          ? 'It names no platform (vehicle or partner)'
          : names.length === 1
            ? `“${names[0]}” is not a platform we plan on`
            : `Neither ${names.map((n) => `“${n}”`).join(' nor ')} is a platform we plan on`;
    } else if (currency && foreign && exchangeRate === undefined)
      reason = `In ${itemCurrency}, the plan in ${currency}, and the document gives no cost_currency_exchange_rate: not converted`;
    else if (currency && amountMinor === null)
      reason = `Its cost_total has more decimals than ${currency} has (${minorDigitsOf(currency)})`;
    else if (item.end_date < item.start_date) reason = 'It ends before it starts';
    else if (campaignDatesOk && (item.start_date < campaign.start_date || item.end_date > campaign.end_date))
      reason = `It runs outside the campaign (${campaign.start_date} to ${campaign.end_date})`;

    const row: ImportLineItem = {
      id: item.id,
      name: item.name,
      vehicle: named,
      mappedPlatform: platform,
      ...(reason ? { reason } : {}),
      startDate: item.start_date,
      endDate: item.end_date,
      amountMinor,
      costTotal: item.cost_total,
      costCurrency: itemCurrency ?? currency,
      ...(exchangeRate !== undefined ? { exchangeRate } : {}),
    };
    if (reason || platform === null || amountMinor === null || !currency) {
      if (reason) leftOut.push(row);
      continue;
    }
    kept.push(row);
    if (exchangeRate !== undefined)
      warn(
        at('cost_currency_exchange_rate'),
        `${item.name}: ${formatDocumentAmount(item.cost_total, itemCurrency)} converted at the document’s rate ${exchangeRate} to ${formatAmount(amountMinor, currency)}`,
      );
    flights.push({
      platform,
      startDate: item.start_date,
      endDate: item.end_date,
      amountMinor,
      pacing: pacingOf(item.custom_properties),
    });
    const chosen = imported[platform] ?? [];
    imported[platform] = chosen;
    for (const interest of interestsOf(item.custom_properties))
      if (!chosen.some((i) => i.id === interest.id)) chosen.push(interest);
  }

  const budgetMinor = kept.reduce((sum, li) => sum + (li.amountMinor ?? 0), 0);
  let statedBudgetMinor: number | null = null;
  if (currency) {
    statedBudgetMinor = Math.round(campaign.budget_total * 10 ** minorDigitsOf(currency));
    const total = formatAmount(statedBudgetMinor, currency);
    const sum = formatAmount(budgetMinor, currency);
    if (kept.length > 0 && statedBudgetMinor > budgetMinor)
      warn(
        'campaign.budget_total',
        `${formatAmount(statedBudgetMinor - budgetMinor, currency)} not allocated: the budget_total is ${total}, the line items kept add up to ${sum} (the draft’s budget)`,
      );
    else if (kept.length > 0 && statedBudgetMinor < budgetMinor)
      warn(
        'campaign.budget_total',
        `The line items kept add up to ${sum}, more than the budget_total of ${total}: the draft’s budget is ${sum}`,
      );
  }
  if (problems.length === 0 && kept.length === 0) {
    const reasons = [...new Set(leftOut.map((li) => li.reason))];
    problem(
      'lineitems',
      `Nothing to import: none of the document’s ${doc.lineitems.length} line items can be planned (${reasons.slice(0, 3).join('; ')}${reasons.length > 3 ? '; …' : ''})`,
    );
  } else if (problems.length === 0 && budgetMinor <= 0)
    problem('lineitems', 'Nothing to import: the line items kept have no budget (cost_total above zero)');

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
      statedBudgetMinor,
      customerId,
    },
    lineItems: kept,
    leftOut,
    warnings,
    problems,
    source: sourceOf(doc),
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
      ...audienceWithInterests(audienceOf(doc), imported),
    },
  };
}

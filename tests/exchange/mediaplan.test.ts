import { readFileSync } from 'node:fs';
import { MediaPlanSchema, objectiveOfText, platformOfVehicle, toMinor } from '@contract/exchange';
import { analyseImport } from '@server/exchange/importAnalysis';
import { toMediaPlan } from '@server/exchange/mediaplanExport';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { completePlan } from '../support/planningFixtures';

/**
 * Our MediaPlan Schema 3.0 documents: what we emit validates against our own valibot schema and against
 * the published standard's rules (a checklist below, written from its JSON Schemas); the vehicle and
 * objective tables an import maps with.
 */

const PARTIES = {
  createdById: '00000000-0000-4000-8000-0000000000b1',
  createdByName: 'Jana Keller',
  agencyName: 'Hamburg Media Partners',
  customerName: 'Nordlicht Solar GmbH',
  createdAt: new Date('2099-01-10T12:00:00Z'),
};
const plan = completePlan();
const emitted = () => JSON.parse(JSON.stringify(toMediaPlan(plan, PARTIES))) as Record<string, any>;

describe('the MediaPlan document we export', () => {
  it('validates against our valibot schema of the standard', () => {
    const result = v.safeParse(MediaPlanSchema, emitted());
    expect(result.issues?.map((i) => `${v.getDotPath(i)}: ${i.message}`) ?? []).toEqual([]);
  });

  it('has one line item per flight, with its platform, dates, amount and pacing', () => {
    const doc = emitted();
    expect(doc.lineitems).toEqual([
      expect.objectContaining({
        id: plan.flights[0]!.id,
        name: 'Spring launch · Meta · flight 1',
        start_date: '2099-02-01',
        end_date: '2099-02-28',
        cost_total: 2000,
        cost_currency: 'EUR',
        channel: 'social',
        vehicle: 'Meta',
        partner: 'Meta',
        kpi: 'Clicks',
        target_audience: 'Ages 18–65+, all genders',
        location_type: 'Country',
        location_name: 'Germany',
        custom_properties: { flightplan_pacing: 'even' },
      }),
      expect.objectContaining({ vehicle: 'Google Ads', channel: 'search', cost_total: 1000 }),
    ]);
    expect(doc.campaign).toMatchObject({
      name: 'Spring launch',
      objective: 'Traffic',
      budget_total: 3000,
      budget_currency: 'EUR',
      advertiser_name: 'Nordlicht Solar GmbH',
      agency_name: 'Hamburg Media Partners',
    });
  });

  it('names the ad formats of the plan’s ads on the line items of their platform', () => {
    const withAds = {
      ...plan,
      ads: [
        { id: 'a1', platform: 'meta', format: 'single_image' } as never,
        { id: 'a2', platform: 'meta', format: 'video' } as never,
      ],
    };
    const doc = toMediaPlan(withAds, PARTIES);
    expect(doc.lineitems.map((li) => li.adformat)).toEqual(['Single image, Video', undefined]);
  });
});

/**
 * The published standard, checked by hand: planmatic/mediaplanschema, schemas/3.0/mediaplan.schema.json,
 * campaign.schema.json and lineitem.schema.json at commit 0bdb8ea37e27591305031f68ed101d2825aba6e8 (read
 * through the search tool; the files are not copied here). Their `required` lists, the types of the fields
 * we write, `format: date` / `date-time`, and the enums (`location_type`, `demo_gender`). `dictionary`
 * is optional and we emit none. The schemas do not close their objects (no additionalProperties: false).
 */
const STANDARD = {
  meta: { required: ['id', 'schema_version', 'created_by_name', 'created_at'] },
  campaign: { required: ['id', 'name', 'start_date', 'end_date', 'budget_total'] },
  lineitem: { required: ['id', 'name', 'start_date', 'end_date', 'cost_total'] },
  strings: {
    meta: ['id', 'schema_version', 'name', 'created_by_id', 'created_by_name', 'created_at', 'comments'],
    campaign: [
      'id',
      'name',
      'objective',
      'start_date',
      'end_date',
      'budget_currency',
      'agency_name',
      'advertiser_id',
      'advertiser_name',
      'kpi_name1',
    ],
    lineitem: [
      'id',
      'name',
      'start_date',
      'end_date',
      'channel',
      'vehicle',
      'partner',
      'kpi',
      'target_audience',
      'location_type',
      'location_name',
      'adformat',
      'buy_type',
      'cost_currency',
    ],
  },
  numbers: { campaign: ['budget_total'], lineitem: ['cost_total', 'metric_max_daily_spend'] },
  lineitemLocationTypes: ['Country', 'State'],
  targetLocationTypes: ['Country', 'State', 'DMA', 'County', 'Postcode', 'Radius', 'POI'],
  demoGenders: ['Male', 'Female', 'Any'],
};
// JSON Schema's `date` is RFC 3339 full-date; `date-time` its date-time (with a zone).
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;

function checkObject(name: 'meta' | 'campaign' | 'lineitem', value: Record<string, unknown>) {
  for (const key of STANDARD[name].required) expect(value, `${name}.${key} is required`).toHaveProperty(key);
  for (const key of STANDARD.strings[name])
    if (key in value) expect(typeof value[key], `${name}.${key} is a string`).toBe('string');
  for (const key of (STANDARD.numbers as Record<string, string[]>)[name] ?? [])
    if (key in value) expect(typeof value[key], `${name}.${key} is a number`).toBe('number');
  for (const [key, v] of Object.entries(value))
    if (key.startsWith('metric_') || (key.startsWith('cost_') && key !== 'cost_currency'))
      expect(typeof v, `${name}.${key} is a number`).toBe('number');
}

describe('the MediaPlan document we export, against the published v3.0 schemas', () => {
  it('has the top level the standard requires', () => {
    const doc = emitted();
    expect(Object.keys(doc)).toEqual(expect.arrayContaining(['meta', 'campaign', 'lineitems']));
    expect(Array.isArray(doc.lineitems)).toBe(true);
  });

  it('meets meta’s required fields, types and formats', () => {
    const { meta } = emitted();
    checkObject('meta', meta);
    expect(meta.schema_version).toBe('3.0');
    expect(meta.created_at).toMatch(DATE_TIME);
  });

  it('meets campaign’s required fields, types, formats and enums', () => {
    const { campaign } = emitted();
    checkObject('campaign', campaign);
    expect(campaign.start_date).toMatch(DATE);
    expect(campaign.end_date).toMatch(DATE);
    for (const audience of campaign.target_audiences) {
      expect(audience).toHaveProperty('name');
      expect(STANDARD.demoGenders).toContain(audience.demo_gender);
      expect(Number.isInteger(audience.demo_age_start) && Number.isInteger(audience.demo_age_end)).toBe(true);
    }
    for (const location of campaign.target_locations) {
      expect(location).toHaveProperty('name');
      expect(STANDARD.targetLocationTypes).toContain(location.location_type);
      expect(location.location_list.every((s: unknown) => typeof s === 'string')).toBe(true);
    }
  });

  it('meets each line item’s required fields, types, formats and enums', () => {
    for (const item of emitted().lineitems) {
      checkObject('lineitem', item);
      expect(item.start_date).toMatch(DATE);
      expect(item.end_date).toMatch(DATE);
      expect(STANDARD.lineitemLocationTypes).toContain(item.location_type);
      expect(typeof item.custom_properties).toBe('object');
    }
  });
});

describe('mapping another tool’s words to ours', () => {
  it('maps vehicles and partners to platforms, case- and space-insensitively', () => {
    const cases: [string, string | null][] = [
      ['Facebook', 'meta'],
      ['INSTAGRAM', 'meta'],
      ['Meta Ads', 'meta'],
      ['Google', 'google'],
      ['google  ads', 'google'],
      ['YouTube', 'google'],
      ['Bing', 'microsoft'],
      ['Microsoft Advertising', 'microsoft'],
      ['TikTok', 'tiktok'],
      ['LinkedIn', 'linkedin'],
      ['Snap', 'snapchat'],
      ['Pinterest', 'pinterest'],
      ['Spotify', null],
      ['The Trade Desk', null],
    ];
    expect(cases.map(([name]) => [name, platformOfVehicle(name)])).toEqual(cases);
  });

  it('reads the objective from the campaign’s words', () => {
    const cases: [string, number | null][] = [
      ['Brand awareness', 1],
      ['Reach', 1],
      ['Website traffic', 2],
      ['Clicks', 2],
      ['Engagement', 3],
      ['Lead Generation', 4],
      ['App installs', 5],
      ['Sales', 6],
      ['Conversions', 6],
      ['Purchases', 6],
      ['Vibes', null],
    ];
    expect(cases.map(([text]) => [text, objectiveOfText(text)])).toEqual(cases);
  });

  it('turns decimal amounts into minor units, refusing more decimals than the currency has', () => {
    expect(toMinor(19.99, 'EUR')).toBe(1999);
    expect(toMinor(10500.5, 'EUR')).toBe(1_050_050);
    expect(toMinor(1.005, 'EUR')).toBeNull();
  });

  it('reads the hand-written agency plan into a draft: 4 flights on 3 platforms, budget the sum', () => {
    const doc = v.parse(
      MediaPlanSchema,
      JSON.parse(readFileSync(new URL('../fixtures/mediaplan/agency-plan.json', import.meta.url), 'utf8')),
    );
    const { report, draft } = analyseImport(doc, []);
    expect(report.problems).toEqual([]);
    expect(draft).toMatchObject({
      objectiveId: 4,
      currency: 'EUR',
      budgetMinor: 4_250_050,
      platforms: ['meta', 'google', 'linkedin'],
      allocations: { meta: 2_250_050, google: 1_500_000, linkedin: 500_000 },
      audience: { locations: ['DE', 'AT', 'CH'], ageMin: 25, ageMax: 54, genders: [] },
    });
  });

  it('keeps what maps of a plan with faulty line items and lists the others with the reason', () => {
    const doc = v.parse(
      MediaPlanSchema,
      JSON.parse(readFileSync(new URL('../fixtures/mediaplan/agency-plan.json', import.meta.url), 'utf8')),
    );
    doc.campaign.budget_total = 50_000;
    doc.lineitems[0]!.start_date = '2099-01-15';
    doc.lineitems[1]!.cost_total = 10.005;
    doc.lineitems[2]!.vehicle = undefined;
    doc.lineitems[2]!.partner = undefined;
    const { report, draft } = analyseImport(doc, [{ id: 'c1', name: 'nordlicht solar gmbh ' }]);
    expect(report.campaign.customerId).toBe('c1');
    expect(report.problems).toEqual([]);
    expect(report.leftOut.map((li) => [li.id, li.reason])).toEqual([
      [doc.lineitems[0]!.id, 'It runs outside the campaign (2099-02-01 to 2099-03-31)'],
      [doc.lineitems[1]!.id, 'Its cost_total has more decimals than EUR has (2)'],
      [doc.lineitems[2]!.id, 'It names no platform (vehicle or partner)'],
    ]);
    expect(report.warnings).toEqual([
      {
        path: 'campaign.budget_total',
        message:
          '€45,000 not allocated: the budget_total is €50,000, the line items kept add up to €5,000 (the draft’s budget)',
      },
    ]);
    expect(draft).toMatchObject({ budgetMinor: 500_000, platforms: ['linkedin'] });
  });

  it('refuses a currency we do not plan in', () => {
    const doc = v.parse(
      MediaPlanSchema,
      JSON.parse(readFileSync(new URL('../fixtures/mediaplan/agency-plan.json', import.meta.url), 'utf8')),
    );
    doc.campaign.budget_currency = 'JPY';
    expect(analyseImport(doc, []).report.problems).toEqual([
      { path: 'campaign.budget_currency', message: 'We plan in EUR, USD, GBP: “JPY” is not one of them' },
    ]);
  });
});

import { readFileSync } from 'node:fs';
import { type MediaPlan, MediaPlanSchema } from '@contract/exchange';
import { analyseImport } from '@server/exchange/importAnalysis';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';

/**
 * The standard's own example (planmatic/mediaplanschema examples/example_mediaplan_v3.0.json, MIT; see
 * tests/fixtures/mediaplan/README.md): a USD plan of 950,000 with LinkedIn (400,000), Google (280,000),
 * YouTube through Google Ads in EUR (160,000 at the document's rate 1.08) and a programmatic line on The
 * Trade Desk (110,000). The import keeps what maps and lists the rest with their amounts.
 */
const example = (): MediaPlan =>
  v.parse(
    MediaPlanSchema,
    JSON.parse(
      readFileSync(new URL('../fixtures/mediaplan/standard-example-v3.0.json', import.meta.url), 'utf8'),
    ),
  );

describe('the standard’s example', () => {
  it('is a MediaPlan Schema 3.0 document by our schema', () => {
    expect(example().lineitems).toHaveLength(4);
  });

  it('keeps the three line items on platforms we plan on and lists the programmatic one with its amount', () => {
    const { report, draft } = analyseImport(example(), []);
    expect(report.problems).toEqual([]);
    expect(report.lineItems.map((li) => [li.id, li.mappedPlatform, li.amountMinor])).toEqual([
      ['li_linkedin_sponsored_001', 'linkedin', 40_000_000],
      ['li_google_search_002', 'google', 28_000_000],
      // YouTube is planned through Google Ads; EUR 160,000 × 1.08 = USD 172,800, the document's own rate.
      ['li_youtube_video_003', 'google', 17_280_000],
    ]);
    expect(report.lineItems[2]).toMatchObject({
      costTotal: 160_000,
      costCurrency: 'EUR',
      exchangeRate: 1.08,
    });
    expect(report.leftOut).toEqual([
      expect.objectContaining({
        id: 'li_programmatic_display_004',
        mappedPlatform: null,
        costTotal: 110_000,
        costCurrency: 'USD',
        amountMinor: 11_000_000,
        reason: 'Neither “Premium Tech Publisher Network” nor “The Trade Desk” is a platform we plan on',
      }),
    ]);
    expect(report.warnings).toEqual([
      {
        path: 'lineitems.2.cost_currency_exchange_rate',
        message: 'YouTube Video - Product Demo: €160,000 converted at the document’s rate 1.08 to $172,800',
      },
      {
        path: 'campaign.budget_total',
        message:
          '$97,200 not allocated: the budget_total is $950,000, the line items kept add up to $852,800 (the draft’s budget)',
      },
    ]);
    expect(report.campaign).toMatchObject({
      objective: 4,
      currency: 'USD',
      budgetMinor: 85_280_000,
      statedBudgetMinor: 95_000_000,
    });
    expect(draft).toMatchObject({
      currency: 'USD',
      budgetMinor: 85_280_000,
      platforms: ['linkedin', 'google'],
      allocations: { linkedin: 40_000_000, google: 45_280_000 },
      audience: { locations: ['GB', 'DE', 'FR'], ageMin: 35, ageMax: 55, genders: [] },
    });
    expect(draft!.flights).toHaveLength(3);
  });

  it('holds the EUR line out without the document’s exchange rate: two kept, two listed, $270,000 not allocated', () => {
    const doc = example();
    delete doc.lineitems[2]!.cost_currency_exchange_rate;
    const { report, draft } = analyseImport(doc, []);
    expect(report.problems).toEqual([]);
    expect(report.lineItems.map((li) => li.id)).toEqual([
      'li_linkedin_sponsored_001',
      'li_google_search_002',
    ]);
    expect(
      report.leftOut.map((li) => [li.id, li.costTotal, li.costCurrency, li.amountMinor, li.reason]),
    ).toEqual([
      [
        'li_youtube_video_003',
        160_000,
        'EUR',
        null,
        'In EUR, the plan in USD, and the document gives no cost_currency_exchange_rate: not converted',
      ],
      [
        'li_programmatic_display_004',
        110_000,
        'USD',
        11_000_000,
        'Neither “Premium Tech Publisher Network” nor “The Trade Desk” is a platform we plan on',
      ],
    ]);
    expect(report.warnings).toEqual([
      {
        path: 'campaign.budget_total',
        message:
          '$270,000 not allocated: the budget_total is $950,000, the line items kept add up to $680,000 (the draft’s budget)',
      },
    ]);
    expect(draft).toMatchObject({
      budgetMinor: 68_000_000,
      allocations: { linkedin: 40_000_000, google: 28_000_000 },
    });
  });

  it('never uses a rate that cannot convert (zero, negative)', () => {
    for (const rate of [0, -1.08]) {
      const doc = example();
      doc.lineitems[2]!.cost_currency_exchange_rate = rate;
      const { report } = analyseImport(doc, []);
      expect(report.leftOut.map((li) => li.id)).toContain('li_youtube_video_003');
    }
  });

  it('warns, and does not refuse, when the kept line items add up to more than the budget_total', () => {
    const doc = example();
    doc.campaign.budget_total = 500_000;
    const { report, draft } = analyseImport(doc, []);
    expect(report.problems).toEqual([]);
    expect(report.warnings.at(-1)).toEqual({
      path: 'campaign.budget_total',
      message:
        'The line items kept add up to $852,800, more than the budget_total of $500,000: the draft’s budget is $852,800',
    });
    expect(draft?.budgetMinor).toBe(85_280_000);
  });

  it('reads the document’s meta as the import’s provenance', () => {
    expect(analyseImport(example(), []).report.source).toEqual({
      id: 'mp_2025_q3_globaltech_002',
      name: 'GlobalTech Q3 2025 Lead Generation Campaign',
      createdByName: 'Sarah Johnson',
      createdAt: '2025-09-01T10:15:00Z',
      parentId: 'mp_2025_q2_globaltech_001',
      isCurrent: true,
      workflowStatus: 'Approved - Live',
      revision: null,
      parentRevision: null,
    });
  });

  it('refuses a document that leaves nothing to import, saying why', () => {
    const doc = example();
    doc.lineitems = [doc.lineitems[3]!, { ...doc.lineitems[2]!, cost_currency_exchange_rate: undefined }];
    const { report, draft } = analyseImport(doc, []);
    expect(draft).toBeNull();
    expect(report.lineItems).toEqual([]);
    expect(report.leftOut).toHaveLength(2);
    expect(report.warnings).toEqual([]);
    expect(report.problems).toEqual([
      {
        path: 'lineitems',
        message:
          'Nothing to import: none of the document’s 2 line items can be planned (Neither “Premium Tech Publisher Network” nor “The Trade Desk” is a platform we plan on; In EUR, the plan in USD, and the document gives no cost_currency_exchange_rate: not converted)',
      },
    ]);
  });

  it('leaves out a line item outside the campaign’s dates or with more decimals than the currency has', () => {
    const doc = example();
    doc.lineitems[0]!.end_date = '2026-01-31';
    doc.lineitems[1]!.cost_total = 280_000.005;
    const { report } = analyseImport(doc, []);
    expect(report.leftOut.map((li) => [li.id, li.reason])).toEqual([
      ['li_linkedin_sponsored_001', 'It runs outside the campaign (2025-10-01 to 2025-12-31)'],
      ['li_google_search_002', 'Its cost_total has more decimals than USD has (2)'],
      [
        'li_programmatic_display_004',
        'Neither “Premium Tech Publisher Network” nor “The Trade Desk” is a platform we plan on',
      ],
    ]);
    expect(report.problems).toEqual([]);
  });
});

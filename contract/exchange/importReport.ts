import * as v from 'valibot';

/**
 * `POST /api/campaigns/import[?dryRun=true]` with a MediaPlan Schema 3.0 document as the body. The import
 * keeps what maps: the line items on platforms we plan on become the draft's flights; the others are
 * listed as left out with their amounts and the reason (a platform we do not plan on, another currency
 * without `cost_currency_exchange_rate`, dates outside the campaign…); a `budget_total` that differs from
 * the kept line items is a warning. A dry run answers 200 `{ report }`; the import answers 201
 * `{ campaignId, report }`. Refused (400, nothing saved): a body that is not a MediaPlan document at all
 * (each problem in `validationErrors` at its path, dry run or not), and a document that leaves nothing to
 * import (the dry run reports it in `problems`; the import answers 400 naming it).
 */

/** The largest document we read: a plan of 200 line items is far below it. */
export const IMPORT_MAX_BYTES = 2 * 1024 * 1024;

export const ImportProblemSchema = v.object({ path: v.string(), message: v.string() });
export type ImportProblem = v.InferOutput<typeof ImportProblemSchema>;

export const ImportLineItemSchema = v.object({
  id: v.string(),
  name: v.string(),
  /** The vehicle or partner as the document names it. */
  vehicle: v.nullable(v.string()),
  /** Our platform key, or null when the vehicle cannot be mapped. */
  mappedPlatform: v.nullable(v.string()),
  /** Why the line item is left out; absent on a kept one. */
  reason: v.optional(v.string()),
  startDate: v.string(),
  endDate: v.string(),
  /** In the plan's currency (converted at `exchangeRate` when the line is in another); null when it cannot be. */
  amountMinor: v.nullable(v.number()),
  /** The document's `cost_total` and `cost_currency`, as written (decimal, in that currency). */
  costTotal: v.number(),
  costCurrency: v.nullable(v.string()),
  /** The document's `cost_currency_exchange_rate`, when it was applied to a line in another currency. */
  exchangeRate: v.optional(v.number()),
});
export type ImportLineItem = v.InferOutput<typeof ImportLineItemSchema>;

/** One revision as the document's `meta.custom_properties` carries it (a Flightplan export's). */
export const ImportRevisionSchema = v.object({
  number: v.number(),
  status: v.string(),
  hash: v.string(),
  decidedAt: v.nullable(v.string()),
  decidedByName: v.nullable(v.string()),
  typedName: v.nullable(v.string()),
  confirmedWith: v.nullable(v.string()),
});
export type ImportRevision = v.InferOutput<typeof ImportRevisionSchema>;

/** Where the document comes from: its meta and workflow state, kept as the import's provenance. */
export const ImportSourceSchema = v.object({
  id: v.string(),
  name: v.nullable(v.string()),
  createdByName: v.string(),
  createdAt: v.string(),
  /** `meta.parent_id`: the document this one revises. */
  parentId: v.nullable(v.string()),
  /** `meta.is_current`: whether the document says it is the plan's current version. */
  isCurrent: v.nullable(v.boolean()),
  /** `campaign.workflow_status_name` (else `_id`): the state the other tool had the plan in. */
  workflowStatus: v.nullable(v.string()),
  /** A Flightplan export's revision (`meta.custom_properties.flightplan_revision`) and the one before. */
  revision: v.nullable(ImportRevisionSchema),
  parentRevision: v.nullable(ImportRevisionSchema),
});
export type ImportSource = v.InferOutput<typeof ImportSourceSchema>;

export const ImportReportSchema = v.object({
  campaign: v.object({
    name: v.string(),
    /** Null when neither the objective nor the line items' KPIs name one of ours. */
    objective: v.nullable(v.number()),
    currency: v.nullable(v.string()),
    start: v.string(),
    end: v.string(),
    /** The kept line items' sum: the draft's budget. */
    budgetMinor: v.number(),
    /** The document's `budget_total` in minor units (null when it cannot be read in the currency). */
    statedBudgetMinor: v.nullable(v.number()),
    /** The customer whose name is the document's advertiser, if this account has one. */
    customerId: v.nullable(v.string()),
  }),
  /** The line items the draft keeps, in the document's order. */
  lineItems: v.array(ImportLineItemSchema),
  /** The line items left out, each with its amount and the reason. */
  leftOut: v.array(ImportLineItemSchema),
  /** What the planner should know but does not stop the import ("$270,000 not allocated"). */
  warnings: v.array(ImportProblemSchema),
  /** What stops the import (nothing left to import, no objective or currency we plan in), at its path. */
  problems: v.array(ImportProblemSchema),
  /** The document's own meta: its id, author, revision chain and workflow state. */
  source: ImportSourceSchema,
});
export type ImportReport = v.InferOutput<typeof ImportReportSchema>;

export const ImportDryRunResultSchema = v.object({ report: ImportReportSchema });
export const ImportResultSchema = v.object({ campaignId: v.string(), report: ImportReportSchema });
export type ImportResult = v.InferOutput<typeof ImportResultSchema>;

/** The export files of a campaign, as the browser links them. */
export const EXPORT_FORMATS = [
  { key: 'mediaplan.json', label: 'Media plan (JSON)' },
  { key: 'flowchart.csv', label: 'Flowchart (CSV)' },
  { key: 'insertion-order.pdf', label: 'Insertion order (PDF)' },
] as const;
export const exportPath = (campaignId: string, key: (typeof EXPORT_FORMATS)[number]['key']) =>
  `/api/campaigns/${encodeURIComponent(campaignId)}/export/${key}`;

import * as v from 'valibot';

/**
 * `POST /api/campaigns/import[?dryRun=true]` with a MediaPlan Schema 3.0 document as the body. A dry run
 * answers 200 `{ report }`; the import answers 201 `{ campaignId, report }`, or 400 with each problem in
 * `validationErrors` at its path (`lineitems.3.vehicle`) and nothing saved. A body that is not a
 * MediaPlan document at all answers 400 either way.
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
  /** Our platform key, or null when the vehicle cannot be mapped (then `reason` says why). */
  mappedPlatform: v.nullable(v.string()),
  reason: v.optional(v.string()),
  startDate: v.string(),
  endDate: v.string(),
  amountMinor: v.nullable(v.number()),
});
export type ImportLineItem = v.InferOutput<typeof ImportLineItemSchema>;

export const ImportReportSchema = v.object({
  campaign: v.object({
    name: v.string(),
    /** Null when neither the objective nor the line items' KPIs name one of ours. */
    objective: v.nullable(v.number()),
    currency: v.nullable(v.string()),
    start: v.string(),
    end: v.string(),
    budgetMinor: v.number(),
    /** The customer whose name is the document's advertiser, if this account has one. */
    customerId: v.nullable(v.string()),
  }),
  lineItems: v.array(ImportLineItemSchema),
  /** The line items that cannot be mapped to a platform, with the reason. */
  unmapped: v.array(ImportLineItemSchema),
  /** Everything that keeps the import from saving, at its path in the document. */
  problems: v.array(ImportProblemSchema),
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

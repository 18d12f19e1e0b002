import {
  EXPORT_FORMATS,
  exportPath,
  ImportDryRunResultSchema,
  type ImportReport,
  type ImportResult,
  ImportResultSchema,
} from '@contract/exchange';
import { requestJson } from './http';

/**
 * The plan in and out (docs/exchange.md). Exports are plain downloads (links with the session
 * cookie); the import sends the MediaPlan JSON document, first as a dry run for the report.
 */

/** `POST /api/campaigns/import?dryRun=true`: what the import would do, nothing saved. */
export function checkPlanImport(document: unknown, signal?: AbortSignal): Promise<{ report: ImportReport }> {
  return requestJson('POST', 'api/campaigns/import', ImportDryRunResultSchema, {
    json: document,
    searchParams: { dryRun: 'true' },
    signal,
  });
}

/**
 * `POST /api/campaigns/import?fileName=`: the new draft campaign (201), or a 400 naming each problem. The
 * file's name goes to the change log ("imported from “q2-plan.json”").
 */
export function importPlan(
  document: unknown,
  fileName: string | null,
  signal?: AbortSignal,
): Promise<ImportResult> {
  return requestJson('POST', 'api/campaigns/import', ImportResultSchema, {
    json: document,
    ...(fileName ? { searchParams: { fileName } } : {}),
    signal,
  });
}

/** The export downloads of a campaign: label and URL. */
export const exportLinks = (campaignId: string) =>
  EXPORT_FORMATS.map((format) => ({ ...format, href: exportPath(campaignId, format.key) }));

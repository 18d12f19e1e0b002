import type { ImportReport, ImportResult } from '@contract/exchange';

/**
 * Types of the plan import dialog (`planImport`): choose a MediaPlan JSON file, read and parse it in the
 * browser, let the server check it (dry run), read the report, import it as a draft.
 */

/** The part of a browser `File` the chart reads; `src/` hands the real File through to `readFile`. */
export interface PlanFile {
  name: string;
  /** Bytes. */
  size: number;
}

export interface PlanImportContext {
  file: PlanFile | null;
  /** The parsed JSON document, sent to the dry run and the import. */
  document: unknown;
  report: ImportReport | null;
  /** Why the file, the check or the import was refused (null when nothing was). */
  error: string | null;
  /** The server's refusal of the document, field by field (`lineitems.3.vehicle` → message). */
  fieldErrors: Record<string, string>;
  campaignId: string | null;
}

export type PlanImportEvent =
  | { type: 'dialog.open' }
  | { type: 'dialog.close' }
  | { type: 'file.choose'; file: PlanFile }
  | { type: 'plan.import' }
  | { type: 'import.retry' };

export type PlanImportEmitted = { type: 'navigate'; to: string };

export type { ImportReport, ImportResult };

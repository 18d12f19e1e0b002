import {
  formatDocumentAmount,
  type ImportLineItem,
  type ImportProblem,
  type ImportReport,
  type ImportSource,
} from '@contract/exchange';
import type { SnapshotFrom } from 'xstate';
import type { PlanImportMachine } from './planImport.machine';
import type { PlanFile, PlanImportEvent } from './planImport.types';

export type PlanImportSnapshot = SnapshotFrom<PlanImportMachine>;

export const PLAN_IMPORT_PHASES = [
  'idle',
  'choosing',
  'reading',
  'checking',
  'report',
  'importing',
  'imported',
  'failed',
] as const;
export type PlanImportPhase = (typeof PLAN_IMPORT_PHASES)[number];

const STATUS: Partial<Record<PlanImportPhase, string>> = {
  reading: 'Reading the file…',
  checking: 'Checking the plan…',
  importing: 'Importing the plan…',
  imported: 'Imported: opening the plan…',
};

export interface LeftOutLine {
  id: string;
  name: string;
  /** The document's own amount ("€160,000"). */
  amount: string;
  reason: string;
}

const leftOutLine = (li: ImportLineItem): LeftOutLine => ({
  id: li.id,
  name: li.name,
  amount: formatDocumentAmount(li.costTotal, li.costCurrency),
  reason: li.reason ?? '',
});

/** The document's provenance in one line, or null when it says nothing beyond its id and author. */
export function provenanceOf(source: ImportSource): string | null {
  const parts: string[] = [];
  const { revision } = source;
  if (revision) {
    const decided = revision.decidedByName
      ? ` by ${revision.decidedByName}${revision.decidedAt ? ` on ${revision.decidedAt.slice(0, 10)}` : ''}`
      : '';
    parts.push(`Revision ${revision.number}, ${revision.status.replaceAll('_', ' ')}${decided}`);
  } else if (source.workflowStatus) parts.push(`Status “${source.workflowStatus}”`);
  if (source.isCurrent === false) parts.push('not the current version');
  if (source.parentId) parts.push(`revises ${source.parentId}`);
  if (parts.length === 0) return null;
  return `${parts.join(' · ')} (document ${source.id} by ${source.createdByName})`;
}

/** Everything the import dialog shows, derived from the chart's snapshot. */
export interface PlanImportView {
  isOpen: boolean;
  phase: PlanImportPhase;
  fileName: string | null;
  /** What is going on while the dialog waits, null otherwise. */
  status: string | null;
  isBusy: boolean;
  error: string | null;
  /** The server's refusal of the document, per path. */
  fieldErrors: ImportProblem[];
  report: ImportReport | null;
  /** The line items the draft keeps. */
  kept: ImportLineItem[];
  /** The line items left out, each with its amount in words and the reason. */
  leftOut: LeftOutLine[];
  /** What the planner should know; the import still goes ahead. */
  warnings: ImportProblem[];
  /** What stops the import. */
  problems: ImportProblem[];
  /** Where the document comes from: “Revision 3, approved by Jana Keller on … · document … · revises …”. */
  provenance: string | null;
  canChooseFile: boolean;
  showImport: boolean;
  canImport: boolean;
  importLabel: string;
  canRetry: boolean;
  /** “Import a plan”. */
  open: () => void;
  /** Cancel, Escape or a click outside. */
  close: () => void;
  chooseFile: (file: PlanFile) => void;
  /** “Import”. */
  importNow: () => void;
  /** “Try again” after a failed import. */
  retry: () => void;
}

export function connectPlanImport(
  snapshot: PlanImportSnapshot,
  send: (event: PlanImportEvent) => void,
): PlanImportView {
  const phase = PLAN_IMPORT_PHASES.find((p) => snapshot.matches(p)) ?? 'idle';
  const { file, report, error, fieldErrors } = snapshot.context;
  const showsReport = phase === 'report' || phase === 'importing' || phase === 'failed';
  const shown = showsReport ? report : null;
  return {
    open: () => send({ type: 'dialog.open' }),
    close: () => send({ type: 'dialog.close' }),
    chooseFile: (file) => send({ type: 'file.choose', file }),
    importNow: () => send({ type: 'plan.import' }),
    retry: () => send({ type: 'import.retry' }),
    isOpen: phase !== 'idle',
    phase,
    fileName: file?.name ?? null,
    status: STATUS[phase] ?? null,
    isBusy: phase === 'reading' || phase === 'checking' || phase === 'importing',
    error: phase === 'choosing' || phase === 'failed' ? error : null,
    fieldErrors:
      phase === 'choosing' ? Object.entries(fieldErrors).map(([path, message]) => ({ path, message })) : [],
    report: shown,
    kept: shown?.lineItems ?? [],
    leftOut: shown?.leftOut.map(leftOutLine) ?? [],
    warnings: shown?.warnings ?? [],
    problems: shown?.problems ?? [],
    provenance: shown ? provenanceOf(shown.source) : null,
    canChooseFile: phase === 'choosing' || phase === 'report' || phase === 'failed',
    showImport: phase === 'report' || phase === 'importing',
    canImport: phase === 'report' && report !== null && report.problems.length === 0,
    importLabel: phase === 'importing' ? 'Importing…' : 'Import',
    canRetry: phase === 'failed',
  };
}

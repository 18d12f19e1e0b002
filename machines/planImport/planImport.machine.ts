import { IMPORT_MAX_BYTES, type ImportReport, type ImportResult } from '@contract/exchange';
import { assertEvent, assign, emit, fromPromise, not, setup, stateIn } from 'xstate';
import { isServerFailure, NETWORK_ERROR_MESSAGE } from '../shared/errors';
import type { PlanFile, PlanImportContext, PlanImportEmitted, PlanImportEvent } from './planImport.types';

export const FILE_SIZE_MESSAGE = 'The file is larger than 2 MB: a MediaPlan export is far smaller';
export const notJsonMessage = (name: string) =>
  `“${name}” is not a JSON file: choose a MediaPlan Schema 3.0 JSON export`;

/** The document when `text` is a JSON object, else undefined (a list, a number or no JSON at all). */
export function parseJsonObject(text: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}

const messageOf = (error: unknown) => (isServerFailure(error) ? error.message : NETWORK_ERROR_MESSAGE);
const fieldErrorsOf = (error: unknown): Record<string, string> =>
  isServerFailure(error)
    ? Object.fromEntries(Object.entries(error.validationErrors ?? {}).map(([path, e]) => [path, e.message]))
    : {};
/** The server refused this document (4xx): choosing another file is the way on, not a retry. */
const isRefusal = (error: unknown) =>
  isServerFailure(error) && typeof error.status === 'number' && error.status >= 400 && error.status < 500;

const EMPTY = { file: null, document: null, report: null, error: null, fieldErrors: {}, campaignId: null };

export const planImportMachine = setup({
  types: {
    context: {} as PlanImportContext,
    events: {} as PlanImportEvent,
    emitted: {} as PlanImportEmitted,
  },
  actors: {
    /** The chosen file's text, read in the browser (`File.text()`); `src/` provides it. */
    readFile: fromPromise<string, PlanFile>(async () => {
      throw new Error('not provided: readFile');
    }),
    /** POST /api/campaigns/import?dryRun=true with the document; `src/` provides it. */
    checkPlan: fromPromise<{ report: ImportReport }, { document: unknown }>(async () => {
      throw new Error('not provided: checkPlan');
    }),
    /**
     * POST /api/campaigns/import with the document and the file's name (the change log says where the
     * draft came from): the new draft's id; `src/` provides it.
     */
    importPlan: fromPromise<ImportResult, { document: unknown; fileName: string | null }>(async () => {
      throw new Error('not provided: importPlan');
    }),
  },
  guards: {
    isTooLarge: ({ event }) => {
      assertEvent(event, 'file.choose');
      return event.file.size > IMPORT_MAX_BYTES;
    },
    isJsonObject: (_, params: { text: string }) => parseJsonObject(params.text) !== undefined,
    isRefusal: (_, params: { error: unknown }) => isRefusal(params.error),
    hasNoProblems: ({ context }) => context.report !== null && context.report.problems.length === 0,
    hasReport: ({ context }) => context.report !== null,
  },
  actions: {
    reset: assign(EMPTY),
    takeFile: assign(({ event }) => {
      assertEvent(event, 'file.choose');
      return { ...EMPTY, file: event.file };
    }),
    refuseSize: assign(({ event }) => {
      assertEvent(event, 'file.choose');
      return { ...EMPTY, file: event.file, error: FILE_SIZE_MESSAGE };
    }),
    takeDocument: assign((_, params: { text: string }) => ({
      document: parseJsonObject(params.text) ?? null,
    })),
    refuseNotJson: assign(({ context }) => ({
      error: notJsonMessage(context.file?.name ?? 'The file'),
      document: null,
    })),
    showReport: assign((_, params: { report: ImportReport }) => ({ report: params.report, error: null })),
    showRefusal: assign((_, params: { error: unknown }) => ({
      error: messageOf(params.error),
      fieldErrors: fieldErrorsOf(params.error),
    })),
    clearError: assign({ error: null, fieldErrors: {} }),
    keepCampaign: assign((_, params: { campaignId: string }) => ({
      campaignId: params.campaignId,
      error: null,
    })),
    openWizard: emit(({ context }) => ({
      type: 'navigate' as const,
      to: `/planning/wizard/${encodeURIComponent(context.campaignId ?? '')}`,
    })),
  },
}).createMachine({
  id: 'planImport',
  description:
    'Import a plan: the planner chooses a MediaPlan Schema 3.0 JSON file (another tool’s or an earlier ' +
    'export); it is read in the browser, checked by the server without saving, and the report shows the ' +
    'line items kept with their platforms, those left out with their amounts and why, and the warnings. ' +
    'What maps is imported as a new draft that opens in the wizard; a plan with nothing to import is not.',
  context: EMPTY,
  initial: 'idle',
  on: {
    // Closing while the draft is being created would hide an import that still happens.
    'dialog.close': { guard: not(stateIn('#planImport.importing')), target: '.idle', actions: 'reset' },
  },
  states: {
    idle: {
      description: 'The campaigns list with its “Import plan” button; the dialog is closed.',
      on: { 'dialog.open': { target: 'choosing', actions: 'reset' } },
    },
    choosing: {
      description:
        'The dialog asks for a MediaPlan JSON file (at most 2 MB). A refused file or document is named with ' +
        'the reason (not JSON, too large, or the server’s word on each field).',
      on: {
        'file.choose': [
          { guard: 'isTooLarge', target: 'choosing', reenter: true, actions: 'refuseSize' },
          { target: 'reading', actions: 'takeFile' },
        ],
      },
    },
    reading: {
      description: 'The file is read and parsed in the browser; nothing has left it yet.',
      invoke: {
        id: 'readFile',
        src: 'readFile',
        input: ({ context }) => context.file as PlanFile,
        onDone: [
          {
            guard: { type: 'isJsonObject', params: ({ event }) => ({ text: event.output }) },
            target: 'checking',
            actions: { type: 'takeDocument', params: ({ event }) => ({ text: event.output }) },
          },
          { target: 'choosing', actions: 'refuseNotJson' },
        ],
        onError: { target: 'choosing', actions: 'refuseNotJson' },
      },
    },
    checking: {
      description: 'The server checks the plan without saving anything (a dry run): “Checking the plan…”.',
      invoke: {
        id: 'checkPlan',
        src: 'checkPlan',
        input: ({ context }) => ({ document: context.document }),
        onDone: {
          target: 'report',
          actions: { type: 'showReport', params: ({ event }) => ({ report: event.output.report }) },
        },
        onError: [
          {
            guard: { type: 'isRefusal', params: ({ event }) => ({ error: event.error }) },
            target: 'choosing',
            actions: { type: 'showRefusal', params: ({ event }) => ({ error: event.error }) },
          },
          {
            target: 'failed',
            actions: { type: 'showRefusal', params: ({ event }) => ({ error: event.error }) },
          },
        ],
      },
    },
    report: {
      description:
        'The report: the campaign (name, objective, dates, budget), where the document comes from (its ' +
        'revision and workflow status), the line items kept with their platforms, those left out with their ' +
        'amounts and the reason (a platform we do not plan on, another currency without an exchange rate), ' +
        'and the warnings (“$270,000 not allocated”). “Import” is disabled only when something stops the ' +
        'import (nothing to import, no objective or currency we plan in); another file can be chosen.',
      on: {
        'plan.import': { guard: 'hasNoProblems', target: 'importing' },
        'file.choose': [
          { guard: 'isTooLarge', target: 'choosing', actions: 'refuseSize' },
          { target: 'reading', actions: 'takeFile' },
        ],
      },
    },
    importing: {
      description:
        'The draft campaign is being created with its platforms, flights and amounts: all or nothing.',
      invoke: {
        id: 'importPlan',
        src: 'importPlan',
        input: ({ context }) => ({ document: context.document, fileName: context.file?.name ?? null }),
        onDone: {
          target: 'imported',
          actions: [
            { type: 'keepCampaign', params: ({ event }) => ({ campaignId: event.output.campaignId }) },
            'openWizard',
          ],
        },
        onError: {
          target: 'failed',
          actions: { type: 'showRefusal', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    imported: {
      description: 'The draft exists; the wizard opens on it and resumes at its first incomplete step.',
    },
    failed: {
      description:
        'The check or the import did not go through (the server’s message, or no connection); nothing was ' +
        'saved. “Try again” repeats what failed.',
      on: {
        'import.retry': [
          { guard: 'hasReport', target: 'importing', actions: 'clearError' },
          { target: 'checking', actions: 'clearError' },
        ],
        'file.choose': [
          { guard: 'isTooLarge', target: 'choosing', actions: 'refuseSize' },
          { target: 'reading', actions: 'takeFile' },
        ],
      },
    },
  },
});

export type PlanImportMachine = typeof planImportMachine;

import type { ImportReport } from '@contract/exchange';
import { defineChart } from '../chart';
import { planImportMachine } from './planImport.machine';

const line = (id: string, mappedPlatform: string | null, vehicle: string, reason?: string) => ({
  id,
  name: `${vehicle} line`,
  vehicle,
  mappedPlatform,
  ...(reason ? { reason } : {}),
  startDate: '2099-02-01',
  endDate: '2099-02-28',
  amountMinor: 100_000,
  costTotal: 1000,
  costCurrency: 'EUR',
});
const campaign = {
  name: 'Nordlicht Q1 leads',
  objective: 4,
  currency: 'EUR',
  start: '2099-02-01',
  end: '2099-03-31',
  budgetMinor: 200_000,
  statedBudgetMinor: 300_000,
  customerId: null,
};
const source = {
  id: 'mp_nordlicht_2099_q1',
  name: 'Nordlicht Q1 2099',
  createdByName: 'Jana Keller',
  createdAt: '2098-12-01T09:30:00Z',
  parentId: 'mp_nordlicht_2099_q0',
  isCurrent: true,
  workflowStatus: 'Approved',
  revision: null,
  parentRevision: null,
};
const SPOTIFY = '“Spotify” is not a platform we plan on';
/** Two line items kept, one left out, the budget_total not all allocated: importable. */
export const CLEAN_REPORT: ImportReport = {
  campaign,
  lineItems: [line('li1', 'meta', 'Facebook'), line('li2', 'google', 'Google')],
  leftOut: [line('li3', null, 'Spotify', SPOTIFY)],
  warnings: [
    {
      path: 'campaign.budget_total',
      message:
        '€1,000 not allocated: the budget_total is €3,000, the line items kept add up to €2,000 (the draft’s budget)',
    },
  ],
  problems: [],
  source,
};
/** Nothing left to import: refused. */
export const REPORT_WITH_PROBLEMS: ImportReport = {
  campaign: { ...campaign, budgetMinor: 0 },
  lineItems: [],
  leftOut: [line('li2', null, 'Spotify', SPOTIFY)],
  warnings: [],
  problems: [
    {
      path: 'lineitems',
      message: `Nothing to import: none of the document’s 1 line items can be planned (${SPOTIFY})`,
    },
  ],
  source: { ...source, parentId: null, isCurrent: null, workflowStatus: null },
};

export const planImportChart = defineChart({
  name: 'planImport',
  title: 'Import a plan (MediaPlan JSON)',
  machine: planImportMachine,
  description: planImportMachine.root.description ?? '',
  events: [
    { type: 'dialog.open' },
    { type: 'dialog.close' },
    { type: 'file.choose', file: { name: 'agency-plan.json', size: 4_000 } },
    { type: 'file.choose', file: { name: 'huge.json', size: 3 * 1024 * 1024 } },
    { type: 'plan.import' },
    { type: 'import.retry' },
    { type: 'xstate.done.actor.readFile', output: '{"meta":{},"campaign":{},"lineitems":[]}' },
    { type: 'xstate.done.actor.readFile', output: '%PDF-1.7 not json' },
    { type: 'xstate.error.actor.readFile', error: new Error('The file could not be read') },
    { type: 'xstate.done.actor.checkPlan', output: { report: CLEAN_REPORT } },
    { type: 'xstate.done.actor.checkPlan', output: { report: REPORT_WITH_PROBLEMS } },
    {
      type: 'xstate.error.actor.checkPlan',
      error: {
        status: 400,
        message: 'meta.schema_version: Only MediaPlan Schema 3.0 documents can be imported',
        validationErrors: {
          'meta.schema_version': { message: 'Only MediaPlan Schema 3.0 documents can be imported' },
        },
      },
    },
    { type: 'xstate.error.actor.checkPlan', error: new TypeError('Failed to fetch') },
    {
      type: 'xstate.done.actor.importPlan',
      output: { campaignId: '00000000-0000-4000-8000-0000000000c9', report: CLEAN_REPORT },
    },
    { type: 'xstate.error.actor.importPlan', error: new TypeError('Failed to fetch') },
  ],
  abstractContext: (context) => ({
    ...context,
    document: context.document === null ? null : 'document',
  }),
});

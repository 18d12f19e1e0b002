import type { ImportReport } from '@contract/exchange';
import { defineChart } from '../chart';
import { planImportMachine } from './planImport.machine';

const line = (id: string, mappedPlatform: string | null, vehicle: string) => ({
  id,
  name: `${vehicle} line`,
  vehicle,
  mappedPlatform,
  ...(mappedPlatform ? {} : { reason: `“${vehicle}” is not a platform we can plan on` }),
  startDate: '2099-02-01',
  endDate: '2099-02-28',
  amountMinor: 100_000,
});
const campaign = {
  name: 'Nordlicht Q1 leads',
  objective: 4,
  currency: 'EUR',
  start: '2099-02-01',
  end: '2099-03-31',
  budgetMinor: 200_000,
  customerId: null,
};
export const CLEAN_REPORT: ImportReport = {
  campaign,
  lineItems: [line('li1', 'meta', 'Facebook'), line('li2', 'google', 'Google')],
  unmapped: [],
  problems: [],
};
export const REPORT_WITH_PROBLEMS: ImportReport = {
  campaign,
  lineItems: [line('li1', 'meta', 'Facebook'), line('li2', null, 'Spotify')],
  unmapped: [line('li2', null, 'Spotify')],
  problems: [{ path: 'lineitems.1.vehicle', message: '“Spotify” is not a platform we can plan on' }],
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

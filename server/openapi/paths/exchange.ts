import { ImportDryRunResultSchema, ImportResultSchema, MediaPlanSchema } from '@contract/exchange';
import * as v from 'valibot';
import { file, JSON_BODY, json, NO_ACCOUNT, NOT_FOUND, type OperationSpec, problem } from '../operation';
import { idParam } from './auth';

const tags = ['Exchange'];
const download = (name: string, summary: string, mediaType: string): OperationSpec => ({
  method: 'get',
  path: `/api/campaigns/{id}/export/${name}`,
  summary,
  description: 'An attachment named after the campaign.',
  tags,
  pathParams: idParam('campaign'),
  responses: { 200: file('The file', mediaType), ...NO_ACCOUNT, ...NOT_FOUND('campaign') },
});

/** Plans in and out (server/exchange/routes.ts; docs/exchange.md). */
export const exchangeOperations: OperationSpec[] = [
  download(
    'mediaplan.json',
    "The campaign's plan as a MediaPlan Schema 3.0 document, with its revision and approval in the meta",
    'application/json',
  ),
  download('flowchart.csv', "The plan's flowchart (one row per line item and flight)", 'text/csv'),
  download('insertion-order.pdf', 'The insertion order to sign, with the approval record', 'application/pdf'),
  {
    method: 'post',
    path: '/api/campaigns/import',
    summary: 'Import a MediaPlan Schema document as a new draft',
    description:
      'Keeps what maps: line items on platforms we plan on become flights, the others are listed in `leftOut` ' +
      'with their amounts and the reason; a `budget_total` that differs is a warning. With `dryRun=true` ' +
      'nothing is saved: the answer is the report. A document that leaves nothing to import answers 400 ' +
      "(the dry run lists why in `problems`). The import is written to the campaign's change log " +
      '(`GET /api/activity`, field `importedFrom`) in the same transaction: who, when, and the file ' +
      '(`fileName`) and document it came from.',
    tags,
    query: v.object({
      dryRun: v.optional(v.pipe(v.picklist(['true', '1', 'false', '0']), v.description('Only check'))),
      fileName: v.optional(
        v.pipe(
          v.string(),
          v.minLength(1),
          v.maxLength(255),
          v.description('The chosen file\'s name, for the change log ("imported from “q2-plan.json”")'),
        ),
      ),
    }),
    body: { json: MediaPlanSchema },
    responses: {
      201: json('Imported as a draft, with what was kept and left out', ImportResultSchema),
      200: json('Dry run: what would be imported', ImportDryRunResultSchema),
      ...NO_ACCOUNT,
      ...JSON_BODY,
      413: problem('Larger than 2 MB'),
    },
  },
];

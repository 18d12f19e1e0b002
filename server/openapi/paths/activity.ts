import { ACTIVITY_ENTITIES, ActivityActorsSchema, ActivityPageSchema } from '@contract/activity';
import { MAX_PAGE_SIZE, TOTAL_COUNT_HEADER } from '@contract/resources';
import * as v from 'valibot';
import { BAD_INPUT, json, NO_ACCOUNT, type OperationSpec } from '../operation';

const filters = {
  campaignId: v.optional(v.pipe(v.string(), v.uuid(), v.description('One campaign and its plan'))),
  actorId: v.optional(v.pipe(v.string(), v.uuid(), v.description('Who made the changes'))),
  entity: v.optional(v.picklist(ACTIVITY_ENTITIES)),
  from: v.optional(v.pipe(v.string(), v.isoDate(), v.description('First day (UTC)'))),
  to: v.optional(v.pipe(v.string(), v.isoDate(), v.description('Last day, inclusive (UTC)'))),
};

/** The change log (server/activity/routes.ts, docs/activity.md). */
export const activityOperations: OperationSpec[] = [
  {
    method: 'get',
    path: '/api/activity',
    summary: 'The change log of the current account, newest first',
    description:
      'One row per changed field (or created / deleted row): who, when, what, the value before and after ' +
      '(raw and in words), and the plan revision. Organization-level rows (members) only for who may manage ' +
      `members. Paged like the lists; \`${TOTAL_COUNT_HEADER}\` counts every match.`,
    tags: ['Activity'],
    query: v.object({
      ...filters,
      _start: v.optional(v.pipe(v.number(), v.integer(), v.minValue(0))),
      _end: v.optional(
        v.pipe(v.number(), v.integer(), v.minValue(0), v.description(`At most _start + ${MAX_PAGE_SIZE}`)),
      ),
    }),
    responses: {
      200: {
        ...json('One page of entries', ActivityPageSchema),
        headers: { [TOTAL_COUNT_HEADER]: 'Entries matching the filters' },
      },
      ...BAD_INPUT,
      ...NO_ACCOUNT,
    },
  },
  {
    method: 'get',
    path: '/api/activity.csv',
    summary: 'The change log as CSV (same filters, up to 10,000 rows)',
    tags: ['Activity'],
    query: v.object(filters),
    responses: {
      200: { description: 'CSV with a header row, downloaded as an attachment', files: ['text/csv'] },
      ...BAD_INPUT,
      ...NO_ACCOUNT,
    },
  },
  {
    method: 'get',
    path: '/api/activity/actors',
    summary: 'Who appears in the change log (the "who" filter)',
    tags: ['Activity'],
    responses: { 200: json('Members, by name', ActivityActorsSchema), ...NO_ACCOUNT },
  },
];

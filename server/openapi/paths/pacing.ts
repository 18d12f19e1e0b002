import {
  BudgetPacingSchema,
  CampaignDeliverySchema,
  DashboardSpendSchema,
  PacingSettingsSchema,
  PacingSettingsUpdateSchema,
} from '@contract/pacing';
import * as v from 'valibot';
import { BAD_INPUT, JSON_BODY, json, NO_ACCOUNT, NOT_FOUND, type OperationSpec, problem } from '../operation';
import { idParam } from './auth';

const asOf = v.object({
  asOf: v.optional(
    v.pipe(
      v.string(),
      v.isoDate(),
      v.description('See pacing as it stood on this day (YYYY-MM-DD); default today'),
    ),
  ),
});

/** Budget pacing, a campaign's delivery and the dashboard's spend (server/pacing, docs/pacing.md). */
export const pacingOperations: OperationSpec[] = [
  {
    method: 'get',
    path: '/api/budgets/{id}/pacing',
    summary: "A budget's pacing: spent, planned and projected against its amount",
    tags: ['Budgets'],
    pathParams: idParam('budget'),
    query: asOf,
    responses: {
      200: json('The pacing', BudgetPacingSchema),
      ...BAD_INPUT,
      ...NO_ACCOUNT,
      ...NOT_FOUND('budget'),
    },
  },
  {
    method: 'get',
    path: '/api/campaigns/{id}/delivery',
    summary: "A campaign's delivery and pacing, in total and per platform",
    tags: ['Campaigns'],
    pathParams: idParam('campaign'),
    query: asOf,
    responses: {
      200: json('The delivery', CampaignDeliverySchema),
      ...BAD_INPUT,
      ...NO_ACCOUNT,
      ...NOT_FOUND('campaign'),
    },
  },
  {
    method: 'get',
    path: '/api/dashboard/spend',
    summary: "The account's spend this month against plan (the dashboard)",
    tags: ['Reports'],
    query: asOf,
    responses: { 200: json('The spend', DashboardSpendSchema), ...BAD_INPUT, ...NO_ACCOUNT },
  },
  {
    method: 'get',
    path: '/api/pacing/settings',
    summary: "The account's pacing alert thresholds",
    description:
      'A flight or budget is off pace when spend to date is more than `underPercent` below, or `overPercent` ' +
      'above, what is planned (booked) to date. `isDefault`: no one changed them (15 % either way).',
    tags: ['Budgets'],
    responses: { 200: json('The thresholds', PacingSettingsSchema), ...NO_ACCOUNT },
  },
  {
    method: 'put',
    path: '/api/pacing/settings',
    summary: "Change the account's pacing alert thresholds (planners)",
    description: 'Whole per cents from 1 to 100. The next delivery sync judges the flights by them.',
    tags: ['Budgets'],
    body: { json: PacingSettingsUpdateSchema },
    responses: {
      200: json('The thresholds as saved', PacingSettingsSchema),
      ...JSON_BODY,
      ...NO_ACCOUNT,
      403: problem('The role may not change pacing alerts'),
    },
  },
];

import { defineChart } from '../chart';
import { duplicateCampaignMachine } from './duplicateCampaign.machine';

export const duplicateCampaignChart = defineChart({
  name: 'duplicateCampaign',
  title: 'Duplicate a campaign for the next period',
  machine: duplicateCampaignMachine,
  description: duplicateCampaignMachine.root.description ?? '',
  input: { id: '00000000-0000-4000-8000-000000000042' },
  events: [
    { type: 'name.change', value: '  ' },
    { type: 'name.change', value: ' Spring Launch Q2 ' },
    // "Shift dates by" a quarter in weeks; something that is not a number of days.
    { type: 'shift.change', value: '13' },
    { type: 'shift.unit', unit: 'weeks' },
    { type: 'shift.change', value: 'next spring' },
    // …or a new start date (the shift is worked out from it); cleared.
    { type: 'dates.mode', mode: 'startDate' },
    { type: 'start.change', value: '2027-04-05' },
    { type: 'start.change', value: '' },
    { type: 'dates.mode', mode: 'shift' },
    { type: 'modal.submit' },
    { type: 'modal.cancel' },
    { type: 'modal.retry' },
    {
      type: 'xstate.done.actor.loadSource',
      output: {
        name: 'Spring Launch',
        startDate: '2027-01-04',
        endDate: '2027-03-28',
        currency: 'EUR',
        customerName: 'Northwind Traders',
        budgets: [
          { id: 'b1', name: 'Q1 2027', periodStart: '2027-01-01', periodEnd: '2027-03-31' },
          { id: 'b2', name: 'Q2 2027', periodStart: '2027-04-01', periodEnd: '2027-06-30' },
        ],
      },
    },
    { type: 'xstate.done.actor.loadSource', output: null },
    { type: 'xstate.error.actor.loadSource', error: { status: 404, message: 'Not found' } },
    { type: 'xstate.error.actor.loadSource', error: new TypeError('Failed to fetch') },
    {
      type: 'xstate.done.actor.duplicate',
      output: { campaignId: 'c2', budget: { id: 'b2', name: 'Q2 2027' } },
    },
    {
      type: 'xstate.error.actor.duplicate',
      error: {
        status: 400,
        message: 'Invalid request',
        validationErrors: { name: { message: 'Enter a name for the new campaign.' } },
      },
    },
    {
      type: 'xstate.error.actor.duplicate',
      error: {
        status: 400,
        message: 'Shift the dates by a whole number of days, at most ten years either way',
        validationErrors: {
          shiftDays: { message: 'Shift the dates by a whole number of days, at most ten years either way' },
        },
      },
    },
    { type: 'xstate.error.actor.duplicate', error: new TypeError('Failed to fetch') },
  ],
});

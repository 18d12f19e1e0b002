import { defineChart } from '../chart';
import { pacingSettingsMachine } from './pacingSettings.machine';

export const pacingSettingsChart = defineChart({
  name: 'pacingSettings',
  title: 'Pacing alerts: the account’s thresholds',
  machine: pacingSettingsMachine,
  description: pacingSettingsMachine.root.description ?? '',
  input: { canManage: true, manageRefusal: null },
  events: [
    {
      type: 'xstate.done.actor.loadSettings',
      output: { underPercent: 15, overPercent: 15, isDefault: true, updatedAt: null },
    },
    { type: 'xstate.error.actor.loadSettings', error: new TypeError('Failed to fetch') },
    { type: 'retry' },
    { type: 'field.change', field: 'underPercent', value: '20' },
    { type: 'field.change', field: 'overPercent', value: '0' },
    { type: 'defaults.use' },
    { type: 'form.submit' },
    {
      type: 'xstate.done.actor.saveSettings',
      output: { underPercent: 20, overPercent: 15, isDefault: false, updatedAt: '2026-06-01T09:00:00.000Z' },
    },
    {
      type: 'xstate.error.actor.saveSettings',
      error: {
        status: 400,
        message: 'overPercent: The overpacing threshold must be at least 1 %',
        validationErrors: { overPercent: { message: 'The overpacing threshold must be at least 1 %' } },
      },
    },
    {
      type: 'xstate.error.actor.saveSettings',
      error: { status: 403, message: "Analysts can't change pacing alerts" },
    },
    { type: 'notice.dismiss' },
  ],
  abstractContext: (context) => ({
    values: context.values,
    fieldErrors: Object.keys(context.fieldErrors).sort(),
    saved: context.saved?.underPercent ?? null,
    notice: context.notice !== null,
    error: context.error !== null,
  }),
});

import { defineChart } from '../chart';
import { whiteLabelSettingsMachine } from './whiteLabelSettings.machine';
import type { WhiteLabelState } from './whiteLabelSettings.types';

const state = (hasFeature: boolean, brandName = ''): WhiteLabelState => ({
  hasFeature,
  isEnabled: brandName !== '',
  brandName,
  primaryHex: '#05d197',
  navbarHex: '#ffffff',
  iconUrl: null,
});

export const whiteLabelSettingsChart = defineChart({
  name: 'whiteLabelSettings',
  title: 'White-label settings',
  machine: whiteLabelSettingsMachine,
  description: whiteLabelSettingsMachine.root.description ?? '',
  events: [
    { type: 'xstate.done.actor.loadSettings', output: state(true) },
    { type: 'xstate.done.actor.loadSettings', output: state(false) },
    { type: 'xstate.error.actor.loadSettings', error: new TypeError('Failed to fetch') },
    { type: 'retry' },
    { type: 'field.change', field: 'navbarHex', value: '#1a1a2e' },
    { type: 'field.change', field: 'navbarHex', value: 'navy' },
    { type: 'enabled.change', value: true },
    { type: 'form.submit' },
    { type: 'form.reset' },
    { type: 'upgrade.required' },
    { type: 'xstate.done.actor.saveSettings', output: state(true, 'Acme Media') },
    {
      type: 'xstate.error.actor.saveSettings',
      error: {
        status: 403,
        message: 'Your plan does not include white-label branding. Upgrade to use it.',
        errorCode: 'REQUIRES_UPGRADE',
      },
    },
    {
      type: 'xstate.error.actor.saveSettings',
      error: {
        status: 400,
        message: 'Invalid request',
        validationErrors: { whiteLabelBrandName: { message: 'Use at most 60 characters' } },
      },
    },
  ],
});

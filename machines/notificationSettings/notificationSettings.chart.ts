import type { NotificationPreference } from '@contract/notifications';
import { defineChart } from '../chart';
import { notificationSettingsMachine } from './notificationSettings.machine';

const preferences = (approvalByEmail: boolean): NotificationPreference[] => [
  { kind: 'approval_requested', label: 'A plan waits for my approval', email: approvalByEmail },
  { kind: 'budget_off_pace', label: 'A budget goes off pace', email: false },
];

export const notificationSettingsChart = defineChart({
  name: 'notificationSettings',
  title: 'Notification e-mail settings',
  machine: notificationSettingsMachine,
  description: notificationSettingsMachine.root.description ?? '',
  events: [
    { type: 'xstate.done.actor.loadPreferences', output: { preferences: preferences(true), digest: false } },
    { type: 'xstate.error.actor.loadPreferences', error: new TypeError('Failed to fetch') },
    { type: 'retry' },
    { type: 'email.change', kind: 'approval_requested', email: false },
    { type: 'email.change', kind: 'approval_requested', email: true },
    { type: 'xstate.done.actor.savePreference', output: preferences(false) },
    { type: 'xstate.error.actor.savePreference', error: { status: 400, message: 'Choose one of …' } },
    { type: 'digest.change', value: true },
    { type: 'digest.change', value: false },
    { type: 'xstate.done.actor.saveDigest', output: { pacingDigest: true } },
    { type: 'xstate.error.actor.saveDigest', error: new TypeError('Failed to fetch') },
    { type: 'notice.dismiss' },
  ],
});

import { defineChart } from '../chart';
import { signOffSettingMachine } from './signOffSetting.machine';

export const signOffSettingChart = defineChart({
  name: 'signOffSetting',
  title: 'Client sign-off: launch needs sign-off',
  machine: signOffSettingMachine,
  description: signOffSettingMachine.root.description ?? '',
  input: { organizationId: 'org-1', canManage: true, manageRefusal: null },
  events: [
    { type: 'xstate.done.actor.loadSetting', output: { launchNeedsSignOff: false } },
    { type: 'xstate.error.actor.loadSetting', error: new TypeError('Failed to fetch') },
    { type: 'retry' },
    { type: 'signOff.change', value: true },
    { type: 'signOff.change', value: false },
    { type: 'xstate.done.actor.saveSetting', output: { launchNeedsSignOff: true } },
    { type: 'xstate.done.actor.saveSetting', output: { launchNeedsSignOff: false } },
    {
      type: 'xstate.error.actor.saveSetting',
      error: { status: 403, message: 'Analysts can’t manage the organization' },
    },
    { type: 'notice.dismiss' },
  ],
});

/** What each state of the Team page's “Client sign-off” card promises (issue 27). */
import { connectSignOffSetting } from '@machines/signOffSetting/signOffSetting.connect';
import { signOffSettingMachine } from '@machines/signOffSetting/signOffSetting.machine';
import { defineOracle, expectEqual, expectFields, expectThat, type OracleCheck } from '../oracle';
import { formMessage, NETWORK_MESSAGE } from './shared';

type Machine = typeof signOffSettingMachine;
type Step = Parameters<OracleCheck<Machine>>[0];

const view = (step: Step) => connectSignOffSetting(step.snapshot, () => {});
const ON = 'Launch now needs sign-off: campaigns launch only once a client approved the plan as it is.';
const OFF = 'Launch no longer needs sign-off.';

export const signOffSettingOracle = defineOracle(signOffSettingMachine, {
  events: {
    'xstate.done.actor.saveSetting': ({ context, event }) => {
      const saved = (event.output as { launchNeedsSignOff: boolean }).launchNeedsSignOff;
      expectFields(context, { launchNeedsSignOff: saved, notice: saved ? ON : OFF, error: null });
    },
    'xstate.error.actor.saveSetting': ({ context, event, previous }) => {
      expectEqual(context.launchNeedsSignOff, previous!.context.launchNeedsSignOff, 'unchanged');
      expectEqual(context.error, formMessage(event.error), 'the refusal');
    },
    'notice.dismiss': ({ context }) => expectFields(context, { notice: null, error: null }),
  },
  states: {
    loading: (step) => expectFields(view(step), { isLoading: true, isDisabled: true, loadError: null }),
    failed: (step) => expectFields(view(step), { isLoading: false, loadError: NETWORK_MESSAGE }),
    ready: (step) => {
      const { context } = step;
      expectFields(view(step), {
        isLoading: false,
        loadError: null,
        isSaving: false,
        checked: context.launchNeedsSignOff,
        isDisabled: !context.canManage,
      });
    },
    saving: (step) => {
      const { context, event } = step;
      expectThat(context.canManage, 'saved without the right');
      expectEqual(event.type, 'signOff.change', 'the switch moved');
      expectFields(view(step), {
        isSaving: true,
        isDisabled: true,
        checked: event.value,
        notice: null,
        error: null,
      });
    },
  },
});

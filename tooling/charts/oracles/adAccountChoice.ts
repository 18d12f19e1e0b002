/** What each state of the ad-account chooser promises (issue 29). */
import { connectAdAccountChoice } from '@machines/adAccountChoice/adAccountChoice.connect';
import { adAccountChoiceMachine } from '@machines/adAccountChoice/adAccountChoice.machine';
import { defineOracle, expectEqual, expectFields, expectThat, type OracleCheck } from '../oracle';
import { fieldMessage, formMessage } from './shared';

type Machine = typeof adAccountChoiceMachine;
type Step = Parameters<OracleCheck<Machine>>[0];

const view = (step: Step) => connectAdAccountChoice(step.snapshot, () => {});
/** Spec (issue 29): a choice lasts 10 minutes and is used once. */
const GONE = 'That choice of ad account expired or was already used. Connect again to choose one.';

export const adAccountChoiceOracle = defineOracle(adAccountChoiceMachine, {
  events: {
    'choice.submit': ({ context, snapshot }) => {
      if (context.selectedId === null)
        expectEqual(context.fieldError, 'Choose an ad account.', 'asks for one');
      else expectThat(snapshot.matches('connecting'), 'connects the one chosen');
    },
    'account.select': ({ context, event }) => {
      expectEqual(context.selectedId, event.id, 'the account picked');
      expectEqual(context.fieldError, null, 'the request to choose is answered');
    },
    'xstate.error.actor.chooseAdAccount': ({ context, event, snapshot }) => {
      if (snapshot.matches('gone')) return;
      const field = fieldMessage(event.error, 'adAccountId');
      if (field) expectEqual(context.fieldError, field, 'the refusal of the choice, under the list');
      else expectEqual(context.error, formMessage(event.error), 'the failure, above the buttons');
    },
    'xstate.done.actor.chooseAdAccount': ({ context, emitted }) =>
      expectEqual(emitted, [{ type: 'connected', platform: context.platform }], 'the list says connected'),
    'choice.cancel': ({ emitted }) => expectEqual(emitted, [{ type: 'closed' }], 'closed, nothing connected'),
  },
  states: {
    loading: (step) => expectFields(view(step), { isOpen: true, isLoading: true, canSubmit: false }),
    loadFailed: (step) => {
      const v = view(step);
      expectFields(v, { isOpen: true, canRetry: true, canSubmit: false });
      expectThat(v.error !== null, 'says why the list is missing');
    },
    choosing: (step) => {
      const v = view(step);
      expectFields(v, { isOpen: true, isLoading: false, canSubmit: true, isConnecting: false });
      expectEqual(v.title, 'Choose the Google Ads ad account', 'names the platform');
      expectEqual(v.options.length, 2, 'every ad account reached');
      // Ids, currency and the manager they are reached through: what tells two accounts apart.
      expectEqual(v.options[0]?.detail, '1112223334 · EUR · via Agency MCC', 'id, currency, manager');
      expectEqual(
        v.options.filter((o) => o.isSelected).map((o) => o.id),
        step.context.selectedId ? [step.context.selectedId] : [],
        'the one picked is marked',
      );
    },
    connecting: (step) => {
      expectThat(step.context.selectedId !== null, 'connects only a chosen account');
      expectFields(view(step), { isConnecting: true, canSubmit: false, submitLabel: 'Connecting…' });
    },
    gone: (step) => {
      const v = view(step);
      expectFields(v, { isOpen: true, text: GONE, canSubmit: false });
      expectEqual(v.options, [], 'nothing left to choose');
    },
    connected: (step) => expectFields(view(step), { isOpen: false }),
    closed: (step) => expectFields(view(step), { isOpen: false }),
  },
});

/** What each state of the campaign page's pacing suggestion promises (issue 28). */
import { connectPacingSuggestion } from '@machines/pacingSuggestion/pacingSuggestion.connect';
import { pacingSuggestionMachine } from '@machines/pacingSuggestion/pacingSuggestion.machine';
import { defineOracle, expectEqual, expectFields, expectThat, type OracleCheck } from '../oracle';
import { formMessage } from './shared';

type Machine = typeof pacingSuggestionMachine;
type Step = Parameters<OracleCheck<Machine>>[0];

const view = (step: Step) => connectPacingSuggestion(step.snapshot, () => {});

export const pacingSuggestionOracle = defineOracle(pacingSuggestionMachine, {
  events: {
    'xstate.error.actor.applySuggestion': ({ context, event, emitted }) => {
      expectEqual(context.error, formMessage(event.error), 'the refusal, in the server’s words');
      expectEqual(emitted, [], 'stays on the campaign page');
    },
    'xstate.done.actor.applySuggestion': ({ context, emitted }) =>
      // The change is reviewed (and applied) in the wizard's review of this campaign.
      expectEqual(
        emitted,
        [{ type: 'navigate', to: `/planning/wizard/${context.campaignId}/review` }],
        'opens the review',
      ),
    'error.dismiss': ({ context }) => expectEqual(context.error, null, 'the refusal dismissed'),
  },
  states: {
    offered: (step) => {
      const v = view(step);
      const { suggestion } = step.context;
      expectFields(v, { isShown: true, isApplying: false });
      // Money with its currency, platforms by name.
      expectThat(/€[\d,]+(\.\d\d)?/.test(v.title), `the amount with its currency: ${v.title}`);
      expectThat(!v.title.includes(suggestion.fromPlatform), 'names, not keys');
    },
    applying: (step) => {
      expectThat(step.context.canApply, 'applied without the right');
      expectFields(view(step), { isShown: true, isApplying: true, error: null });
    },
    opened: (step) => expectFields(view(step), { isShown: false }),
    dismissed: (step) => {
      expectFields(view(step), { isShown: false });
      expectEqual(step.emitted, [], 'nothing sent, nowhere to go');
    },
  },
});

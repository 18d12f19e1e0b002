/**
 * What each state of the campaign page's delivery card promises (chart input: campaign `c1`). Spec: with
 * no reported day the card says nothing was delivered; otherwise flights and platforms are shown.
 */
import { connectCampaignDelivery } from '@machines/campaignDelivery/campaignDelivery.connect';
import { campaignDeliveryMachine } from '@machines/campaignDelivery/campaignDelivery.machine';
import { defineOracle, expectEqual, expectFields, type OracleStep } from '../oracle';
import { formMessage, sentBy } from './shared';

type Step = OracleStep<typeof campaignDeliveryMachine>;
const view = (step: Step) => connectCampaignDelivery(step.snapshot, () => {});
/** What a command of the view sends (checked against the spec's event). */
const sends = (step: Step, use: (shown: ReturnType<typeof view>) => void) =>
  sentBy((send) => connectCampaignDelivery(step.snapshot, send), use);

export const campaignDeliveryOracle = defineOracle(campaignDeliveryMachine, {
  always: (step) => expectEqual(step.context.campaignId, 'c1', 'campaign'),
  states: {
    loading: (step) => {
      expectFields(view(step), { phase: 'loading', delivery: null, errorMessage: null });
      const request = step.snapshot.children.loadDelivery as { options?: { input?: unknown } } | undefined;
      expectEqual(request?.options?.input, { campaignId: 'c1' }, 'request');
    },
    empty: (step) => {
      expectFields(view(step), { phase: 'empty', delivery: step.event.output, errorMessage: null });
      expectEqual((step.event.output as { daily: unknown[] }).daily, [], 'days delivered');
    },
    shown: (step) => {
      expectFields(view(step), { phase: 'shown', delivery: step.event.output, errorMessage: null });
      expectEqual((step.event.output as { daily: unknown[] }).daily.length > 0, true, 'days delivered');
    },
    failed: (step) => {
      expectEqual(
        sends(step, (card) => card.retry()),
        [{ type: 'delivery.retry' }],
        'Try again sends',
      );

      expectFields(view(step), {
        phase: 'failed',
        delivery: null,
        errorMessage: formMessage(step.event.error),
      });
      expectEqual(step.context.error, step.event.error, 'error kept');
    },
  },
});

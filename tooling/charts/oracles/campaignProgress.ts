/**
 * What each state of the campaign page's progress section promises (chart input: campaign `c1`). While a
 * launch or a delete is under way (the campaign launching or deleting, or a platform pending, in review or
 * deleting) the page checks again every second; otherwise it has settled.
 */
import { connectCampaignProgress } from '@machines/campaignProgress/campaignProgress.connect';
import { campaignProgressMachine } from '@machines/campaignProgress/campaignProgress.machine';
import type { ProgressDetail } from '@machines/campaignProgress/campaignProgress.types';
import { defineOracle, expectEqual, expectFields, expectThat, type OracleStep } from '../oracle';
import { formMessage, sentBy } from './shared';

type Machine = typeof campaignProgressMachine;
type Step = OracleStep<Machine>;

const view = (step: Step) => connectCampaignProgress(step.snapshot, () => {});
/** What a command of the view sends (checked against the spec's event). */
const sends = (step: Step, use: (shown: ReturnType<typeof view>) => void) =>
  sentBy((send) => connectCampaignProgress(step.snapshot, send), use);

/** Spec: still moving while the campaign is launching or deleting, or a platform pending, in review or deleting. */
const isMoving = (detail: ProgressDetail) =>
  ['launching', 'deleting'].includes(detail.status) ||
  detail.platforms.some((platform) => ['pending', 'in_review', 'deleting'].includes(platform.status));

/** The campaign page asks for the campaign of the chart's input, on every load and check. */
const expectRequest = (step: Step, id: 'loadDetail' | 'refreshDetail') => {
  const request = step.snapshot.children[id] as { options?: { input?: unknown } } | undefined;
  expectThat(request !== undefined, `no ${id} request on its way`);
  expectEqual(request.options?.input, { campaignId: 'c1' }, 'request');
};

/** A load's answer is what the page shows, and the last error is forgotten. */
const expectAnswerShown = (step: Step) => {
  expectEqual(step.context.detail, step.event.output, 'detail shown');
  expectEqual(step.context.error, null, 'error kept after a good answer');
};

export const campaignProgressOracle = defineOracle(campaignProgressMachine, {
  always: (step) => expectEqual(step.context.campaignId, 'c1', 'campaign'),
  states: {
    loading: (step) => {
      expectFields(view(step), { phase: 'loading', isLive: false, errorMessage: null });
      expectRequest(step, 'loadDetail');
      if (step.index === 0) expectEqual(step.context.detail, null, 'detail before the first load');
      else expectThat(['progress.refresh', 'progress.retry'].includes(step.event.type), 'reloaded by itself');
    },
    'watching.waiting': (step) => {
      expectFields(view(step), { phase: 'watching', isLive: true, errorMessage: null });
      expectAnswerShown(step);
      expectThat(isMoving(step.context.detail!), 'watching a campaign that is not moving');
      expectEqual(Object.keys(step.snapshot.children), [], 'requests on their way');
    },
    'watching.refreshing': (step) => {
      // A second later, checking again: the last known statuses stay on screen.
      expectEqual(step.event.type, 'xstate.after.pollInterval.campaignProgress.watching.waiting', 'event');
      expectFields(view(step), { phase: 'watching', isLive: true, detail: step.previous!.context.detail });
      expectRequest(step, 'refreshDetail');
    },
    settled: (step) => {
      expectEqual(
        sends(step, (page) => page.refresh()),
        [{ type: 'progress.refresh' }],
        'refresh sends',
      );

      expectFields(view(step), { phase: 'settled', isLive: false, errorMessage: null });
      expectAnswerShown(step);
      expectThat(!isMoving(step.context.detail!), 'settled while the campaign is still moving');
      expectEqual(Object.keys(step.snapshot.children), [], 'requests on their way');
    },
    failed: (step) => {
      expectEqual(
        sends(step, (page) => page.retry()),
        [{ type: 'progress.retry' }],
        'Try again sends',
      );

      // The page says why, and offers “Try again”; a check that failed keeps the last statuses known.
      expectFields(view(step), {
        phase: 'failed',
        isLive: false,
        errorMessage: formMessage(step.event.error),
        detail: step.previous!.context.detail,
      });
      expectEqual(step.context.error, step.event.error, 'error kept');
    },
  },
});

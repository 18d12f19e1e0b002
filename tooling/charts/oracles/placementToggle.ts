/**
 * What each state of the campaign page's per-platform pause and resume promises (issue 28), written from
 * the issue: each platform's row offers Pause while it runs (active or scheduled) and Resume while it is
 * paused, only while the campaign is neither busy nor finished; the row's request goes through the step-up
 * confirmation (resuming asks for it); while it is on its way the row reads “Pausing…” / “Resuming…” and
 * every row waits; accepted, the page hears `placement.sent` and follows the job; refused, the reason is
 * said in that platform's row; an expired step-up says so there; a closed step-up dialog changes nothing.
 */
import { connectPlacementToggle } from '@machines/placementToggle/placementToggle.connect';
import { placementToggleMachine } from '@machines/placementToggle/placementToggle.machine';
import { defineOracle, expectEqual, expectFields, type OracleStep } from '../oracle';
import { sentBy } from './shared';

type Machine = typeof placementToggleMachine;
type Step = OracleStep<Machine>;

const EXPIRED = 'The confirmation took too long and expired. Try again.';
const TIKTOK = { key: 'tiktok', displayName: 'TikTok' };
const META = { key: 'meta', displayName: 'Meta' };

const view = (step: Step) => connectPlacementToggle(step.snapshot, () => {});

/** How the step-up confirmation ended (the sendToggle done event's output). */
const outcomeOf = (step: Step) =>
  step.event.output as { status: 'sent' | 'refused' | 'cancelled' | 'expired'; error?: unknown };

/** The rows the issue describes, in an active campaign and in others. */
function expectOffers(step: Step) {
  const shown = view(step);
  const row = (campaign: string, status: string, platform = TIKTOK) =>
    shown.rowOf(campaign as never, { ...platform, status: status as never });
  // A running platform of a running campaign: Pause; a paused one: Resume.
  expectFields(row('active', 'active'), {
    action: 'pause',
    label: 'Pause',
    accessibleLabel: 'Pause TikTok',
    disabled: false,
  });
  expectFields(row('scheduled', 'scheduled', META), {
    action: 'pause',
    label: 'Pause',
    accessibleLabel: 'Pause Meta',
  });
  expectFields(row('active', 'paused'), {
    action: 'resume',
    label: 'Resume',
    accessibleLabel: 'Resume TikTok',
  });
  expectFields(row('paused', 'paused'), { action: 'resume', label: 'Resume' });
  // Nothing while a job works on the campaign, before a launch, after the end, or on a platform that refused.
  for (const [campaign, status] of [
    ['pausing', 'active'],
    ['resuming', 'paused'],
    ['deleting', 'deleting'],
    ['draft', 'pending'],
    ['completed', 'active'],
    ['failed', 'rejected'],
    ['active', 'rejected'],
  ])
    expectEqual(row(campaign!, status!).action, null, `no button: ${campaign} campaign, ${status} platform`);
  // The buttons send the row's request, naming the platform.
  expectEqual(
    sentBy(
      (send) => connectPlacementToggle(step.snapshot, send),
      (v) => {
        v.rowOf('active', { ...TIKTOK, status: 'active' }).press();
        v.rowOf('active', { ...META, status: 'paused' }).press();
      },
    ),
    [
      { type: 'platform.pause', platformKey: 'tiktok', platformName: 'TikTok' },
      { type: 'platform.resume', platformKey: 'meta', platformName: 'Meta' },
    ] as never,
    'the rows send',
  );
}

export const placementToggleOracle = defineOracle(placementToggleMachine, {
  always: ({ context }) => {
    expectEqual(context.campaignId, 'c1', 'the campaign of the page');
  },
  events: {
    'platform.*': ({ context, event }) => {
      expectEqual(
        context.request,
        {
          platformKey: event.platformKey,
          platformName: event.platformName,
          action: event.type === 'platform.pause' ? 'pause' : 'resume',
        },
        'the request of the row pressed',
      );
      expectEqual(context.refusal, null, 'an earlier refusal is gone');
    },
  },
  states: {
    idle: (step) => {
      const { context, event, emitted } = step;
      expectEqual(view(step).isSending, false, 'nothing on its way');
      expectEqual(context.request, null, 'no request on its way');
      expectOffers(step);
      if (event.type !== 'xstate.done.actor.sendToggle') {
        expectEqual(emitted, [], 'nothing told to the page');
        return;
      }
      const previous = step.previous!.context.request!;
      const outcome = outcomeOf(step);
      expectEqual(
        emitted,
        outcome.status === 'sent'
          ? [{ type: 'placement.sent', platformKey: previous.platformKey, action: previous.action }]
          : [],
        'the page follows the job only once the server took it',
      );
      const refusal =
        outcome.status === 'refused'
          ? (outcome.error as { businessError?: { message: string } }).businessError!.message
          : outcome.status === 'expired'
            ? EXPIRED
            : null;
      expectEqual(
        context.refusal,
        refusal === null
          ? outcome.status === 'cancelled'
            ? step.previous!.context.refusal
            : null
          : {
              platformKey: previous.platformKey,
              message: refusal,
            },
        'what the row says',
      );
      if (refusal) {
        const row = view(step).rowOf('active', {
          key: previous.platformKey,
          displayName: 'TikTok',
          status: 'active',
        });
        expectEqual(row.refusal, refusal, 'said in the row of the platform it is about');
        expectEqual(
          view(step).rowOf('active', { ...META, status: 'active' }).refusal,
          null,
          'not in the other rows',
        );
      }
    },
    sending: (step) => {
      const { context } = step;
      const shown = view(step);
      expectEqual(shown.isSending, true, 'a request is on its way');
      const request = context.request!;
      const mine = shown.rowOf('pausing', {
        key: request.platformKey,
        displayName: request.platformName,
        status: 'active',
      });
      expectFields(mine, {
        action: request.action,
        label: request.action === 'pause' ? 'Pausing…' : 'Resuming…',
        disabled: true,
      });
      expectEqual(shown.rowOf('active', { ...META, status: 'active' }).disabled, true, 'every row waits');
    },
  },
});

import type { PreflightCheck } from '@contract/planning';
import { defineChart } from '../../chart';
import { planningPreflightMachine } from './planningPreflight.machine';
import type { PlanningPreflightContext } from './planningPreflight.types';

const check = (
  platform: string,
  result: PreflightCheck['result'],
  message: string | null,
  connection?: PreflightCheck['connection'],
): PreflightCheck => ({
  platform,
  displayName: platform === 'meta' ? 'Meta' : 'TikTok',
  result,
  ...(connection ? { connection } : {}),
  message,
});

const summarize = (context: PlanningPreflightContext) => ({
  answered: context.checks !== null,
  refused: context.checks?.some((c) => c.result !== 'passed') ?? false,
  failed: context.error !== null,
});

export const planningPreflightChart = defineChart({
  name: 'planningPreflight',
  title: 'Planning wizard: pre-flight checks on the review',
  machine: planningPreflightMachine,
  description: planningPreflightMachine.root.description ?? '',
  input: { campaignId: 'c1' },
  abstractContext: summarize,
  selectContext: summarize,
  events: [
    { type: 'preflight.recheck' },
    {
      type: 'xstate.done.actor.loadPreflight',
      output: [check('meta', 'passed', null), check('tiktok', 'passed', null)],
    },
    {
      type: 'xstate.done.actor.loadPreflight',
      output: [
        check('meta', 'passed', null),
        check('tiktok', 'refused', 'TikTok needs at least €20.00 a day: at least €600.00 over 30 days.'),
      ],
    },
    {
      type: 'xstate.done.actor.loadPreflight',
      output: [
        check(
          'meta',
          'not_connected',
          'Meta needs reconnecting: reconnect it under Platforms.',
          'needs_reconnect',
        ),
        check(
          'tiktok',
          'not_connected',
          'TikTok is not connected: connect it under Platforms.',
          'not_connected',
        ),
      ],
    },
    { type: 'xstate.error.actor.loadPreflight', error: new TypeError('Failed to fetch') },
  ],
});

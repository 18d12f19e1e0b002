import { assign, fromPromise, setup } from 'xstate';
import { isCampaignBusy } from '../campaignLifecycle/campaignLifecycle.rules';
import { POLL_MS } from '../delays';
import { type LoadDone, loadStates } from '../shared/loadStates';
import type {
  CampaignProgressContext,
  CampaignProgressEvent,
  CampaignProgressInput,
  LoadDetailInput,
  ProgressDetail,
} from './campaignProgress.types';

/**
 * True while the server is still working on the campaign: the lifecycle chart waits for a job's outcome
 * (launching, pausing, resuming, deleting). A draft's platforms show pending but nothing moves them.
 */
export function isDetailInProgress(detail: ProgressDetail): boolean {
  return isCampaignBusy(detail.status);
}

/** Loading the campaign's detail, and trying again when it failed. */
const detailLoad = loadStates({
  actor: 'loadDetail',
  input: (context: CampaignProgressContext) => ({ campaignId: context.campaignId }),
  descriptions: {
    loading: 'The campaign and its platforms are being loaded.',
    failed: 'The campaign could not be loaded; the user can try again.',
  },
  onDone: [
    {
      guard: { type: 'isInProgress', params: ({ event }: LoadDone<ProgressDetail>) => event },
      target: 'watching',
      actions: 'setDetail',
    },
    { target: 'settled', actions: 'setDetail' },
  ],
  failAction: 'setError',
  retry: { event: 'progress.retry' },
});

export const campaignProgressMachine = setup({
  types: {
    context: {} as CampaignProgressContext,
    events: {} as CampaignProgressEvent,
    input: {} as CampaignProgressInput,
  },
  actors: {
    /** GET /data/campaigns/detail?campaignId=…; `src/` provides it. Rejects with an ApiError. */
    loadDetail: fromPromise<ProgressDetail, LoadDetailInput>(async () => {
      throw new Error('not provided: loadDetail');
    }),
  },
  delays: {
    pollInterval: POLL_MS,
  },
  guards: {
    isInProgress: (_, params: { output: ProgressDetail }) => isDetailInProgress(params.output),
  },
  actions: {
    /** Keeps the loaded campaign (from the done event of loadDetail or refreshDetail). */
    setDetail: assign(({ event }) => ({
      detail: (event as unknown as { output: ProgressDetail }).output,
      error: null,
    })),
    /** Keeps why the load failed (from the error event of loadDetail or refreshDetail). */
    setError: assign(({ event }) => ({ error: (event as unknown as { error: unknown }).error })),
  },
}).createMachine({
  id: 'campaignProgress',
  description:
    'Shows how a campaign is doing on each ad platform, checking again every second while a launch, pause, resume or delete is under way.',
  context: ({ input }) => ({ campaignId: input.campaignId, detail: null, error: null }),
  initial: 'loading',
  states: {
    loading: detailLoad.loading,
    watching: {
      description:
        'A launch, pause, resume or delete is under way: the page shows each platform as it is and checks again every second.',
      initial: 'waiting',
      states: {
        waiting: {
          description: 'Waiting a second before the next check.',
          after: { pollInterval: { target: 'refreshing' } },
        },
        refreshing: {
          description: 'Checking the platforms again; the last known statuses stay on screen.',
          invoke: {
            id: 'refreshDetail',
            src: 'loadDetail',
            input: ({ context }) => ({ campaignId: context.campaignId }),
            onDone: [
              {
                guard: { type: 'isInProgress', params: ({ event }) => event },
                target: 'waiting',
                actions: 'setDetail',
              },
              { target: '#campaignProgress.settled', actions: 'setDetail' },
            ],
            onError: { target: '#campaignProgress.failed', actions: 'setError' },
          },
        },
      },
    },
    settled: {
      description:
        'No job is working on the campaign: every platform shows its outcome (active, paused, rejected, failed or deleted); nothing more to check.',
      on: { 'progress.refresh': { target: 'loading' } },
    },
    failed: detailLoad.failed,
  },
});

export type CampaignProgressMachine = typeof campaignProgressMachine;
